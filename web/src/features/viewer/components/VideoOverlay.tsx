import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RECENT_VIDEO_MS } from '../constants';
import type { VideoStatus } from '../hooks/useVideoStatus';
import type { FileRecord } from '../viewerApi';
import { StatusOverlay } from './StatusOverlay';
import { VideoGap } from './VideoGap';

export interface VideoOverlayProps {
  permitted: boolean;
  /** Live view of an offline camera: why ('Connection refused since 14:02'), else null. */
  offlineMessage: string | null;
  /** Live media stopped flowing: 'Reconnecting…' over the last frame while the player reconnects. */
  stalled: boolean;
  /** Live: the camera has no video source configured (no live path in its channel). */
  noSource: boolean;
  /** The stream's codec cannot be played by this browser (H.265 without decoder support). */
  unsupportedCodec: boolean;
  gap: FileRecord | null;
  status: VideoStatus;
  /** History: the time the source was opened at. */
  seekMs: number | null;
  nowMs: number;
  onReload: () => void;
  onJump: (ms: number) => void;
}

/** Picks the one message to show over the video (spec 02 §4 video core states), or none while playing. */
export function VideoOverlay(props: VideoOverlayProps) {
  const { t } = useTranslation('viewer');
  if (!props.permitted) return <StatusOverlay message={t('video-permission-error')} />;
  if (props.offlineMessage) return <StatusOverlay message={props.offlineMessage} />;
  if (props.noSource) return <StatusOverlay message={t('no-video-source')} />;
  if (props.unsupportedCodec) {
    return (
      <StatusOverlay message={t('codec-not-supported')}>
        <Text size="sm" c="gray.3" ta="center">
          {t('codec-not-supported-hint')}
        </Text>
      </StatusOverlay>
    );
  }
  if (props.gap) return <VideoGap record={props.gap} onJump={props.onJump} />;
  if (props.stalled) return <StatusOverlay spinner message={t('reconnecting')} />;
  switch (props.status) {
    case 'error':
      return <StatusOverlay message={t('video-error')} action={{ label: t('reload'), onClick: props.onReload }} />;
    case 'offline':
      return <StatusOverlay message={t('offline')} />;
    case 'no-video': {
      const recent = props.seekMs !== null && props.nowMs - props.seekMs < RECENT_VIDEO_MS;
      return <StatusOverlay message={recent ? t('recent-video-not-available') : t('no-video-available')} />;
    }
    case 'uninitialized':
      return <StatusOverlay spinner message={t('initializing-player')} />;
    case 'initializing':
      return <StatusOverlay spinner message={t('connecting-to-camera')} />;
    case 'waiting':
      return <StatusOverlay spinner message={t('fetching-metadata')} />;
    default:
      return null;
  }
}
