import { Group, Pagination, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPORT_PAGE_SIZES } from '../constants';
import type { ExportJob } from '../exportsApi';
import { exportDetailPath } from '../exportPaths';
import type { ExportClock } from '../hooks/useExportClock';
import type { ExportCommands } from '../hooks/useExportCommands';
import type { Selection } from '../hooks/useSelection';
import type { JobActions } from '../jobActions';
import { ExportRow } from './ExportRow';

export interface ExportsTableProps {
  networkId: number;
  jobs: readonly ExportJob[];
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  selection: Selection;
  actionsOf: (job: ExportJob) => JobActions;
  commands: ExportCommands;
  clock: ExportClock;
}

/** One page of jobs, newest first, with paging and the page size (8, 12, 24 or 48). */
export function ExportsTable(props: ExportsTableProps) {
  const { t } = useTranslation('exports');
  const { jobs, totalCount, page, pageSize, selection } = props;
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="xs" highlightOnHover aria-label={t('table-label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>{t('column-select')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('column-filename')}</Table.Th>
              <Table.Th>{t('column-camera')}</Table.Th>
              <Table.Th>{t('column-range')}</Table.Th>
              <Table.Th>{t('column-duration')}</Table.Th>
              <Table.Th>{t('column-creator')}</Table.Th>
              <Table.Th>{t('column-status')}</Table.Th>
              <Table.Th ta="right">{t('column-actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => (
              <ExportRow
                key={job.id}
                job={job}
                actions={props.actionsOf(job)}
                commands={props.commands}
                clock={props.clock}
                selected={selection.isSelected(job.id)}
                onToggle={() => selection.toggle(job.id)}
                detailPath={exportDetailPath(props.networkId, job.id)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Select
            size="xs"
            w={80}
            aria-label={t('page-size')}
            data={EXPORT_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={(value) => value && props.onPageSizeChange(Number(value))}
          />
          <Text size="sm" c="dimmed">
            {t('showing', { from: first, to: first + jobs.length - 1, total: totalCount })}
          </Text>
        </Group>
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={props.onPageChange}
          getControlProps={(control) => ({ 'aria-label': t(`pagination-${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('pagination-page', { page: item }) })}
        />
      </Group>
    </>
  );
}
