import { ActionIcon, Button, Group, NativeSelect } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSelect } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TIMELINE_LEVELS } from '../constants';
import { HintTooltip } from '../../../components/HintTooltip';

export interface TimelineToolbarProps {
  levelIndex: number;
  rightDisabled: boolean;
  selecting: boolean;
  onScrollLeft: () => void;
  onScrollRight: () => void;
  onLevel: (index: number) => void;
  onToggleSelection: () => void;
  onMoveSelectionHere: () => void;
}

/** Scroll buttons, the zoom level selector and the selection-mode buttons. */
export function TimelineToolbar(props: TimelineToolbarProps) {
  const { t } = useTranslation('timeline');
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <Group gap={4} wrap="nowrap">
        <HintTooltip label={t('scroll-left')}>
          <ActionIcon variant="subtle" size="sm" aria-label={t('scroll-left')} onClick={props.onScrollLeft}>
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
        </HintTooltip>
        <HintTooltip label={t('scroll-right')}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('scroll-right')}
            disabled={props.rightDisabled}
            onClick={props.onScrollRight}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </HintTooltip>
        <NativeSelect
          size="xs"
          aria-label={t('zoom-level')}
          value={String(props.levelIndex)}
          onChange={(event) => props.onLevel(Number(event.currentTarget.value))}
          data={TIMELINE_LEVELS.map((level, index) => ({ value: String(index), label: t(level.labelKey) }))}
        />
      </Group>
      <Group gap={4} wrap="nowrap">
        {props.selecting && (
          <Button size="compact-xs" variant="default" onClick={props.onMoveSelectionHere}>
            {t('move-selected-range-here')}
          </Button>
        )}
        <Button
          size="compact-xs"
          variant={props.selecting ? 'filled' : 'default'}
          leftSection={<IconSelect size={14} aria-hidden />}
          aria-pressed={props.selecting}
          onClick={props.onToggleSelection}
        >
          {t('select-range')}
        </Button>
      </Group>
    </Group>
  );
}
