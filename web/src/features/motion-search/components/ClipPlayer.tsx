import { Center, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { type PlayerEvent, type PlayerHandle, type PlayerSource, VideoPlayer } from '../../viewer';
import { historyUrl } from '../../viewer/mediaUrls';

export interface ClipPlayerProps {
  cameraId: number;
  startMs: number;
  endMs: number;
}

/** Plays the recorded video of exactly [startMs, endMs] (a history VOD playlist of that range) through VideoPlayer. */
export function ClipPlayer({ cameraId, startMs, endMs }: ClipPlayerProps) {
  const { t } = useTranslation('motionSearch');
  const shardId = useAppSelector((state) => state.app.shardId);
  const videoRef = useRef<HTMLVideoElement>(null);
  const handleRef = useRef<PlayerHandle>(null);
  const [failed, setFailed] = useState(false);
  const source = useMemo<PlayerSource>(
    () => ({ mode: 'history', url: historyUrl(cameraId, 'main', shardId, startMs, endMs), seekMs: startMs }),
    [cameraId, shardId, startMs, endMs],
  );
  const onEvent = (event: PlayerEvent) => {
    if (event === 'error' || event === 'no-video') setFailed(true);
    else if (event === 'attaching' || event === 'playing') setFailed(false);
  };
  return (
    <div style={{ position: 'relative', aspectRatio: '16 / 9', background: '#000', borderRadius: 4, overflow: 'hidden' }}>
      <video
        ref={videoRef}
        data-testid="motion-clip-video"
        playsInline
        muted
        controls
        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
      <VideoPlayer
        source={source}
        muted
        paused={false}
        playbackRate={1}
        videoRef={videoRef}
        handleRef={handleRef}
        onEvent={onEvent}
        onWallTime={() => undefined}
      />
      {failed && (
        <Center style={{ position: 'absolute', inset: 0 }}>
          <Text c="white">{t('clip-error')}</Text>
        </Center>
      )}
    </div>
  );
}
