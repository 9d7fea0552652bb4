import { Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconEye } from '@tabler/icons-react';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation('common');
  const iconSize = size === 'lg' ? 40 : 30;
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={iconSize} radius="md" variant="gradient" gradient={{ from: 'blue', to: 'cyan' }}>
        <IconEye size={iconSize * 0.6} aria-hidden />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 26 : 20} lts={1}>
        {t('app-name')}
      </Text>
    </Group>
  );
}
