import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NormalizedFloorPlan } from '../floorPlans';

export interface FloorPlanPickerProps {
  plans: readonly NormalizedFloorPlan[];
  selectedId: number | undefined;
  onChange: (planId: number) => void;
  size?: 'xs' | 'sm';
}

/** Chooses which floor plan the map shows. */
export function FloorPlanPicker({ plans, selectedId, onChange, size = 'sm' }: FloorPlanPickerProps) {
  const { t } = useTranslation('cameras');
  return (
    <Select
      size={size}
      aria-label={t('floorplan')}
      placeholder={t('select-floorplan')}
      data={plans.map((plan) => ({ value: String(plan.id), label: plan.name }))}
      value={selectedId == null ? null : String(selectedId)}
      onChange={(value) => {
        if (value != null) onChange(Number(value));
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true, zIndex: 1000 }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
