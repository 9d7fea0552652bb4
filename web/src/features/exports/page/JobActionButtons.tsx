import { Group } from '@mantine/core';
import {
  IconCopy,
  IconDownload,
  IconInfoCircle,
  IconLink,
  IconPencil,
  IconPlayerPlay,
  IconPlayerTrackNext,
  IconReload,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '../exportsApi';
import type { ExportCommands } from '../hooks/useExportCommands';
import type { JobActions } from '../jobActions';
import { ActionButton } from './ActionButton';
import { ConfirmModal } from './ConfirmModal';
import { PlayModal } from './PlayModal';

export interface JobActionButtonsProps {
  job: ExportJob;
  actions: JobActions;
  commands: ExportCommands;
  /** The job's detail route (absent in the drawer itself). */
  detailPath?: string;
  /** Starts editing the filename (absent where it cannot be edited in place). */
  onRename?: () => void;
}

type Pending = 'cancel' | 'delete' | 'play' | null;
const ICON = { size: 18, 'aria-hidden': true } as const;

/** A job's actions (spec 03 §4 "Job actions"); cancel and delete ask first. */
export function JobActionButtons({ job, actions, commands, detailPath, onRename }: JobActionButtonsProps) {
  const { t } = useTranslation('exports');
  const [pending, setPending] = useState<Pending>(null);
  const [running, setRunning] = useState<'retry' | 'start' | null>(null);
  const run = async (which: 'retry' | 'start') => {
    setRunning(which);
    await (which === 'retry' ? commands.retry(job) : commands.startNow(job));
    setRunning(null);
  };
  const close = () => setPending(null);

  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {detailPath && <ActionButton label={t('details')} icon={<IconInfoCircle {...ICON} />} to={detailPath} />}
      {actions.play && <ActionButton label={t('play')} icon={<IconPlayerPlay {...ICON} />} onClick={() => setPending('play')} />}
      {actions.copyLink && <ActionButton label={t('copy-link')} icon={<IconLink {...ICON} />} onClick={() => void commands.copyLink(job)} />}
      {actions.download && job.download_url && (
        <ActionButton label={t('download')} icon={<IconDownload {...ICON} />} href={job.download_url} />
      )}
      {actions.copyChecksum && (
        <ActionButton label={t('copy-checksum')} icon={<IconCopy {...ICON} />} onClick={() => void commands.copyChecksum(job)} />
      )}
      {actions.rename && onRename && <ActionButton label={t('rename')} icon={<IconPencil {...ICON} />} onClick={onRename} />}
      {actions.startNow && (
        <ActionButton
          label={t('start-now')}
          icon={<IconPlayerTrackNext {...ICON} />}
          loading={running === 'start'}
          onClick={() => void run('start')}
        />
      )}
      {actions.retry && (
        <ActionButton label={t('retry')} icon={<IconReload {...ICON} />} loading={running === 'retry'} onClick={() => void run('retry')} />
      )}
      {actions.cancel && <ActionButton label={t('cancel-export')} icon={<IconX {...ICON} />} onClick={() => setPending('cancel')} />}
      {actions.delete && (
        <ActionButton label={t('delete-export')} icon={<IconTrash {...ICON} />} color="red" onClick={() => setPending('delete')} />
      )}
      {pending === 'play' && <PlayModal job={job} opened onClose={close} />}
      {pending === 'cancel' && (
        <ConfirmModal
          opened
          title={t('cancel-title')}
          message={t('cancel-confirm', { name: job.filename })}
          confirmLabel={t('cancel-export')}
          cancelLabel={t('keep-exporting')}
          color="red"
          onConfirm={() => commands.cancel(job)}
          onClose={close}
        />
      )}
      {pending === 'delete' && (
        <ConfirmModal
          opened
          title={t('delete-title')}
          message={t('delete-confirm', { count: 1 })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          color="red"
          onConfirm={() => commands.remove([job.id])}
          onClose={close}
        />
      )}
    </Group>
  );
}
