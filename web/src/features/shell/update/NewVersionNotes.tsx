import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NewVersionInfoState } from './useNewVersionInfo';
import { WhatsNewList } from './WhatsNewList';

export interface NewVersionNotesProps {
  id: string;
  state: NewVersionInfoState;
  onRetry: () => void;
}

/** The update dialog's 'See what's new' section: the new version's notes, or why they cannot be shown. */
export function NewVersionNotes({ id, state, onRetry }: NewVersionNotesProps) {
  const { t } = useTranslation('shell');
  let content;
  if (state.status === 'loaded') {
    const { info } = state;
    content = (
      <>
        <Text size="xs" c="dimmed">
          {t('update-new-version', { version: info.version, build: info.build })}
        </Text>
        {info.notes.length > 0 ? (
          <WhatsNewList notes={info.notes} label={t('update-new-version-notes')} />
        ) : (
          <Text size="sm">{t('update-notes-empty')}</Text>
        )}
      </>
    );
  } else if (state.status === 'failed') {
    content = (
      <Alert color="red" variant="light">
        <Text size="sm">{t('update-notes-failed')}</Text>
        <Button size="compact-sm" variant="subtle" mt={4} onClick={onRetry}>
          {t('try-again')}
        </Button>
      </Alert>
    );
  } else {
    content = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('update-notes-loading')}</Text>
      </Group>
    );
  }
  return (
    <Stack id={id} gap={6} role="region" aria-label={t('update-see-whats-new')} aria-live="polite">
      {content}
    </Stack>
  );
}
