import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from '../../../app/applyUpdate';
import { NewVersionNotes } from './NewVersionNotes';
import { useNewVersionInfo } from './useNewVersionInfo';

export interface UpdateDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'A new version of Argus is available' (spec 01 §2 Update): 'See what's new' shows the new version's notes from the
 * server's /version.json, Cancel closes (the header's Update button stays until the page is refreshed), 'Refresh page'
 * installs the waiting worker and reloads into it (app/applyUpdate.ts). Rendered only while open: each opening starts
 * with the notes hidden.
 */
export function UpdateDialog({ opened, onClose }: UpdateDialogProps) {
  return opened ? <OpenUpdateDialog onClose={onClose} /> : null;
}

function OpenUpdateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const notesId = useId();
  const notes = useNewVersionInfo();
  const [showNotes, setShowNotes] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const toggleNotes = () => {
    if (!showNotes) notes.load();
    setShowNotes(!showNotes);
  };
  const refresh = () => {
    setRefreshing(true);
    void applyUpdate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('update-title')}
      closeOnClickOutside={!refreshing}
      closeOnEscape={!refreshing}
      withCloseButton={!refreshing}
    >
      <Stack gap="md">
        <Text size="sm">{t('update-description')}</Text>
        {showNotes && <NewVersionNotes id={notesId} state={notes.state} onRetry={notes.load} />}
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            aria-expanded={showNotes}
            aria-controls={showNotes ? notesId : undefined}
            onClick={toggleNotes}
          >
            {t('update-see-whats-new')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={refreshing}>
              {t('cancel')}
            </Button>
            <Button onClick={refresh} loading={refreshing}>
              {t('update-refresh-page')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
