import { Badge, Button, Group, Popover, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 'Tags' button of the camera header; its popover lists the camera's tags. */
export function CameraTagsPopover({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation('cameras');
  return (
    <Popover position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" leftSection={<IconTags size={14} aria-hidden />}>
          {t('tags-count', { count: tags.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('no-tags')}
          </Text>
        ) : (
          <Group gap={4} maw={280} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {tags.map((tag) => (
              <Badge key={tag} component="li" variant="light" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
