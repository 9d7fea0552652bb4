import { Center, Stack, Text } from '@mantine/core';
import { type CSSProperties, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { type PlayerEvent, type PlayerHandle, type PlayerSource, VideoPlayer } from '../../viewer';
import { historyUrl } from '../../viewer/mediaUrls';
import { ClipControls } from './ClipControls';

const VIDEO_BOX: CSSProperties = {
  position: 'relative',
  aspectRatio: '16 / 9',
  background: '#000',
  borderRadius: 4,
  overflow: 'hidden',
};

export interface ClipPlayerProps {
  cameraId: number;
  startMs: number;
  endMs: number;
}

/**
 * Plays the recorded video of [startMs, endMs] (a history VOD playlist of that range) through VideoPlayer, from
 * startMs and stopping at endMs. The playlist holds whole recorded fragments, so its media starts before and ends after
 * the clip: the position and length shown (ClipControls) are the clip's, not the browser's controls' of the media.
 */
export function ClipPlayer({ cameraId, startMs, endMs }: ClipPlayerProps) {
  const { t } = useTranslation('motionSearch');
  const shardId = useAppSelector((state) => state.app.shardId);
  const videoRef = useRef<HTMLVideoElement>(null);
  const handleRef = useRef<PlayerHandle>(null);
  const [failed, setFailed] = useState(false);
  const [paused, setPaused] = useState(false);
  const [positionMs, setPositionMs] = useState(0);
  const durationMs = Math.max(0, endMs - startMs);
  const source = useMemo<PlayerSource>(
    () => ({ mode: 'history', url: historyUrl(cameraId, 'main', shardId, startMs, endMs), seekMs: startMs }),
    [cameraId, shardId, startMs, endMs],
  );
  const onEvent = (event: PlayerEvent) => {
    if (event === 'error' || event === 'no-video') setFailed(true);
    else if (event === 'attaching' || event === 'playing') setFailed(false);
    if (event === 'ended') {
      setPositionMs(durationMs);
      setPaused(true);
    }
  };
  const onWallTime = (ms: number) => {
    setPositionMs(Math.min(durationMs, Math.max(0, ms - startMs)));
    if (ms >= endMs) setPaused(true);
  };
  const seek = (clipMs: number) => {
    if (handleRef.current?.seekWall(startMs + clipMs)) setPositionMs(clipMs);
  };
  const togglePlay = () => {
    // At the end, playing again starts the clip over.
    if (paused && positionMs >= durationMs) seek(0);
    setPaused(!paused);
  };
  return (
    <Stack gap={4}>
      <div style={VIDEO_BOX}>
        <video
          ref={videoRef}
          data-testid="motion-clip-video"
          playsInline
          muted
          style={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
        <VideoPlayer
          source={source}
          muted
          paused={paused}
          playbackRate={1}
          videoRef={videoRef}
          handleRef={handleRef}
          onEvent={onEvent}
          onWallTime={onWallTime}
        />
        {failed && (
          <Center style={{ position: 'absolute', inset: 0 }}>
            <Text c="white">{t('clip-error')}</Text>
          </Center>
        )}
      </div>
      <ClipControls
        positionMs={positionMs}
        durationMs={durationMs}
        paused={paused}
        disabled={failed}
        onTogglePlay={togglePlay}
        onSeek={seek}
      />
    </Stack>
  );
}
