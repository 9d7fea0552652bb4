// The smallest honest wall (bench/live_wall.mjs): N tiles, each the portal's own VideoPlayer (the transport the
// browser gets by default: frames where WebCodecs is, like the camera page) on one camera's stream, with the viewer's
// stall watch and offline retry. Query: ?cameras=ID,ID,…&stream=sub|main[&transport=auto|frames|ws|hls][&shard=1].
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Camera } from '../../src/api/types';
import { LIVE_OFFLINE_RETRY_MS } from '../../src/features/viewer/constants';
import { useLiveStallWatch } from '../../src/features/viewer/hooks/useLiveStallWatch';
import { liveUrl } from '../../src/features/viewer/mediaUrls';
import type { StreamName } from '../../src/features/viewer/quality';
import { transportFromQuery, type TransportPreference } from '../../src/features/viewer/player/transportChoice';
import type { PlayerEvent, PlayerHandle, PlayerSource } from '../../src/features/viewer/player/types';
import { VideoPlayer } from '../../src/features/viewer/player/VideoPlayer';
import { type TileRecord, watchTile } from './frameCounter';

interface TileProps {
  camera: Camera;
  stream: StreamName;
  shard: number;
  transport: TransportPreference;
}

function Tile({ camera, stream, shard, transport }: TileProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const handleRef = useRef<PlayerHandle>(null);
  const record = useRef<TileRecord | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [event, setEvent] = useState<PlayerEvent>('attaching');
  const source = useMemo<PlayerSource>(() => ({ mode: 'live', url: liveUrl(camera, stream, shard) }), [camera, stream, shard]);
  const reload = useCallback(() => {
    if (record.current) record.current.restarts += 1;
    setEvent('attaching');
    setReloadKey((key) => key + 1);
  }, []);

  useEffect(() => {
    if (videoRef.current && !record.current) record.current = watchTile(videoRef.current, camera.id);
  }, [camera.id]);
  // As the camera viewer: an offline or failed player is recreated after a pause, a frozen one at once.
  useEffect(() => {
    if (event !== 'offline' && event !== 'error') return;
    const timer = setTimeout(reload, LIVE_OFFLINE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [event, reload]);
  const connecting = event === 'attaching';
  useLiveStallWatch(videoRef, true, false, event === 'offline', () => {
    if (!connecting) reload();
  });

  return (
    <>
      <video ref={videoRef} muted playsInline data-camera-id={camera.id} data-event={event} />
      <VideoPlayer
        key={reloadKey}
        source={source}
        transport={transport}
        muted
        paused={false}
        playbackRate={1}
        videoRef={videoRef}
        handleRef={handleRef}
        onEvent={setEvent}
        onWallTime={() => undefined}
      />
    </>
  );
}

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The cameras named by id, in that order, from the networks the session sees. */
async function loadCameras(shard: number, ids: number[]): Promise<Camera[]> {
  const networks = await apiGet<{ id: number }[]>(`/n${shard}/vision/networks`);
  const all = (await Promise.all(networks.map(({ id }) => apiGet<Camera[]>(`/n${shard}/n/${id}/manage/vision/cameras`)))).flat();
  return ids.map((id) => {
    const camera = all.find((candidate) => candidate.id === id);
    if (!camera) throw new Error(`camera ${id} is not among the session's cameras`);
    return camera;
  });
}

function Wall({ cameras, stream, shard, transport }: { cameras: Camera[] } & Omit<TileProps, 'camera'>) {
  return cameras.map((camera, index) => (
    <Tile key={`${index}-${camera.id}`} camera={camera} stream={stream} shard={shard} transport={transport} />
  ));
}

const params = new URLSearchParams(window.location.search);
const ids = (params.get('cameras') ?? '').split(',').filter(Boolean).map(Number);
const stream: StreamName = params.get('stream') === 'main' ? 'main' : 'sub';
const shard = Number(params.get('shard') ?? 1);
const wall = document.getElementById('wall')!;
const columns = Math.ceil(Math.sqrt(Math.max(1, ids.length)));
wall.style.gridTemplateColumns = `repeat(${columns}, 1fr)`;
wall.style.gridTemplateRows = `repeat(${Math.ceil(ids.length / columns)}, 1fr)`;
loadCameras(shard, ids).then(
  (cameras) => {
    createRoot(wall).render(<Wall cameras={cameras} stream={stream} shard={shard} transport={transportFromQuery(params)} />);
  },
  (error: unknown) => {
    wall.textContent = String(error);
    wall.dataset.error = String(error);
  },
);
