import { useEffect, useRef } from 'react';
import type Hls from 'hls.js';
import { mediaToWallMs, type TimedFragment, timedFragments, wallToMediaS } from '../programDateTime';
import { HISTORY_HLS_CONFIG, LIVE_HLS_CONFIG } from './hlsConfig';
import { HlsLiveLatency } from './hlsLiveLatency';
import type { PlayerEvent, TransportProps } from './types';
import { useMediaElementEvents } from './useMediaElementEvents';

const HLS_MIME = 'application/vnd.apple.mpegurl';

let hlsModule: Promise<typeof import('hls.js')> | null = null;

/** hls.js is a separate chunk, fetched once when the first player starts. */
function loadHls(): Promise<typeof import('hls.js')> {
  hlsModule ??= import('hls.js').catch((error: unknown) => {
    hlsModule = null;
    throw error;
  });
  return hlsModule;
}

/**
 * LL-HLS live and HLS history through hls.js (loaded on demand); Safari's native HLS when MSE is missing.
 * Wall-clock time comes from EXT-X-PROGRAM-DATE-TIME (`frag.programDateTime`, or `getStartDate()` natively). Live
 * through hls.js is kept near the newest part by HlsLiveLatency.
 */
export function HlsPlayer(props: TransportProps) {
  const { source, videoRef, handleRef } = props;
  const fragments = useRef<TimedFragment[]>([]);
  const hlsRef = useRef<Hls | null>(null);
  const nativeStartMs = useRef<number | null>(null);

  const wallTime = (): number | null => {
    const video = videoRef.current;
    if (!video) return null;
    const fromFragments = mediaToWallMs(fragments.current, video.currentTime);
    if (fromFragments !== null) return fromFragments;
    const playing = hlsRef.current?.playingDate;
    if (playing) return playing.getTime();
    if (nativeStartMs.current !== null) return nativeStartMs.current + video.currentTime * 1000;
    return source.mode === 'live' ? Date.now() : null;
  };
  const latest = useRef({ onEvent: props.onEvent, onTime: () => undefined as void, paused: props.paused });
  latest.current = {
    paused: props.paused,
    onEvent: props.onEvent,
    onTime: () => {
      const ms = wallTime();
      if (ms !== null) props.onWallTime(ms);
    },
  };
  useMediaElementEvents(videoRef, props, latest);

  handleRef.current = {
    seekWall: (ms) => {
      const video = videoRef.current;
      if (!video || source.mode !== 'history') return false;
      const mediaS =
        fragments.current.length > 0
          ? wallToMediaS(fragments.current, ms)
          : nativeStartMs.current !== null
            ? (ms - nativeStartMs.current) / 1000
            : null;
      if (mediaS === null || mediaS < 0 || (Number.isFinite(video.duration) && mediaS > video.duration)) return false;
      video.currentTime = mediaS;
      return true;
    },
  };

  const seekMs = source.mode === 'history' ? source.seekMs : null;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const report = (event: PlayerEvent) => latest.current.onEvent(event);
    let cancelled = false;
    let hls: Hls | null = null;
    let latency: HlsLiveLatency | null = null;
    fragments.current = [];
    nativeStartMs.current = null;
    report('attaching');

    const seekToStart = (mediaS: number | null) => {
      if (seekMs !== null && mediaS !== null) video.currentTime = Math.max(0, mediaS);
    };

    loadHls()
      .then(({ default: HlsClass }) => {
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          if (!video.canPlayType(HLS_MIME)) return report('error');
          video.addEventListener(
            'loadedmetadata',
            () => {
              const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
              if (start && Number.isFinite(start.getTime())) nativeStartMs.current = start.getTime();
              if (seekMs !== null && nativeStartMs.current !== null) seekToStart((seekMs - nativeStartMs.current) / 1000);
            },
            { once: true },
          );
          video.src = source.url;
          return;
        }
        hls = new HlsClass(source.mode === 'live' ? LIVE_HLS_CONFIG : HISTORY_HLS_CONFIG);
        hlsRef.current = hls;
        if (source.mode === 'live') latency = new HlsLiveLatency(hls, HlsClass.Events, video, () => latest.current.paused);
        let positioned = false;
        hls.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => {
          fragments.current = timedFragments(data.details.fragments);
          if (!positioned && seekMs !== null) {
            positioned = true;
            seekToStart(wallToMediaS(fragments.current, seekMs) ?? fragments.current[0]?.startS ?? 0);
          }
        });
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          const status = data.response?.code;
          if (status === 404 && source.mode === 'history') report('no-video');
          else if (status === 503 && source.mode === 'live') report('offline');
          else report('error');
        });
        hls.attachMedia(video);
        hls.loadSource(source.url);
      })
      .catch(() => report('error'));

    return () => {
      cancelled = true;
      latency?.close();
      hls?.destroy();
      hlsRef.current = null;
      if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [videoRef, source.url, source.mode, seekMs]);

  return null;
}
