import { Anchor, Button, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRelatedWalls } from '../../walls/useRelatedWalls';
import { wallDisplayName, wallPath } from '../../walls/wallModel';

export interface RelatedWallsPopoverProps {
  networkId: number;
  channelId: number;
}

/** 'Related walls' button of the camera header; its popover links every wall showing the camera's channel. */
export function RelatedWallsPopover({ networkId, channelId }: RelatedWallsPopoverProps) {
  const { t } = useTranslation('cameras');
  const { walls, isLoading, isError, refetch } = useRelatedWalls(networkId, channelId);
  const label = isLoading || isError ? t('related-walls') : t('related-walls-count', { count: walls.length });
  return (
    <Popover position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" leftSection={<IconLayoutGrid size={14} aria-hidden />}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="related-walls">
        {isLoading ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('loading-walls')}</Text>
          </Group>
        ) : isError ? (
          <Group gap="xs">
            <Text size="sm" c="red">
              {t('walls-failed-to-load')}
            </Text>
            <Button variant="light" size="compact-xs" onClick={refetch}>
              {t('walls-try-again')}
            </Button>
          </Group>
        ) : walls.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('related-walls-empty')}
          </Text>
        ) : (
          <Stack gap={4} maw={320} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {walls.map((wall) => (
              <li key={wall.id}>
                <Anchor component={Link} to={wallPath(networkId, wall.id)} size="sm">
                  {wallDisplayName(wall, t('untitled-wall'))}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
