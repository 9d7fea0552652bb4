import { ActionIcon, Group, Slider, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ClipControlsProps {
  /** Where the clip is, ms from its start (0..durationMs). */
  positionMs: number;
  /** The clip's own length (its end − its start), ms. */
  durationMs: number;
  paused: boolean;
  disabled?: boolean;
  onTogglePlay: () => void;
  /** A new position, ms from the clip's start. */
  onSeek: (positionMs: number) => void;
}

/** `m:ss` of whole seconds. */
function clock(totalS: number): string {
  return `${Math.floor(totalS / 60)}:${String(totalS % 60).padStart(2, '0')}`;
}

/**
 * Play/pause, the position and 'elapsed / length' of a clip, measured on the clip itself: the browser's own controls
 * would measure the playlist, whose whole recorded fragments start before and end after the clip.
 */
export function ClipControls({ positionMs, durationMs, paused, disabled, onTogglePlay, onSeek }: ClipControlsProps) {
  const { t } = useTranslation('motionSearch');
  // A shown duration is at least 1 s (spec 03), rounded like the event's own duration; at the end both read the same.
  const durationS = Math.max(1, Math.round(durationMs / 1000));
  const positionS = positionMs >= durationMs ? durationS : Math.min(durationS, Math.floor(positionMs / 1000));
  return (
    <Group gap="xs" wrap="nowrap" data-testid="clip-controls">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={paused ? t('clip-play') : t('clip-pause')}
        disabled={disabled}
        onClick={onTogglePlay}
      >
        {paused ? <IconPlayerPlay size={18} aria-hidden /> : <IconPlayerPause size={18} aria-hidden />}
      </ActionIcon>
      <Slider
        style={{ flex: 1 }}
        size="sm"
        min={0}
        max={Math.max(1, durationMs)}
        step={100}
        value={Math.min(positionMs, durationMs)}
        label={(value) => clock(Math.floor(value / 1000))}
        thumbLabel={t('clip-position')}
        disabled={disabled}
        onChange={onSeek}
        // Left and right move within the clip here, not to the previous or next result (EventStepper, on document).
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.stopPropagation();
        }}
      />
      <Text size="xs" data-testid="clip-time" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {clock(positionS)} / {clock(durationS)}
      </Text>
    </Group>
  );
}
