import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowsJoin, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedRange } from '../format';
import type { ExportFilters } from '../hooks/useExportFilters';
import type { Selection } from '../hooks/useSelection';

export interface ExportsToolbarProps {
  filters: ExportFilters;
  /** The last day that can be picked (today in the shown zone). */
  today: string;
  selection: Selection;
  /** Jobs are shown (select all has something to select). */
  hasJobs: boolean;
  /** Every selected job may be deleted by the user. */
  canDeleteSelected: boolean;
  onCombine: () => void;
  onDelete: () => void;
}

type Draft = [string | null, string | null];

/** Search, creation-date range, select all, Combine (2 or more selected) and Delete (1 or more selected). */
export function ExportsToolbar({ filters, today, selection, hasJobs, canDeleteSelected, onCombine, onDelete }: ExportsToolbarProps) {
  const { t } = useTranslation('exports');
  const [draft, setDraft] = useState<Draft>([filters.createdRange.from, filters.createdRange.to]);
  // The calendar opens on this month rather than on the range's first (a year ago): recent days are the usual pick.
  const [shownMonth, setShownMonth] = useState(today);
  const pickRange = (value: Draft) => {
    setDraft(value);
    const [from, to] = value;
    if (from && to) filters.onCreatedRangeChange({ from, to } satisfies CreatedRange);
  };
  const count = selection.selected.length;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        w={260}
        label={t('search-label')}
        placeholder={t('search-placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => filters.onSearchChange(event.currentTarget.value)}
      />
      <DatePickerInput
        type="range"
        w={280}
        label={t('created-label')}
        allowSingleDateInRange
        maxDate={today}
        date={shownMonth}
        onDateChange={setShownMonth}
        value={draft}
        onChange={(value) => pickRange(value as Draft)}
        valueFormat="MMM D, YYYY"
      />
      <Checkbox
        mb={8}
        label={t('select-all')}
        checked={selection.allSelected}
        indeterminate={selection.someSelected}
        disabled={!hasJobs}
        onChange={selection.toggleAll}
      />
      <Button variant="default" leftSection={<IconArrowsJoin size={16} aria-hidden />} disabled={count < 2} onClick={onCombine}>
        {t('combine')}
      </Button>
      <Button
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        disabled={count === 0 || !canDeleteSelected}
        onClick={onDelete}
      >
        {t('delete')}
      </Button>
    </Group>
  );
}
