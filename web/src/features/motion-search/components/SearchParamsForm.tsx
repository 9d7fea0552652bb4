import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { fromLocalInput, toLocalInput } from '../eventFormat';
import type { SearchMode, SearchParams } from '../searchState';
import { AdvancedFilters } from './AdvancedFilters';

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
  onChange: (params: Partial<SearchParams>) => void;
  onSearch: () => void;
}

/** Phase 'initialize': basic (time range, whole frame) or advanced (plus region, sensitivity, minimum duration). */
export function SearchParamsForm({ camera, params, timeZone, onChange, onSearch }: SearchParamsFormProps) {
  const { t } = useTranslation('motionSearch');
  const nowInput = toLocalInput(Date.now(), timeZone);
  const rangeValid = params.startMs < params.endMs;
  const setTime = (key: 'startMs' | 'endMs', value: string) => {
    const ms = fromLocalInput(value, timeZone);
    if (ms !== null) onChange({ [key]: ms });
  };

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
      <Group grow align="flex-start">
        <TextInput
          type="datetime-local"
          label={t('start-time')}
          value={toLocalInput(params.startMs, timeZone)}
          max={nowInput}
          onChange={(event) => setTime('startMs', event.currentTarget.value)}
          error={rangeValid ? undefined : t('range-invalid')}
        />
        <TextInput
          type="datetime-local"
          label={t('end-time')}
          value={toLocalInput(params.endMs, timeZone)}
          max={nowInput}
          onChange={(event) => setTime('endMs', event.currentTarget.value)}
        />
      </Group>
      <Group gap="xs">
        {PRESETS.map(({ key, spanMs }) => (
          <Button
            key={key}
            variant="light"
            size="compact-xs"
            onClick={() => {
              const now = Date.now();
              onChange({ startMs: now - spanMs, endMs: now });
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
      <Group justify="flex-end">
        <Button leftSection={<IconSearch size={16} aria-hidden />} disabled={!rangeValid} onClick={onSearch}>
          {t('search')}
        </Button>
      </Group>
    </Stack>
  );
}
