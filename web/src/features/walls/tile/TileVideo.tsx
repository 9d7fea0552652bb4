import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { useAppSelector } from '../../../app/hooks';
import { VideoPlayer, type PlayerEvent, type PlayerHandle, type PlayerSource } from '../../viewer';
import { unplayableCodec } from '../../viewer/codecSupport';
import { useLiveStallWatch } from '../../viewer/hooks/useLiveStallWatch';
import { liveUrl } from '../../viewer/mediaUrls';
import { useTransportParam } from '../../viewer/player/useTransportParam';
import type { StreamName } from '../../viewer/quality';
import { DewarpCanvas, type DewarpView, type Mount } from '../../dewarp';
import { TILE_OFFLINE_RETRY_MS } from './constants';

export type TileVideoStatus = 'loading' | 'playing' | 'offline' | 'error';

const VIDEO_STYLE = { width: '100%', height: '100%', objectFit: 'contain', display: 'block', background: '#000' } as const;
const COVER = { position: 'absolute', inset: 0, pointerEvents: 'none' } as const;

/**
 * Which live stream a tile plays: the sub-stream in the grid where the camera has one, the main one when peeked.
 * `forced` ('main' from `?stream=main` on the wall page, for diagnostics and bench/wall_page.mjs) plays main streams
 * in the grid too.
 */
export function tileStream(camera: Camera, peeked: boolean, forced: StreamName | null = null): StreamName {
  if (forced === 'main') return 'main';
  return !peeked && camera.channel.local_lan_livestream_path ? 'sub' : 'main';
}

/** `?stream=main` on the wall page: every tile on its main stream (diagnostics, the wall benchmark). */
export function useForcedStreamParam(): StreamName | null {
  const [params] = useSearchParams();
  return params.get('stream') === 'main' ? 'main' : null;
}

/** A fisheye tile's dewarped view: drawn over the (still playing) video; drag, wheel and keys change it. */
export interface TileDewarp {
  view: DewarpView;
  mount: Mount;
  onViewChange: (view: DewarpView) => void;
}

export interface TileVideoProps {
  camera: Camera;
  stream: StreamName;
  /** The imager of a multi-imager camera the tile shows (the tile's `imager_id`); null or 0: imager 0, the channel's. */
  imagerId?: number | null;
  dewarp?: TileDewarp;
}

/**
 * The live, muted picture of one tile, with a spinner until the first frame and the error state. A stream the server
 * reports offline shows 'Offline' and is tried again every 3 s; a frozen one is recreated (the camera page's stall watch).
 * With `dewarp` the picture is the fisheye's dewarped view (features/dewarp), drawn over the video.
 */
export function TileVideo({ camera, stream, imagerId, dewarp }: TileVideoProps) {
  const { t } = useTranslation('walls');
  const shardId = useAppSelector((state) => state.app.shardId);
  const transport = useTransportParam();
  const videoRef = useRef<HTMLVideoElement>(null);
  const handleRef = useRef<PlayerHandle>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [status, setStatus] = useState<TileVideoStatus>('loading');
  const source = useMemo<PlayerSource>(
    () => ({ mode: 'live', url: liveUrl(camera, stream, shardId, imagerId) }),
    [camera, stream, shardId, imagerId],
  );
  const unsupported = useMemo(() => unplayableCodec(camera, stream) !== null, [camera, stream]);

  const reload = useCallback(() => {
    setStatus('loading');
    setReloadKey((key) => key + 1);
  }, []);
  useEffect(() => setStatus('loading'), [source.url]);
  useEffect(() => {
    if (status !== 'offline') return;
    const timer = setTimeout(reload, TILE_OFFLINE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [status, reload]);
  const reconnect = useCallback(() => {
    if (status !== 'loading') setReloadKey((key) => key + 1);
  }, [status]);
  useLiveStallWatch(videoRef, !unsupported && status !== 'error', false, status === 'offline', reconnect);

  const onEvent = (event: PlayerEvent) => {
    if (event === 'playing') setStatus('playing');
    else if (event === 'error') setStatus('error');
    else if (event === 'offline') setStatus('offline');
  };
  const shown: TileVideoStatus = unsupported ? 'error' : status;

  return (
    <>
      <video
        ref={videoRef}
        data-testid="wall-tile-video"
        data-status={shown}
        muted
        autoPlay
        playsInline
        poster={camera.channel.snapshot_url ?? undefined}
        style={VIDEO_STYLE}
      />
      {dewarp && !unsupported && (
        <DewarpCanvas
          videoRef={videoRef}
          view={dewarp.view}
          mount={dewarp.mount}
          onViewChange={dewarp.onViewChange}
          label={t('dewarped-view-of', { ns: 'dewarp', name: camera.name })}
        />
      )}
      {!unsupported && (
        <VideoPlayer
          key={`${source.url}#${reloadKey}`}
          source={source}
          transport={transport}
          muted
          paused={false}
          playbackRate={1}
          videoRef={videoRef}
          handleRef={handleRef}
          onEvent={onEvent}
          onWallTime={() => undefined}
        />
      )}
      {shown === 'loading' && (
        <Center style={COVER} role="status" aria-label={t('loading-video')}>
          <Loader size="sm" color="gray.3" />
        </Center>
      )}
      {shown === 'offline' && (
        <Center style={{ ...COVER, background: 'rgba(0,0,0,0.55)' }}>
          <Text c="gray.3" fw={500}>
            {t('offline')}
          </Text>
        </Center>
      )}
      {shown === 'error' && (
        <Center style={{ ...COVER, background: 'rgba(0,0,0,0.7)', pointerEvents: 'auto' }}>
          <Stack align="center" gap={6} p="xs">
            <Text c="red.3" size="sm" ta="center">
              {t('video-error')}
            </Text>
            {!unsupported && (
              <Button size="compact-xs" variant="default" onClick={reload}>
                {t('retry')}
              </Button>
            )}
          </Stack>
        </Center>
      )}
    </>
  );
}
