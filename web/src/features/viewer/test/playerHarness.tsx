import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import type { TransportPreference } from '../player/transportChoice';
import type { PlayerEvent, PlayerHandle, PlayerSource } from '../player/types';
import { VideoPlayer } from '../player/VideoPlayer';

/** The live playlist of camera 2's main stream (the transports derive their socket URLs from it). */
export const LIVE: PlayerSource = { mode: 'live', url: '/n1/cameras/2/live/main/index.m3u8' };

/** What the player reported. */
export interface PlayerCalls {
  events: PlayerEvent[];
  wallTimes: number[];
  offline: unknown[];
}

export interface HarnessOptions {
  source?: PlayerSource;
  transport?: TransportPreference;
  paused?: boolean;
  muted?: boolean;
  streamHasAudio?: boolean;
}

function Harness(props: HarnessOptions & { calls: PlayerCalls }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const handleRef = useRef<PlayerHandle>(null);
  return (
    <>
      <video ref={videoRef} data-testid="video" />
      <VideoPlayer
        source={props.source ?? LIVE}
        transport={props.transport}
        streamHasAudio={props.streamHasAudio}
        muted={props.muted ?? true}
        paused={props.paused ?? false}
        playbackRate={1}
        videoRef={videoRef}
        handleRef={handleRef}
        onEvent={(event) => props.calls.events.push(event)}
        onWallTime={(ms) => props.calls.wallTimes.push(ms)}
        onOffline={(state) => props.calls.offline.push(state)}
      />
    </>
  );
}

/** Renders a VideoPlayer on a `<video>`; `rerender` changes the options it was given. */
export function renderPlayer(options: HarnessOptions = {}) {
  const calls: PlayerCalls = { events: [], wallTimes: [], offline: [] };
  const rendered = render(<Harness {...options} calls={calls} />);
  return {
    calls,
    rerender: (changes: HarnessOptions) => rendered.rerender(<Harness {...options} {...changes} calls={calls} />),
    unmount: rendered.unmount,
  };
}

export const video = () => screen.getByTestId('video') as HTMLVideoElement;
