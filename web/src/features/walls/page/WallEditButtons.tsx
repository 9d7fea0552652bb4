import { Button } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NEW_WALL_ID, useCanEditWalls, wallEditorPath } from './wallEditing';

/** 'Create wall': the editor of a new wall; nothing for users who may not edit the network's walls. */
export function CreateWallButton({ networkId, fullWidth = false }: { networkId: number; fullWidth?: boolean }) {
  const { t } = useTranslation('walls');
  if (!useCanEditWalls(networkId)) return null;
  return (
    <Button component={Link} to={wallEditorPath(networkId, NEW_WALL_ID)} leftSection={<IconPlus size={14} aria-hidden />} fullWidth={fullWidth}>
      {t('create-wall')}
    </Button>
  );
}

/** 'Edit wall': the wall in the editor; nothing for users who may not edit the network's walls. */
export function EditWallButton({ networkId, wallId }: { networkId: number; wallId: number }) {
  const { t } = useTranslation('walls');
  if (!useCanEditWalls(networkId)) return null;
  return (
    <Button component={Link} to={wallEditorPath(networkId, wallId)} variant="default" size="compact-sm" leftSection={<IconEdit size={14} aria-hidden />}>
      {t('edit-wall')}
    </Button>
  );
}
