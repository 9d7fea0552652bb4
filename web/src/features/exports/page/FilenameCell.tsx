import { Text, TextInput, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '../exportsApi';
import { editableFilename, filenameEditOutcome, isValidFilename } from '../filename';
import { ConfirmModal } from './ConfirmModal';

export interface FilenameCellProps {
  job: ExportJob;
  canRename: boolean;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** Renames the job to `filename` (without '.mp4'); resolves when answered. */
  onRename: (filename: string) => Promise<unknown>;
}

/** A job's filename; a click (or the row's rename button) edits it in place. */
export function FilenameCell({ job, canRename, editing, onEditingChange, onRename }: FilenameCellProps) {
  const { t } = useTranslation('exports');
  if (editing) return <FilenameEditor job={job} onDone={() => onEditingChange(false)} onRename={onRename} />;
  const name = (
    <Text size="sm" fw={500} lineClamp={2} style={{ wordBreak: 'break-word' }}>
      {job.filename}
    </Text>
  );
  if (!canRename) return name;
  return (
    <UnstyledButton aria-label={t('edit-filename', { name: job.filename })} title={t('click-to-edit')} onClick={() => onEditingChange(true)}>
      {name}
    </UnstyledButton>
  );
}

interface FilenameEditorProps {
  job: ExportJob;
  onDone: () => void;
  onRename: (filename: string) => Promise<unknown>;
}

/**
 * The field (spec 03 §4 "Filename edit"): the name without '.mp4'; leaving it with a valid, non-empty, changed name
 * asks to confirm the rename, anything else ends editing unsaved. Enter leaves the field, Escape drops the edit.
 */
function FilenameEditor({ job, onDone, onRename }: FilenameEditorProps) {
  const { t } = useTranslation('exports');
  const [draft, setDraft] = useState(() => editableFilename(job.filename));
  const [confirming, setConfirming] = useState(false);
  const dropped = useRef(false);
  const name = draft.trim();

  const leave = () => {
    if (dropped.current || confirming) return;
    if (filenameEditOutcome(draft, job.filename) === 'confirm') setConfirming(true);
    else onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') {
      event.stopPropagation();
      dropped.current = true;
      onDone();
    }
  };
  return (
    <>
      <TextInput
        size="xs"
        autoFocus
        aria-label={t('filename')}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={leave}
        onKeyDown={onKeyDown}
        rightSection={
          <Text size="xs" c="dimmed">
            .mp4
          </Text>
        }
        rightSectionWidth={40}
        error={isValidFilename(draft) ? undefined : t('filename-rule')}
        readOnly={confirming}
      />
      <ConfirmModal
        opened={confirming}
        title={t('rename-title')}
        message={t('rename-confirm', { from: job.filename, to: `${name}.mp4` })}
        confirmLabel={t('rename')}
        cancelLabel={t('cancel')}
        onConfirm={() => onRename(name)}
        onClose={onDone}
      />
    </>
  );
}
