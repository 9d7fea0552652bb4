import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FLOOR_PLAN_DOCS_URL } from '../constants';

/** Shown instead of the map when no camera has a position: how to place cameras on a floor plan. */
export function NoPlacementHelp({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('cameras');
  return (
    <Stack gap={compact ? 4 : 'sm'} align="flex-start" p={compact ? 'xs' : 'md'} data-testid="no-placement-help">
      <IconMapPinOff size={compact ? 20 : 32} aria-hidden />
      <Title order={compact ? 6 : 4}>{t('no-placement-title')}</Title>
      <Text size="sm">{t('no-placement-intro')}</Text>
      {!compact && (
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t('no-placement-step-upload')}</List.Item>
          <List.Item>{t('no-placement-step-place')}</List.Item>
          <List.Item>{t('no-placement-step-rotate')}</List.Item>
        </List>
      )}
      <Anchor href={FLOOR_PLAN_DOCS_URL} target="_blank" rel="noopener" size="sm">
        {t('floorplan-info-link')}
      </Anchor>
    </Stack>
  );
}
