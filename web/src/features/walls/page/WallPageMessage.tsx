import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface WallPageMessageProps {
  title: string;
  description?: string;
  loading?: boolean;
  /** Shows a Reload button (the page-error state). */
  reload?: boolean;
  testId?: string;
  /** An action under the message (e.g. 'Create wall'). */
  children?: ReactNode;
}

/** Centred message of the wall area: loading, page error, not found or no walls. */
export function WallPageMessage({ title, description, loading = false, reload = false, testId, children }: WallPageMessageProps) {
  const { t } = useTranslation('walls');
  return (
    <Center mih={240} p="lg" w="100%" data-testid={testId}>
      <Stack align="center" gap="xs" role={loading ? 'status' : undefined} maw={480}>
        {loading && <Loader size="md" aria-hidden />}
        <Title order={3} fw={500}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" ta="center">
            {description}
          </Text>
        )}
        {reload && (
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('reload')}
          </Button>
        )}
        {children}
      </Stack>
    </Center>
  );
}

/** The states every wall route shares while the wall list is not there. */
export function WallsLoading() {
  const { t } = useTranslation('walls');
  return <WallPageMessage loading title={t('loading-walls')} />;
}

export function WallsError() {
  const { t } = useTranslation('walls');
  return <WallPageMessage title={t('something-went-wrong')} description={t('reload-or-try-later')} reload />;
}
