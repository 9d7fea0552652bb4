import './accessLogTexts';
import { Button, Group, MultiSelect, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGetMembersQuery } from '../users/usersApi';
import { hasFilters, NO_FILTERS } from './accessLogFilters';
import { ACCESS_LOG_KINDS, type AccessLogKind, isAccessLogKind, KIND_LABEL_KEYS } from './accessLogModel';
import { DateRangeFilters } from './DateRangeFilters';
import { FILTER_WIDTH, type FilterProps, PlaceFilters } from './PlaceFilters';

function KindFilter({ filters, onChange }: FilterProps) {
  const { t } = useTranslation('accessLog');
  return (
    <MultiSelect
      label={t('filter-kinds')}
      placeholder={filters.kinds.length === 0 ? t('filter-kinds-any') : undefined}
      data={ACCESS_LOG_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABEL_KEYS[kind]) }))}
      value={filters.kinds}
      // In the filter's order whatever the order of picking, so that one set of kinds is one address.
      onChange={(values) => {
        const picked = new Set<AccessLogKind>(values.filter(isAccessLogKind));
        onChange({ kinds: ACCESS_LOG_KINDS.filter((kind) => picked.has(kind)) });
      }}
      clearable
      clearButtonProps={{ 'aria-label': t('clear-kinds') }}
      w={FILTER_WIDTH + 80}
    />
  );
}

/** The organization's members (the users page's list), by name, with their e-mail address to tell them apart. */
function UserFilter({ orgId, filters, onChange }: FilterProps & { orgId: number }) {
  const { t } = useTranslation('accessLog');
  const { data, isFetching, isError } = useGetMembersQuery({ orgId });
  return (
    <Select
      label={t('filter-user')}
      placeholder={isFetching && !data ? t('users-loading') : t('filter-user-any')}
      data={(data ?? []).map((member) => ({
        value: String(member.id),
        label: t('member-option', { name: member.name, email: member.email }),
      }))}
      value={filters.userId === null ? null : String(filters.userId)}
      onChange={(value) => onChange({ userId: value === null ? null : Number(value) })}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('clear-user') }}
      nothingFoundMessage={t('nothing-found')}
      error={isError ? t('users-error') : undefined}
      w={FILTER_WIDTH + 80}
    />
  );
}

/** What, who, where and when; every change shows the newest entries that match. */
export function AccessLogFilterBar({ orgId, filters, onChange }: FilterProps & { orgId: number }) {
  const { t } = useTranslation('accessLog');
  return (
    <Group role="search" aria-label={t('filters')} gap="sm" align="flex-end">
      <KindFilter filters={filters} onChange={onChange} />
      <UserFilter orgId={orgId} filters={filters} onChange={onChange} />
      <PlaceFilters filters={filters} onChange={onChange} />
      <DateRangeFilters filters={filters} onChange={onChange} />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange(NO_FILTERS)}
        >
          {t('clear-filters')}
        </Button>
      )}
    </Group>
  );
}
