import { Avatar, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Network } from '../../api/types';
import { filterNetworks } from './sortNetworks';

export interface NetworkListProps {
  networks: Network[];
  currentNetworkId?: number;
  onNavigate?: () => void;
}

/** Searchable list of networks, each linking to its camera page. */
export function NetworkList({ networks, currentNetworkId, onNavigate }: NetworkListProps) {
  const { t } = useTranslation('shell');
  const [search, setSearch] = useState('');
  const visible = useMemo(() => filterNetworks(networks, search), [networks, search]);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('networks-search-label')}
        placeholder={t('networks-search-placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      <ScrollArea.Autosize mah={360}>
        {visible.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {t('networks-search-empty')}
          </Text>
        ) : (
          <nav aria-label={t('networks')}>
            {visible.map((network) => (
              <NavLink
                key={network.id}
                component={Link}
                to={`/n/${network.id}/cameras`}
                label={network.name}
                active={network.id === currentNetworkId}
                leftSection={
                  <Avatar size="sm" radius="sm" color="blue" aria-hidden>
                    {network.name.charAt(0).toUpperCase()}
                  </Avatar>
                }
                onClick={onNavigate}
              />
            ))}
          </nav>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}
