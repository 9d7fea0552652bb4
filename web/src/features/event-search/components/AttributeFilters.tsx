import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { attributeSupport } from '../cameraWarnings';
import { COLOUR_CHOICES, VEHICLE_TYPES } from '../constants';
import type { ResultFilters } from '../results';
import { AttributePicker } from './AttributePicker';

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
  const pickers =
    kind === 'people' ? (
      <>
        <AttributePicker
          label={t('top-clothing')}
          optionKey="colour-"
          options={COLOUR_CHOICES}
          value={filters.topClothing}
          disabled={!switchOn || !support.clothing}
          swatches
          testId="top-clothing-picker"
          onChange={(topClothing) => onChange({ topClothing })}
        />
        <AttributePicker
          label={t('bottom-clothing')}
          optionKey="colour-"
          options={COLOUR_CHOICES}
          value={filters.bottomClothing}
          disabled={!switchOn || !support.clothing}
          swatches
          testId="bottom-clothing-picker"
          onChange={(bottomClothing) => onChange({ bottomClothing })}
        />
      </>
    ) : (
      <>
        <AttributePicker
          label={t('vehicle-colour')}
          optionKey="colour-"
          options={COLOUR_CHOICES}
          value={filters.vehicleColor}
          disabled={!switchOn || !support.vehicleColor}
          swatches
          testId="vehicle-colour-picker"
          onChange={(vehicleColor) => onChange({ vehicleColor })}
        />
        <AttributePicker
          label={t('vehicle-type')}
          optionKey="vehicle-type-"
          options={VEHICLE_TYPES}
          value={filters.vehicleType}
          disabled={!switchOn || !support.vehicleType}
          testId="vehicle-type-picker"
          onChange={(vehicleType) => onChange({ vehicleType })}
        />
      </>
    );
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
