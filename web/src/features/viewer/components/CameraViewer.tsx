import { Stack } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { type ReactNode, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { useAppSelector } from '../../../app/hooks';
import { useCurrentNetwork } from '../../auth/hooks';
import { useTimelineAccessEvents } from '../../access-control/timeline/timelineAccessEvents';
import { useTimelineBookmarks } from '../../bookmarks/timeline/timelineBookmarks';
import { cameraDisplayName, isCameraOnline } from '../../cameras/cameraModel';
import { useOfflineText } from '../../cameras/hooks/useOfflineText';
import { cameraOfflineState, type OfflineState } from '../../cameras/offlineReason';
import { LazyDewarpCanvas, LazyDewarpViewSelector } from '../../dewarp/lazy';
import { DEWARP_ASPECT } from '../../dewarp/views';
import { usePreference, useSetPreference } from '../../preferences';
import { formatDateTime, resolveTimeZone, Timeline, useNow } from '../../timeline';
import type { TimeWindow } from '../../timeline/timeScale';
import { unplayableCodec } from '../codecSupport';
import { HISTORY_AFTER_MS, HISTORY_BEFORE_MS, MIN_STAGE_HEIGHT_PX, SECONDARY_UI_DELAY_MS } from '../constants';
import { LazyObjectDetectionsOverlay } from '../detections/lazy';
import { useAutoHide } from '../hooks/useAutoHide';
import { useBootPreviewHandover } from '../hooks/useBootPreviewHandover';
import { useDigitalZoom } from '../hooks/useDigitalZoom';
import { useFullscreen } from '../hooks/useFullscreen';
import { useKeyboardShortcuts } from '../hooks/useKeyboardShortcuts';
import { useLiveStallWatch } from '../hooks/useLiveStallWatch';
import { useMediaAspect } from '../hooks/useMediaAspect';
import { useMediaHasAudio } from '../hooks/useMediaHasAudio';
import { useOfflineRetry } from '../hooks/useOfflineRetry';
import { usePlaybackState } from '../hooks/usePlaybackState';
import { useScreenshot } from '../hooks/useScreenshot';
import { useLiveStreams } from '../hooks/useLiveStreams';
import { useTheaterMode } from '../hooks/useTheaterMode';
import { useTsParam } from '../hooks/useTsParam';
import { useVideoStatus, type VideoStatus } from '../hooks/useVideoStatus';
import { useViewerDewarp } from '../hooks/useViewerDewarp';
import { useViewerSeek } from '../hooks/useViewerSeek';
import { historyUrl, liveUrl } from '../mediaUrls';
import type { PlayerEvent, PlayerHandle, PlayerSource } from '../player/types';
import { useTransportParam } from '../player/useTransportParam';
import { VideoPlayer } from '../player/VideoPlayer';
import { qualityOptions, streamForQuality } from '../quality';
import { useGetFileRecordQuery } from '../viewerApi';
import { PlayerControls } from './PlayerControls';
import { VideoOverlay } from './VideoOverlay';
import { VideoStage } from './VideoStage';

type TimelineMarks = ((window: TimeWindow) => ReactNode) | undefined;

/**
 * True once the video's start is over (its first frame, or a state that ends the wait: error, offline, no video) and
 * SECONDARY_UI_DELAY_MS more have passed: secondary parts of the page (door-event marks) load then, never competing
 * with the first frame for the network or the main thread.
 */
function useStartSettled(status: VideoStatus): boolean {
  const [settled, setSettled] = useState(false);
  const [started, setStarted] = useState(false); // latched: a reconnect later does not restart the wait
  if (!started && status !== 'uninitialized' && status !== 'initializing') setStarted(true);
  useEffect(() => {
    if (settled || !started) return;
    const timer = setTimeout(() => setSettled(true), SECONDARY_UI_DELAY_MS);
    return () => clearTimeout(timer);
  }, [settled, started]);
  return settled;
}

/** The timeline's marks of the camera page: its bookmarks and its door events, either, both or none. */
function joinMarks(first: TimelineMarks, second: TimelineMarks): TimelineMarks {
  if (!first || !second) return first ?? second;
  return (window) => (
    <>
      {first(window)}
      {second(window)}
    </>
  );
}

/** Theater mode covers the page (header, side panel) below Mantine's dropdowns (z-index 300), which stay usable. */
const THEATER_STYLE = { position: 'fixed', inset: 0, zIndex: 250 } as const;
/**
 * The stage's box takes the height the controls and the timeline leave and centres the video in it at its aspect
 * ratio: in theater / fullscreen the viewport's, on the camera page the page's (no empty space under the timeline).
 */
const STAGE_BOX = {
  flex: 1,
  minHeight: MIN_STAGE_HEIGHT_PX,
  background: '#000',
  containerType: 'size',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

export interface CameraViewerProps {
  camera: Camera;
  /** Kept up to date with the recorded video's time shown (null when live), for the page header's bookmark action. */
  playheadRef?: RefObject<number | null>;
}

/** The single-camera viewer: video with status, zoom and controls, and the timeline (spec 02 §2, §4). */
export function CameraViewer({ camera, playheadRef }: CameraViewerProps) {
  const { t } = useTranslation('viewer');
  const shardId = useAppSelector((state) => state.app.shardId);
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  const showDetections = usePreference('showDetectedObjects');
  const setPreference = useSetPreference();
  const nowMs = useNow();
  const [playback, actions] = usePlaybackState();
  const [playheadMs, setPlayheadMs] = useState<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const handleRef = useRef<PlayerHandle>(null);
  const { ref: sizeRef, width, height: stageHeight } = useElementSize();
  const stageBoxRef = useRef<HTMLDivElement>(null);
  const stageRefs = useMergedRef(sizeRef, stageBoxRef);
  // A fisheye's dewarped picture zooms and pans itself: the digital zoom is off (back to 1x) meanwhile.
  const dewarp = useViewerDewarp(camera);
  const zoom = useDigitalZoom(areaRef, !dewarp.active);
  const [theater, toggleTheater] = useTheaterMode();
  const mediaAspect = useMediaAspect(videoRef);
  const [fullscreen, toggleFullscreen] = useFullscreen(containerRef);
  const controls = useAutoHide(theater || fullscreen);

  const canLive = camera.permissions?.live !== false;
  const canHistory = camera.permissions?.historical !== false;
  const live = playback.mode === 'live';
  const permitted = live ? canLive : canHistory;
  const offline = live && !isCameraOnline(camera);
  const noSource = live && !camera.channel.cloud_proxy_livestream_path;
  const stream = streamForQuality(playback.quality, camera, width);
  const unsupportedCodec = useMemo(() => unplayableCodec(camera, stream) !== null, [camera, stream]);
  const { seekMs } = playback;
  const liveStreams = useLiveStreams(camera, shardId);
  const liveStreamHasAudio = live && liveStreams.audio[stream] === true;

  const source = useMemo<PlayerSource>(() => {
    if (seekMs === null) return { mode: 'live', url: liveUrl(camera, stream, shardId) };
    const endMs = Math.min(Date.now(), seekMs + HISTORY_AFTER_MS);
    return { mode: 'history', url: historyUrl(camera.id, stream, shardId, seekMs - HISTORY_BEFORE_MS, endMs), seekMs };
  }, [camera, stream, shardId, seekMs]);
  const sourceKey = `${source.url}#${playback.reloadKey}`;
  const [status, onStatusEvent] = useVideoStatus(sourceKey);
  // On the frames transport (video only) the element has no sound, but the stream does: offer it (unmuting switches).
  const hasAudio = useMediaHasAudio(videoRef, sourceKey) || liveStreamHasAudio;
  useEffect(() => {
    if (videoRef.current) videoRef.current.volume = playback.volume;
  }, [playback.volume, sourceKey]);
  // What the live feed last said about an offline camera; kept across the player's retries until media plays again.
  const [streamOffline, setStreamOffline] = useState<OfflineState | null>(null);
  useOfflineRetry(status, live, actions.reload);
  const fileRecord = useGetFileRecordQuery(
    { cameraId: camera.id, tsMs: seekMs ?? 0 },
    { skip: seekMs === null || !canHistory },
  );
  const gap = !live && fileRecord.data?.video_status === 'no_video' ? fileRecord.data : null;

  const seek = useCallback(
    (ms: number) => {
      setPlayheadMs(Math.min(ms, Date.now()));
      actions.seek(ms);
    },
    [actions],
  );
  const goLive = useCallback(() => {
    setPlayheadMs(null);
    actions.goLive();
  }, [actions]);
  const seekBy = useViewerSeek(playback, actions, handleRef, playheadMs, setPlayheadMs);
  useEffect(() => {
    if (playheadRef) playheadRef.current = live ? null : playheadMs;
  }, [playheadRef, live, playheadMs]);
  const startSettled = useStartSettled(status);
  const bookmarkMarks = useTimelineBookmarks(camera, timeZone, timeMode, seek, startSettled);
  const accessMarks = useTimelineAccessEvents(camera, timeZone, timeMode, seek, startSettled);
  const timelineMarks = joinMarks(bookmarkMarks, accessMarks);
  const onEvent = (event: PlayerEvent) => {
    if (event === 'ended' && !live && playheadMs !== null) seek(playheadMs + 100);
    else {
      if (event === 'playing') setStreamOffline(null);
      onStatusEvent(event);
    }
  };
  useTsParam(seek);
  const transport = useTransportParam();
  useKeyboardShortcuts((action) => {
    if (action.type === 'toggle-play') actions.togglePlay();
    else if (action.type === 'toggle-mute') {
      if (hasAudio) actions.toggleMute();
    }
    else if (action.type === 'speed') actions.setSpeed(action.speed);
    else if (canHistory) seekBy(action.deltaMs, action.frame);
  });

  const name = cameraDisplayName(camera);
  const bandText = useCallback((ms: number) => `${name}  ${formatDateTime(ms, timeZone, timeMode)}`, [name, timeZone, timeMode]);
  const frameTime = useCallback(() => playheadMs ?? Date.now(), [playheadMs]);
  const channelId = camera.channel.id;
  const screenshotLog = useMemo(() => ({ networkId: camera.network_id, channelIds: [channelId] }), [camera.network_id, channelId]);
  const [screenshotState, takeScreenshot] = useScreenshot(videoRef, name, timeZone, bandText, frameTime, screenshotLog);
  const showPlayer = permitted && !offline && !noSource && !unsupportedCodec && !gap;
  // A player still connecting is left to its own time limits; one that failed or froze is recreated.
  const connecting = status === 'uninitialized' || status === 'initializing';
  const reconnect = useCallback(() => {
    if (!connecting) actions.reload();
  }, [connecting, actions]);
  const stalled = useLiveStallWatch(videoRef, live && showPlayer, playback.paused, status === 'offline', reconnect);
  const offlineTextOf = useOfflineText();
  const UNKNOWN_OFFLINE: OfflineState = { reason: null, sinceMs: null };
  const feedOffline = live && (streamOffline !== null || status === 'offline') ? (streamOffline ?? UNKNOWN_OFFLINE) : null;
  const liveOfflineState = offline ? cameraOfflineState(camera) : feedOffline;
  const offlineMessage = liveOfflineState ? offlineTextOf(liveOfflineState) : null;
  const immersive = theater || fullscreen;
  useBootPreviewHandover(videoRef, stageBoxRef, status, showPlayer, { immersive, width, height: stageHeight });
  // Zoomed out past the widest dewarped view: the raw picture again; keyboard focus (on the view) goes to the toggle.
  const exitDewarp = dewarp.exit;
  const onZoomOutPastMax = useCallback(() => {
    const hadFocus = !!areaRef.current && areaRef.current.contains(document.activeElement);
    exitDewarp();
    if (hadFocus) containerRef.current?.querySelector<HTMLElement>('[data-testid="viewer-dewarp-toggle"]')?.focus();
  }, [exitDewarp]);

  return (
    <Stack
      ref={containerRef}
      gap={0}
      maw={immersive ? undefined : 1280}
      w="100%"
      onMouseMove={controls.poke}
      data-testid="camera-viewer"
      data-theater={theater}
      bg={immersive ? 'black' : undefined}
      style={{
        ...(theater ? THEATER_STYLE : null),
        flex: 1,
        minHeight: 0,
        borderRadius: immersive ? 0 : 8,
        overflow: 'hidden',
        cursor: controls.visible ? undefined : 'none',
      }}
    >
      <div ref={stageRefs} style={STAGE_BOX}>
        <VideoStage
          fillAspect={dewarp.active ? DEWARP_ASPECT : mediaAspect}
          areaRef={areaRef}
          videoRef={videoRef}
          zoom={zoom}
          poster={live ? (camera.channel.snapshot_url ?? undefined) : undefined}
          overlay={
            <VideoOverlay
              permitted={permitted}
              offlineMessage={offlineMessage}
              stalled={stalled}
              noSource={noSource}
              unsupportedCodec={unsupportedCodec}
              gap={gap}
              status={status}
              seekMs={seekMs}
              nowMs={nowMs}
              onReload={actions.reload}
              onJump={seek}
            />
          }
        >
          {showPlayer && (
            <VideoPlayer
              key={playback.reloadKey}
              source={source}
              transport={transport}
              streamHasAudio={liveStreamHasAudio}
              muted={playback.muted}
              paused={playback.paused}
              playbackRate={live ? 1 : playback.speed}
              videoRef={videoRef}
              handleRef={handleRef}
              onEvent={onEvent}
              onWallTime={setPlayheadMs}
              onOffline={setStreamOffline}
            />
          )}
          {showPlayer && !live && showDetections && !dewarp.active && (
            <Suspense fallback={null}>
              <LazyObjectDetectionsOverlay
                cameraId={camera.id}
                fisheye={dewarp.fisheye}
                videoRef={videoRef}
                zoom={zoom.zoom}
                playheadMs={playheadMs}
              />
            </Suspense>
          )}
          {showPlayer && dewarp.active && (
            <Suspense fallback={null}>
              <LazyDewarpCanvas
                videoRef={videoRef}
                view={dewarp.view}
                mount={dewarp.mount}
                onViewChange={dewarp.setView}
                onZoomOutPastMax={onZoomOutPastMax}
                label={t('dewarped-view-of', { name })}
              />
            </Suspense>
          )}
        </VideoStage>
      </div>
      {controls.visible && (
        <PlayerControls
          live={live}
          paused={playback.paused}
          muted={playback.muted}
          hasAudio={hasAudio}
          volume={playback.volume}
          speed={playback.speed}
          quality={playback.quality}
          qualityOptions={qualityOptions(liveStreams.heights)}
          theater={theater}
          fullscreen={fullscreen}
          zoomScale={zoom.zoom.scale}
          timeLabel={playheadMs !== null ? formatDateTime(playheadMs, timeZone, timeMode) : null}
          screenshotBusy={screenshotState === 'saving'}
          onTogglePlay={actions.togglePlay}
          onSeekBy={(delta) => seekBy(delta, Math.abs(delta) < 1000)}
          onSpeed={actions.setSpeed}
          onLive={goLive}
          offlineMessage={offlineMessage}
          canHistory={canHistory}
          onToggleMute={actions.toggleMute}
          onVolume={actions.setVolume}
          onScreenshot={() => void takeScreenshot()}
          onToggleTheater={toggleTheater}
          onToggleFullscreen={toggleFullscreen}
          onQuality={actions.setQuality}
          showDetections={showDetections}
          onToggleDetections={() => setPreference('showDetectedObjects', !showDetections)}
          onZoom={zoom.setScale}
          dewarp={
            dewarp.fisheye
              ? { active: dewarp.active, onToggle: dewarp.toggle, onChooseView: dewarp.openSelector }
              : null
          }
        />
      )}
      {controls.visible && (
        <Timeline
          networkId={camera.network_id}
          cameraId={camera.id}
          mode={playback.mode}
          playheadMs={live ? null : playheadMs}
          nowMs={nowMs}
          timeZone={timeZone}
          timeMode={timeMode}
          canSeek={canHistory}
          motionRecap={camera.config.motion_recap_enabled !== false}
          marks={timelineMarks}
          onSeek={seek}
          onLive={goLive}
        />
      )}
      {dewarp.fisheye && dewarp.selectorOpened && (
        <Suspense fallback={null}>
          <LazyDewarpViewSelector
            opened
            onClose={dewarp.closeSelector}
            cameraId={camera.id}
            cameraName={name}
            mount={dewarp.mount}
            current={dewarp.current}
            onSelect={dewarp.select}
            context="camera"
            withinPortal={false}
          />
        </Suspense>
      )}
    </Stack>
  );
}
