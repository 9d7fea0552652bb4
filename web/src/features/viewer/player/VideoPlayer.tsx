import { HlsPlayer } from './HlsPlayer';
import type { TransportProps } from './types';

export type VideoPlayerProps = TransportProps & { transport?: 'hls' };

/**
 * The one player entry point: renders nothing itself but drives the `<video>` in `videoRef` through a transport.
 * LL-HLS / HLS (`HlsPlayer`) today; a WebSocket/MSE transport can be added here.
 */
export function VideoPlayer({ transport = 'hls', ...props }: VideoPlayerProps) {
  switch (transport) {
    case 'hls':
    default:
      return <HlsPlayer {...props} />;
  }
}
