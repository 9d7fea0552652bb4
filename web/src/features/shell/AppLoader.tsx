import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AppLoader() {
  const { t } = useTranslation('shell');
  return (
    <Center h="100vh">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text c="dimmed">{t('initializing')}</Text>
      </Stack>
    </Center>
  );
}
