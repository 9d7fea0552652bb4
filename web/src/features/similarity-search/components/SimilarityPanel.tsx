import { Group, Paper, ScrollArea, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THRESHOLD_MAX, THRESHOLD_MIN } from '../constants';
import type { PersonOfInterest as Poi } from '../hooks/usePersonOfInterest';
import { PersonOfInterest } from './PersonOfInterest';

/** The panel's width, px (as the event search's filter sidebar). */
export const PANEL_WIDTH_PX = 320;

export interface SimilarityPanelProps {
  poi: Poi;
  poiCaption: string;
  /** The timeframe's ends as shown ('Jan 1st, 3:04:05 pm'). */
  from: string;
  to: string;
  threshold: number;
  onThreshold: (threshold: number) => void;
  onRemove: () => void;
}

/**
 * The collapsible left panel (spec 03 §2): the person of interest, the timeframe searched and the similarity
 * threshold (90..100 %, '{value} % match', from 'Rough match' to 'Exact match'; set when the slider is released).
 */
export function SimilarityPanel(props: SimilarityPanelProps) {
  const { t } = useTranslation('similaritySearch');
  const [draft, setDraft] = useState<number | null>(null);
  const threshold = draft ?? props.threshold;
  return (
    <ScrollArea
      component="aside"
      id="similarity-panel"
      w={PANEL_WIDTH_PX}
      scrollbars="y"
      style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }}
      data-testid="similarity-panel"
    >
      <Stack gap="sm" p="sm">
        <PersonOfInterest poi={props.poi} caption={props.poiCaption} onRemove={props.onRemove} />
        <Paper withBorder p="sm" radius="sm" data-testid="timeframe">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('timeframe')}
            </Text>
            <Text size="sm" data-testid="timeframe-text">
              {props.from} – {props.to}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="sm" radius="sm" data-testid="threshold">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('threshold')}
            </Text>
            <Slider
              thumbLabel={t('threshold')}
              min={THRESHOLD_MIN}
              max={THRESHOLD_MAX}
              step={1}
              value={threshold}
              label={(value) => t('match', { value })}
              marks={[{ value: THRESHOLD_MIN }, { value: THRESHOLD_MAX }]}
              onChange={setDraft}
              onChangeEnd={(value) => {
                setDraft(null);
                if (value !== props.threshold) props.onThreshold(value);
              }}
              data-testid="threshold-slider"
            />
            {/* The ends' labels in a row of their own: the slider centres mark labels on their marks, which puts
                half of the first and of the last outside the panel. */}
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" data-testid="threshold-labels">
              <Text size="sm" c="dimmed" ta="start">
                {t('rough-match')}
              </Text>
              <Text size="sm" c="dimmed" ta="end">
                {t('exact-match')}
              </Text>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </ScrollArea>
  );
}
