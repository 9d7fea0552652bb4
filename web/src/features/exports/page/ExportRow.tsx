import { Checkbox, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../timeline/timeFormat';
import type { ExportJob } from '../exportsApi';
import { exportRangeText } from '../format';
import type { ExportClock } from '../hooks/useExportClock';
import type { ExportCommands } from '../hooks/useExportCommands';
import type { JobActions } from '../jobActions';
import { ExportStatus } from './ExportStatus';
import { FilenameCell } from './FilenameCell';
import { JobActionButtons } from './JobActionButtons';

export interface ExportRowProps {
  job: ExportJob;
  actions: JobActions;
  commands: ExportCommands;
  clock: ExportClock;
  selected: boolean;
  onToggle: () => void;
  detailPath: string;
}

/** One job of the table: selection, filename (edited in place), camera, range, duration, creator, status, actions. */
export function ExportRow({ job, actions, commands, clock, selected, onToggle, detailPath }: ExportRowProps) {
  const { t } = useTranslation('exports');
  const [editing, setEditing] = useState(false);
  return (
    <Table.Tr data-testid={`export-row-${job.id}`} bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        <Checkbox aria-label={t('select-export', { name: job.filename })} checked={selected} onChange={onToggle} />
      </Table.Td>
      <Table.Td miw={180}>
        <FilenameCell
          job={job}
          canRename={actions.rename}
          editing={editing}
          onEditingChange={setEditing}
          onRename={(filename) => commands.rename(job, filename)}
        />
      </Table.Td>
      <Table.Td>{job.camera_name}</Table.Td>
      <Table.Td>
        <Text size="sm">{exportRangeText(job.t0, job.t1, clock.timeZone, clock.timeMode)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(job.duration * 1000)}</Table.Td>
      <Table.Td>{job.user?.name ?? ''}</Table.Td>
      <Table.Td>
        <ExportStatus job={job} clock={clock} />
      </Table.Td>
      <Table.Td>
        <JobActionButtons job={job} actions={actions} commands={commands} detailPath={detailPath} onRename={() => setEditing(true)} />
      </Table.Td>
    </Table.Tr>
  );
}
