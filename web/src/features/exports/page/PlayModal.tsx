import { Alert, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '../exportsApi';

export interface PlayModalProps {
  job: ExportJob;
  opened: boolean;
  onClose: () => void;
}

/** Plays a finished export from its quick_url in the browser's own player. */
export function PlayModal({ job, opened, onClose }: PlayModalProps) {
  const { t } = useTranslation('exports');
  const [failed, setFailed] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={job.filename} size="xl" closeButtonProps={{ 'aria-label': t('close') }}>
      {failed ? (
        <Alert color="red">{t('video-permission-error')}</Alert>
      ) : (
        <video
          controls
          autoPlay
          src={job.quick_url ?? undefined}
          aria-label={t('player', { name: job.filename })}
          style={{ width: '100%', maxHeight: '70vh', background: 'black' }}
          onError={() => setFailed(true)}
        />
      )}
    </Modal>
  );
}
