import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerStop, IconRotate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { wallDisplayName } from '../wallModel';
import type { WallCycle } from './useWallCycle';

/** While a rotation runs: 'Rotating every N s', the next wall's name and 'Stop rotation' (spec 02 §4). */
export function RotationIndicator({ cycle }: { cycle: WallCycle }) {
  const { t } = useTranslation('walls');
  if (!cycle.active) return null;
  return (
    <Paper component="section" aria-label={t('rotation-running')} withBorder px="sm" py={4} data-testid="rotation-indicator">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconRotate size={16} aria-hidden />
          <Text size="sm">{t('rotating-every', { seconds: cycle.durationS })}</Text>
          {cycle.nextWall && (
            <Text size="sm" c="dimmed" truncate>
              {t('next-wall', { name: wallDisplayName(cycle.nextWall, t('untitled-wall')) })}
            </Text>
          )}
        </Group>
        <Button size="compact-sm" variant="default" leftSection={<IconPlayerStop size={14} aria-hidden />} onClick={cycle.stop}>
          {t('stop-rotation')}
        </Button>
      </Group>
    </Paper>
  );
}
