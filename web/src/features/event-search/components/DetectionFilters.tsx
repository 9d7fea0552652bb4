import { Alert, Button, Group, Slider, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { MIN_DURATION_MAX_S } from '../constants';
import type { ResultFilters } from '../results';
import { AttributeFilters } from './AttributeFilters';
import { FilterSection } from './FilterSection';

export interface DetectionFiltersProps {
  cameras: readonly Camera[];
  filters: ResultFilters;
  onChange: (filters: Partial<ResultFilters>) => void;
  /** 'clear filter': removes the chosen similar objects of a class. */
  onClearSimilar: (objectClass: 'person' | 'vehicle') => void;
}

type Detection = 'people' | 'vehicles';

const FEATURE: Record<Detection, 'hasPeopleDetection' | 'hasVehicleDetection'> = {
  people: 'hasPeopleDetection',
  vehicles: 'hasVehicleDetection',
};

const SIMILAR: Record<Detection, { key: 'similarPeople' | 'similarVehicles'; objectClass: 'person' | 'vehicle' }> = {
  people: { key: 'similarPeople', objectClass: 'person' },
  vehicles: { key: 'similarVehicles', objectClass: 'vehicle' },
};

/**
 * The 'show low light' card, the people and vehicle filters and the minimum event duration (0..30 s; set when the
 * slider is released, as it searches again). People and vehicle filters need detection on a selected camera; without
 * it they are off, with a 'not configured' warning once cameras are selected. Under each switch come its attribute
 * filters (clothing colours; vehicle colour and type); with similar objects chosen, their count and 'clear filter'.
 */
export function DetectionFilters({ cameras, filters, onChange, onClearSimilar }: DetectionFiltersProps) {
  const { t } = useTranslation('eventSearch');
  // The duration being dragged; it becomes the filter (and searches again) when released.
  const [draftMinS, setDraftMinS] = useState<number | null>(null);
  const minEventLengthS = draftMinS ?? filters.minEventLengthS;
  const detectionCard = (kind: Detection) => {
    const available = cameras.some((camera) => camera.config?.features?.[FEATURE[kind]]);
    const similar = filters[SIMILAR[kind].key];
    return (
      <FilterSection title={t(`${kind}-filter`)} testId={`${kind}-filter`}>
        <Switch
          label={t(`only-${kind}`)}
          checked={filters[kind]}
          disabled={!available && !filters[kind]}
          onChange={(event) => onChange({ [kind]: event.currentTarget.checked })}
        />
        {!available && cameras.length > 0 && (
          <Alert color="yellow" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />}>
            <Text size="xs">{t(`${kind}-not-configured`)}</Text>
          </Alert>
        )}
        {similar.length > 0 && (
          <Group gap="xs" justify="space-between" data-testid={`${kind}-similar-filter`}>
            <Text size="xs">{t(`similar-${kind}-chosen`, { count: similar.length })}</Text>
            <Button size="compact-xs" variant="default" onClick={() => onClearSimilar(SIMILAR[kind].objectClass)}>
              {t('clear-filter')}
            </Button>
          </Group>
        )}
        <AttributeFilters kind={kind} cameras={cameras} filters={filters} onChange={onChange} />
      </FilterSection>
    );
  };
  return (
    <>
      <FilterSection title={t('low-light')} testId="low-light-filter">
        <Switch
          label={t('show-low-light')}
          description={t('show-low-light-help')}
          checked={filters.showNightmode}
          onChange={(event) => onChange({ showNightmode: event.currentTarget.checked })}
        />
      </FilterSection>
      {detectionCard('people')}
      {detectionCard('vehicles')}
      <FilterSection title={t('min-event-duration')}>
        <Slider
          thumbLabel={t('min-event-duration')}
          min={0}
          max={MIN_DURATION_MAX_S}
          step={1}
          value={minEventLengthS}
          label={(value) => t('seconds', { count: value })}
          onChange={setDraftMinS}
          onChangeEnd={(value) => {
            setDraftMinS(null);
            if (value !== filters.minEventLengthS) onChange({ minEventLengthS: value });
          }}
          data-testid="min-duration-slider"
        />
        <Text size="xs" c="dimmed" data-testid="min-duration-text">
          {minEventLengthS === 0 ? t('any-duration') : t('at-least', { count: minEventLengthS })}
        </Text>
      </FilterSection>
    </>
  );
}
