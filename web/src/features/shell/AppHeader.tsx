import { Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { GlobalSearchButton } from '../global-search/GlobalSearchButton';
import { UpdateButton } from './update/UpdateButton';
import { WhatsNewPopover } from './update/WhatsNewPopover';
import { UserMenu } from './UserMenu';

export interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          size="sm"
          aria-label={t(navOpened ? 'close-navigation' : 'open-navigation')}
        />
        <Link to="/n" aria-label={t('home')} style={{ textDecoration: 'none', color: 'inherit' }}>
          <Logo />
        </Link>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <GlobalSearchButton />
        <UpdateButton />
        <WhatsNewPopover />
        <UserMenu />
      </Group>
    </Group>
  );
}
