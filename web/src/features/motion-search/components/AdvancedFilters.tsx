import { Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { MIN_DURATION_MAX_S, SENSITIVITY_MAX, SENSITIVITY_MIN } from '../constants';
import type { SearchParams } from '../searchState';
import { RegionEditor } from './RegionEditor';

export interface AdvancedFiltersProps {
  camera: Camera;
  params: SearchParams;
  onChange: (params: Partial<SearchParams>) => void;
}

/** Region drawn over the camera's image, sensitivity 1..100 and minimum event duration 0..30 s. */
export function AdvancedFilters({ camera, params, onChange }: AdvancedFiltersProps) {
  const { t } = useTranslation('motionSearch');
  const { roi } = params;
  return (
    <Stack gap="sm">
      <RegionEditor
        camera={camera}
        roi={roi}
        label={t('region')}
        heading={
          <div>
            <Text size="sm" fw={500}>
              {t('region')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('region-help')}
            </Text>
          </div>
        }
        onChange={(next) => onChange({ roi: next })}
      />
      <Text size="xs" c="dimmed" data-testid="roi-size">
        {t('region-size', { w: roi.w, h: roi.h, x: roi.x, y: roi.y })}
      </Text>
      <div>
        <Text size="sm" fw={500}>
          {t('sensitivity')}
        </Text>
        <Slider
          thumbLabel={t('sensitivity')}
          min={SENSITIVITY_MIN}
          max={SENSITIVITY_MAX}
          step={1}
          value={params.sensitivity}
          onChange={(sensitivity) => onChange({ sensitivity })}
        />
      </div>
      <div>
        <Text size="sm" fw={500}>
          {t('min-duration')}
        </Text>
        <Slider
          thumbLabel={t('min-duration')}
          min={0}
          max={MIN_DURATION_MAX_S}
          step={1}
          value={params.minDurationS}
          label={(value) => t('seconds', { count: value })}
          onChange={(minDurationS) => onChange({ minDurationS })}
        />
      </div>
    </Stack>
  );
}
