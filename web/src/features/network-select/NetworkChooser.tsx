import { Center, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useNetworks } from '../auth/hooks';
import { NetworkList } from './NetworkList';

/** `/n`: with exactly one network go straight to it, otherwise 'Select a network'. */
export function NetworkChooser() {
  const { t } = useTranslation('shell');
  const networks = useNetworks();
  if (networks.length === 1) return <Navigate to={`/n/${networks[0].id}`} replace />;
  return (
    <Center p="xl">
      <Paper withBorder p="xl" radius="lg" maw={520} w="100%">
        <Title order={1} fz="h3" mb="md">
          {t('select-a-network')}
        </Title>
        <NetworkList networks={networks} />
      </Paper>
    </Center>
  );
}
