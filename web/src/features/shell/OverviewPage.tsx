import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CenteredPanel } from '../../components/CenteredPanel';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useNetworks } from '../auth/hooks';
import { filterNetworks } from '../network-select/sortNetworks';
import { shellActions } from './shellSlice';

/** `/overview`: the organization and its networks. */
export function OverviewPage() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const organization = useAppSelector((state) => state.app.env?.organization);
  const networks = filterNetworks(useNetworks(), '');
  if (!organization) {
    return (
      <CenteredPanel icon={<IconBuilding size={48} aria-hidden />} title={t('select-organization')}>
        <Button onClick={() => dispatch(shellActions.dialogOpened('change-org'))}>{t('change-organization')}</Button>
      </CenteredPanel>
    );
  }
  return (
    <Stack p="xl" gap="lg">
      <Title order={1} fz="h2">
        {organization.name}
      </Title>
      <Text c="dimmed">{t('overview-networks', { count: networks.length })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {networks.map((network) => (
          <Paper
            key={network.id}
            component={Link}
            to={`/n/${network.id}/cameras`}
            withBorder
            p="lg"
            radius="md"
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <Text fw={600}>{network.name}</Text>
            <Text size="sm" c="dimmed">
              {network.timezone}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
