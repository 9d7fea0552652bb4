import { ActionIcon, Button, Group, Slider, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCamera,
  IconMaximize,
  IconMinimize,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerTrackNext,
  IconPlayerTrackPrev,
  IconLayoutGrid,
  IconPerspective,
  IconRectangle,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAME_STEP_MS, type LiveQuality, type PlaybackSpeed, SKIP_MS, VOLUME_STEP, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../constants';
import type { QualityOption } from '../quality';
import { SettingsMenu } from './SettingsMenu';
import { SpeedMenu } from './SpeedMenu';
import { HintTooltip } from '../../../components/HintTooltip';

export interface PlayerControlsProps {
  live: boolean;
  paused: boolean;
  muted: boolean;
  /** The played media has sound: mute button and volume slider (none for silent media). */
  hasAudio: boolean;
  volume: number;
  speed: PlaybackSpeed;
  quality: LiveQuality;
  qualityOptions: QualityOption[];
  theater: boolean;
  fullscreen: boolean;
  zoomScale: number;
  timeLabel: string | null;
  screenshotBusy: boolean;
  onTogglePlay: () => void;
  onSeekBy: (deltaMs: number) => void;
  onSpeed: (speed: PlaybackSpeed) => void;
  onLive: () => void;
  /** Historical right (default true); without it back 10 s and the frame step back are disabled, saying why. */
  canHistory?: boolean;
  /** Live view of an offline camera: why, shown in place of pause and Live (nothing to pause, no Live to go to). */
  offlineMessage?: string | null;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onScreenshot: () => void;
  onToggleTheater: () => void;
  onToggleFullscreen: () => void;
  onQuality: (quality: LiveQuality) => void;
  /** Detected objects over recorded video: the settings menu's toggle. */
  showDetections: boolean;
  onToggleDetections: () => void;
  onZoom: (scale: number) => void;
  /**
   * A fisheye camera's dewarp controls ('Dewarp' / 'Exit dewarp' and the view selector); none for other cameras.
   * While `active` the digital zoom slider is disabled (the dewarped view zooms itself).
   */
  dewarp?: { active: boolean; onToggle: () => void; onChooseView: () => void } | null;
}

interface ControlProps {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  /** Disabled for this reason: shown dimmed with the reason as its tooltip (a disabled button would show no tooltip). */
  disabledReason?: string | null;
  /** A mode that is on (e.g. dewarp): drawn filled. */
  active?: boolean;
  testId?: string;
}

function Control({ label, onClick, children, disabled, disabledReason, active, testId }: ControlProps) {
  return (
    <HintTooltip label={disabledReason ?? label} multiline maw={280}>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'blue' : 'gray.0'}
        data-testid={testId}
        aria-label={label}
        aria-disabled={disabledReason ? true : undefined}
        data-disabled={disabledReason ? true : undefined}
        onClick={disabledReason ? undefined : onClick}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </HintTooltip>
  );
}

/** The control bar under the video: playback on the left, Live and time in the middle, view controls on the right. */
export function PlayerControls(props: PlayerControlsProps) {
  const { t } = useTranslation('viewer');
  const noHistoryReason = props.canHistory === false ? t('no-history-right') : null;
  return (
    <Group justify="space-between" gap="xs" px="xs" py={4} wrap="wrap" bg="dark.7" c="gray.0" data-testid="player-controls">
      <Group gap={2} wrap="nowrap">
        {!props.offlineMessage && (
          <Control label={props.paused ? t('play') : t('pause')} onClick={props.onTogglePlay}>
            {props.paused ? <IconPlayerPlay size={18} aria-hidden /> : <IconPlayerPause size={18} aria-hidden />}
          </Control>
        )}
        <Control label={t('skip-back')} onClick={() => props.onSeekBy(-SKIP_MS)} disabledReason={noHistoryReason}>
          <IconArrowBackUp size={18} aria-hidden />
        </Control>
        <Control label={t('frame-back')} onClick={() => props.onSeekBy(-FRAME_STEP_MS)} disabledReason={noHistoryReason}>
          <IconPlayerTrackPrev size={18} aria-hidden />
        </Control>
        <Control label={t('frame-forward')} onClick={() => props.onSeekBy(FRAME_STEP_MS)} disabled={props.live}>
          <IconPlayerTrackNext size={18} aria-hidden />
        </Control>
        <Control label={t('skip-forward')} onClick={() => props.onSeekBy(SKIP_MS)} disabled={props.live}>
          <IconArrowForwardUp size={18} aria-hidden />
        </Control>
        <SpeedMenu speed={props.speed} onSpeed={props.onSpeed} />
        {props.offlineMessage && (
          <Text size="xs" c="red.3" data-testid="offline-reason">
            {props.offlineMessage}
          </Text>
        )}
        {!props.offlineMessage && (
          <Button
            size="compact-xs"
            color={props.live ? 'red' : 'gray'}
            variant={props.live ? 'filled' : 'outline'}
            aria-pressed={props.live}
            onClick={props.onLive}
          >
            {t('live')}
          </Button>
        )}
        {props.timeLabel && (
          <Text size="xs" ml="xs" data-testid="player-time">
            {props.timeLabel}
          </Text>
        )}
      </Group>
      <Group gap={2} wrap="nowrap">
        {props.dewarp && (
          <>
            <Control
              label={props.dewarp.active ? t('exit-dewarp') : t('dewarp')}
              onClick={props.dewarp.onToggle}
              active={props.dewarp.active}
              testId="viewer-dewarp-toggle"
            >
              <IconPerspective size={18} aria-hidden />
            </Control>
            <Control label={t('dewarp-choose-view')} onClick={props.dewarp.onChooseView} testId="viewer-dewarp-views">
              <IconLayoutGrid size={18} aria-hidden />
            </Control>
          </>
        )}
        <Slider
          w={90}
          size="xs"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={props.zoomScale}
          onChange={props.onZoom}
          label={(value) => `${value.toFixed(1)}x`}
          thumbLabel={t('digital-zoom')}
          disabled={props.dewarp?.active === true}
          title={props.dewarp?.active ? t('digital-zoom-off-dewarped') : undefined}
        />
        {props.hasAudio && (
          <>
            <Control label={props.muted ? t('sound-on') : t('sound-off')} onClick={props.onToggleMute}>
              {props.muted ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
            </Control>
            <Slider
              w={70}
              size="xs"
              min={0}
              max={1}
              step={VOLUME_STEP}
              value={props.muted ? 0 : props.volume}
              onChange={props.onVolume}
              label={(value) => `${Math.round(value * 100)}%`}
              thumbLabel={t('volume')}
              data-testid="volume-slider"
            />
          </>
        )}
        <Control label={t('screenshot')} onClick={props.onScreenshot} disabled={props.screenshotBusy}>
          <IconCamera size={18} aria-hidden />
        </Control>
        <SettingsMenu
          quality={props.quality}
          options={props.qualityOptions}
          onQuality={props.onQuality}
          showDetections={props.showDetections}
          onToggleDetections={props.onToggleDetections}
        />
        <Control label={props.theater ? t('exit-theater-mode') : t('theater-mode')} onClick={props.onToggleTheater}>
          <IconRectangle size={18} aria-hidden />
        </Control>
        <Control label={props.fullscreen ? t('exit-fullscreen') : t('fullscreen')} onClick={props.onToggleFullscreen}>
          {props.fullscreen ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
        </Control>
      </Group>
    </Group>
  );
}
