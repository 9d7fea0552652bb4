import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { attributeSupport } from '../cameraWarnings';
import { COLOUR_CHOICES, VEHICLE_TYPES } from '../constants';
import type { ResultFilters } from '../results';
import { AttributePicker } from './AttributePicker';

type AttributeKey = 'topClothing' | 'bottomClothing' | 'vehicleColor' | 'vehicleType';

interface PickerRow {
  key: AttributeKey;
  label: string;
  testId: string;
  supported: boolean;
}

export interface AttributeFiltersProps {
  /** Clothing colours under the people switch, vehicle colour and type under the vehicle switch. */
  kind: 'people' | 'vehicles';
  cameras: readonly Camera[];
  filters: ResultFilters;
  onChange: (filters: Partial<ResultFilters>) => void;
}

/**
 * The attribute filters of the people or vehicle card (spec 03 §3). They can be chosen once the card's switch is on and
 * a selected camera has attribute detection (vehicle detection too for the vehicle ones); otherwise they are disabled
 * with the 'not configured' message and a learn-more explanation.
 */
export function AttributeFilters({ kind, cameras, filters, onChange }: AttributeFiltersProps) {
  const { t } = useTranslation('eventSearch');
  const [learnMore, setLearnMore] = useState(false);
  const support = attributeSupport(cameras);
  const switchOn = filters[kind];
  const missing =
    kind === 'people'
      ? support.clothing
        ? []
        : ['warning-attribute-not-configured']
      : [
          ...(support.vehicleType ? [] : ['warning-vehicle-not-configured']),
          ...(support.clothing ? [] : ['warning-attribute-not-configured']),
        ];
  // One row per picker of this card: filter key, label key, choices, whether the cameras support it.
  const rows: readonly PickerRow[] =
    kind === 'people'
      ? [
          { key: 'topClothing', label: 'top-clothing', testId: 'top-clothing-picker', supported: support.clothing },
          { key: 'bottomClothing', label: 'bottom-clothing', testId: 'bottom-clothing-picker', supported: support.clothing },
        ]
      : [
          { key: 'vehicleColor', label: 'vehicle-colour', testId: 'vehicle-colour-picker', supported: support.vehicleColor },
          { key: 'vehicleType', label: 'vehicle-type', testId: 'vehicle-type-picker', supported: support.vehicleType },
        ];
  const pickers = rows.map((row) => {
    const isType = row.key === 'vehicleType';
    return (
      <AttributePicker
        key={row.key}
        label={t(row.label)}
        optionKey={isType ? 'vehicle-type-' : 'colour-'}
        options={isType ? VEHICLE_TYPES : COLOUR_CHOICES}
        value={filters[row.key]}
        disabled={!switchOn || !row.supported}
        swatches={!isType}
        testId={row.testId}
        onChange={(value) => onChange({ [row.key]: value })}
      />
    );
  });
  return (
    <Stack gap="xs" pl="md" data-testid={`${kind}-attribute-filters`}>
      {pickers}
      {missing.length > 0 && cameras.length > 0 && (
        <Alert color="yellow" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />} data-testid={`${kind}-attribute-warning`}>
          {missing.map((key) => (
            <Text key={key} size="xs">
              {t(key)}
            </Text>
          ))}
          <Anchor component="button" type="button" size="xs" aria-expanded={learnMore} onClick={() => setLearnMore((open) => !open)}>
            {t('learn-more')}
          </Anchor>
          {learnMore && (
            <Text size="xs" c="dimmed">
              {t('attribute-help')}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
