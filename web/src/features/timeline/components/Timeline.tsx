import { Stack } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { LIVE_EDGE_MS, SEEK_JUMP_MS, SELECTION_START_LEVEL, TIMELINE_LEVELS, TIMELINE_TOTAL_HEIGHT_PX } from '../constants';
import { useAvailability } from '../hooks/useAvailability';
import { useMotionRecap } from '../hooks/useMotionRecap';
import { useTimelineLevel } from '../hooks/useTimelineLevel';
import { useTimelineSelection } from '../hooks/useTimelineSelection';
import type { TimeMode } from '../timeFormat';
import type { TimeWindow } from '../timeScale';
import { TimelineToolbar } from './TimelineToolbar';
import { TimelineTrack } from './TimelineTrack';

export interface TimelineProps {
  networkId: number;
  cameraId: number;
  mode: 'live' | 'history';
  playheadMs: number | null;
  nowMs: number;
  timeZone: string;
  timeMode: TimeMode;
  /** Historical right: availability and motion recap are fetched and clicks seek. */
  canSeek: boolean;
  /** Motion-recap blocks are drawn (the camera's motion_recap_enabled); default true. */
  motionRecap?: boolean;
  /** More marks drawn on the track for the visible window (the camera page's bookmarks, features/bookmarks). */
  marks?: (window: TimeWindow) => ReactNode;
  onSeek: (ms: number) => void;
  onLive: () => void;
}

/** The camera timeline (spec 02 §2 "Timeline"): toolbar above a 48 px track, 64 px in all. */
export function Timeline(props: TimelineProps) {
  const { mode, playheadMs, nowMs } = props;
  const view = useTimelineLevel(nowMs);
  const selection = useTimelineSelection();
  const availability = useAvailability(props.networkId, props.cameraId, view.window, props.canSeek);
  const motionEvents = useMotionRecap(
    props.networkId,
    props.cameraId,
    view.window,
    props.canSeek && props.motionRecap !== false,
  );
  const level = TIMELINE_LEVELS[view.levelIndex];
  const { reveal, follow } = view;

  useEffect(() => {
    if (mode === 'live') follow();
  }, [mode, follow]);
  // Bring the playhead into view after a seek, or when playback runs past the window; a scroll alone stays put.
  const lastPlayhead = useRef<number | null>(null);
  const latestReveal = useRef({ reveal, window: view.window });
  latestReveal.current = { reveal, window: view.window };
  useEffect(() => {
    const previous = lastPlayhead.current;
    lastPlayhead.current = playheadMs;
    if (mode !== 'history' || playheadMs === null) return;
    const { window } = latestReveal.current;
    const wasVisible = previous !== null && previous >= window.startMs && previous <= window.endMs;
    const jumped = previous === null || Math.abs(playheadMs - previous) > SEEK_JUMP_MS;
    if (jumped || wasVisible) latestReveal.current.reveal(playheadMs);
  }, [mode, playheadMs]);

  const pick = (ms: number) => {
    if (ms >= nowMs - LIVE_EDGE_MS) props.onLive();
    else props.onSeek(ms);
  };
  const toggleSelection = () => {
    if (selection.selection) {
      selection.stop();
      return;
    }
    view.setLevelIndex(SELECTION_START_LEVEL);
    selection.start(playheadMs ?? nowMs, nowMs);
  };
  const center = (view.window.startMs + view.window.endMs) / 2;

  return (
    <Stack gap={2} mih={TIMELINE_TOTAL_HEIGHT_PX} data-testid="timeline" style={props.canSeek ? undefined : { opacity: 0.6 }}>
      <TimelineToolbar
        levelIndex={view.levelIndex}
        rightDisabled={mode === 'live' || view.following}
        selecting={selection.selection !== null}
        onScrollLeft={view.scrollLeft}
        onScrollRight={view.scrollRight}
        onLevel={view.setLevelIndex}
        onToggleSelection={toggleSelection}
        onMoveSelectionHere={() => selection.moveHere(center, nowMs)}
      />
      <TimelineTrack
        window={view.window}
        tickMs={level.tickMs}
        nowMs={nowMs}
        playheadMs={playheadMs}
        availability={availability}
        motionEvents={motionEvents}
        marks={props.marks?.(view.window)}
        selection={selection.selection}
        timeZone={props.timeZone}
        timeMode={props.timeMode}
        canSeek={props.canSeek}
        onPick={pick}
        onMoveHandle={(handle, ms) => selection.move(handle, ms, nowMs)}
      />
    </Stack>
  );
}
