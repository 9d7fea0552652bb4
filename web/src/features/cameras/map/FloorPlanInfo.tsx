import { ActionIcon, Anchor, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FLOOR_PLAN_DOCS_URL } from '../constants';

/** Info button whose tooltip explains the map and links to the placement documentation. */
export function FloorPlanInfo() {
  const { t } = useTranslation('cameras');
  return (
    <Popover width={260} position="bottom-end" withArrow shadow="md" zIndex={1000}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('floorplan-info-label')}>
          <IconInfoCircle size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{t('floorplan-info-text')}</Text>
        <Anchor href={FLOOR_PLAN_DOCS_URL} target="_blank" rel="noopener" size="sm">
          {t('floorplan-info-link')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
