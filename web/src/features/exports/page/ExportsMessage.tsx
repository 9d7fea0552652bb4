import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The list's first load. */
export function ExportsLoading() {
  const { t } = useTranslation('exports');
  return (
    <Center mih={240} role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text>{t('loading')}</Text>
      </Stack>
    </Center>
  );
}

/** The list could not be loaded (spec 03 §8: 'An error occurred while fetching exports'; the page-error texts). */
export function ExportsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('exports');
  return (
    <Center mih={240} data-testid="exports-error">
      <Stack align="center" gap="xs" maw={480}>
        <IconAlertTriangle size={40} color="var(--mantine-color-yellow-5)" aria-hidden />
        <Title order={3} fw={500} ta="center">
          {t('fetch-error')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('page-error-description')}
        </Text>
        <Button variant="default" onClick={onRetry}>
          {t('try-again')}
        </Button>
      </Stack>
    </Center>
  );
}

/** No job at all ('No exports yet', how to make one), or none matching the filters. */
export function ExportsEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation('exports');
  return (
    <Center mih={240} data-testid="exports-empty">
      <Stack align="center" gap="xs" maw={480}>
        <IconFileExport size={40} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={3} fw={500}>
          {filtered ? t('no-matches') : t('empty-title')}
        </Title>
        <Text c="dimmed" ta="center">
          {filtered ? t('no-matches-hint') : t('empty-hint')}
        </Text>
      </Stack>
    </Center>
  );
}
