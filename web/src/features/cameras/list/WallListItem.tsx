import { ActionIcon, Group, Menu, NavLink } from '@mantine/core';
import { IconDots, IconLayoutGrid } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { wallEditorPath } from '../../walls/page/wallEditing';
import { cameraAreaWallPath, wallDisplayName } from '../../walls/wallModel';
import type { VideoWall } from '../../walls/wallsApi';

export interface WallListItemProps {
  wall: VideoWall;
  networkId: number;
  current: boolean;
  /** Users who may edit the network's walls get the menu (Edit, Delete). */
  canEdit: boolean;
  onDelete: (wall: VideoWall) => void;
}

/** A wall of the list's 'Walls' group: a link to it in the camera area, and its menu (Edit, Delete) beside it. */
export const WallListItem = memo(function WallListItem({ wall, networkId, current, canEdit, onDelete }: WallListItemProps) {
  const { t } = useTranslation('cameras');
  const name = wallDisplayName(wall, t('untitled-wall'));
  return (
    <Group gap={0} wrap="nowrap" h="100%" pr={4}>
      <NavLink
        component={Link}
        to={cameraAreaWallPath(networkId, wall.id)}
        active={current}
        aria-current={current ? 'page' : undefined}
        label={name}
        leftSection={<IconLayoutGrid size={16} aria-hidden />}
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
        h="100%"
        style={{ flex: 1, minWidth: 0 }}
        data-testid={`wall-list-item-${wall.id}`}
      />
      {canEdit && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('wall-actions', { name })}>
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={wallEditorPath(networkId, wall.id)}>
              {t('wall-edit')}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => onDelete(wall)}>
              {t('wall-delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
});
