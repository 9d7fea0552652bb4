import { Button, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { browser } from '../../app/browser';
import { useAppSelector } from '../../app/hooks';

export function InitErrorScreen() {
  const { t } = useTranslation('shell');
  const errors = useAppSelector((state) => state.app.errors);
  return (
    <Center h="100vh" p="md">
      <Paper withBorder p="xl" radius="lg" maw={520} w="100%" role="alert">
        <Stack gap="md">
          <IconAlertTriangle size={40} color="var(--mantine-color-yellow-5)" aria-hidden />
          <Title order={1} fz="h3">
            {t('init-error-title')}
          </Title>
          <Text c="dimmed">{t('init-error-description')}</Text>
          {errors.length > 0 && (
            <List size="sm" spacing={4}>
              {errors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
          )}
          <Button leftSection={<IconReload size={16} aria-hidden />} onClick={() => browser.reload()}>
            {t('reload')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
