import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import type { TimeMode } from '../../timeline';
import type { SearchMode, SearchParams } from '../searchState';
import { AdvancedFilters } from './AdvancedFilters';
import { SearchRangeFields } from './SearchRangeFields';

const HOUR_MS = 3_600_000;
const PRESETS: ReadonlyArray<{ key: string; spanMs: number }> = [
  { key: 'last-hour', spanMs: HOUR_MS },
  { key: 'last-24-hours', spanMs: 24 * HOUR_MS },
  { key: 'last-3-days', spanMs: 72 * HOUR_MS },
];

export interface SearchParamsFormProps {
  camera: Camera;
  params: SearchParams;
  timeZone: string;
  timeMode: TimeMode;
  onChange: (params: Partial<SearchParams>) => void;
  onSearch: () => void;
}

/**
 * Phase 'initialize': basic (time range, whole frame) or advanced (plus region, sensitivity, minimum duration). The
 * Search button sits in a footer that sticks to the bottom of the drawer, so it stays on screen at any height.
 */
export function SearchParamsForm({ camera, params, timeZone, timeMode, onChange, onSearch }: SearchParamsFormProps) {
  const { t } = useTranslation('motionSearch');
  const rangeValid = params.startMs < params.endMs;

  return (
    <Stack gap="sm" data-testid="motion-search-params">
      <SegmentedControl
        aria-label={t('search-mode')}
        value={params.mode}
        onChange={(mode) => onChange({ mode: mode as SearchMode })}
        data={[
          { value: 'basic', label: t('basic') },
          { value: 'advanced', label: t('advanced') },
        ]}
      />
      <SearchRangeFields
        startMs={params.startMs}
        endMs={params.endMs}
        timeZone={timeZone}
        timeMode={timeMode}
        onChange={onChange}
      />
      <Group gap="xs">
        {PRESETS.map(({ key, spanMs }) => (
          <Button
            key={key}
            variant="light"
            size="compact-xs"
            onClick={() => {
              const now = Date.now();
              onChange({ startMs: now - spanMs, endMs: now, followsNow: 'range' });
            }}
          >
            {t(key)}
          </Button>
        ))}
      </Group>
      {params.mode === 'advanced' ? (
        <AdvancedFilters camera={camera} params={params} onChange={onChange} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('whole-frame-searched')}
        </Text>
      )}
      <Group
        justify="flex-end"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Button leftSection={<IconSearch size={16} aria-hidden />} disabled={!rangeValid} onClick={onSearch}>
          {t('search')}
        </Button>
      </Group>
    </Stack>
  );
}
