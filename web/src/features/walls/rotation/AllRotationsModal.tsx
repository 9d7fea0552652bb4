import { ActionIcon, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconLink, IconTrash } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cycleQuery } from '../model/rotation';
import { WALL_TOAST_MS } from '../page/constants';
import type { WallRotation } from '../rotationsApi';
import { wallPath } from '../wallModel';

export interface AllRotationsModalProps {
  opened: boolean;
  networkId: number;
  rotations: readonly WallRotation[];
  canEdit: boolean;
  deleting: boolean;
  onEdit: (rotation: WallRotation) => void;
  /** Resolves true when deleted. */
  onDelete: (rotation: WallRotation) => Promise<boolean>;
  onClose: () => void;
}

/** The link that starts a rotation: its first wall with the cycle in the query (spec 02 §2 "shared"). */
export function rotationLink(networkId: number, rotation: WallRotation): string | null {
  const layoutIds = rotation.videoWallSequence.map(Number);
  if (layoutIds.length === 0) return null;
  const query = cycleQuery({ layoutIds, duration: rotation.waitDuration, autostart: true });
  return `${window.location.origin}${wallPath(networkId, layoutIds[0])}?${query}`;
}

/**
 * Every rotation of the network (spec 02 §2 "all-rotations modal"): copy its link, and for users who may edit walls
 * edit and delete (after 'Are you sure…' in the same dialog).
 */
export function AllRotationsModal({ opened, networkId, rotations, canEdit, deleting, onEdit, onDelete, onClose }: AllRotationsModalProps) {
  const { t } = useTranslation('walls');
  const [confirming, setConfirming] = useState<WallRotation | null>(null);
  const close = () => {
    if (deleting) return;
    setConfirming(null);
    onClose();
  };
  const share = async (rotation: WallRotation) => {
    const link = rotationLink(networkId, rotation);
    try {
      if (!link) throw new Error('no walls');
      await navigator.clipboard.writeText(link);
      notifications.show({ message: t('copied-to-clipboard'), color: 'green', autoClose: WALL_TOAST_MS });
    } catch {
      notifications.show({ message: t('copy-failed'), color: 'red', autoClose: WALL_TOAST_MS });
    }
  };
  const confirmDelete = async (rotation: WallRotation) => {
    if (await onDelete(rotation)) setConfirming(null);
  };

  return (
    <Modal opened={opened} onClose={close} title={t(confirming ? 'delete-rotation' : 'all-rotations')} size="lg">
      {confirming ? (
        <Stack gap="md">
          <Text>{t('delete-rotation-confirm', { name: confirming.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={deleting} data-autofocus>
              {t('rotation-cancel')}
            </Button>
            <Button color="red" onClick={() => void confirmDelete(confirming)} loading={deleting}>
              {t('rotation-delete')}
            </Button>
          </Group>
        </Stack>
      ) : rotations.length === 0 ? (
        <Text c="dimmed">{t('no-rotations')}</Text>
      ) : (
        <Table aria-label={t('all-rotations')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rotation-name')}</Table.Th>
              <Table.Th>{t('rotation-walls-column')}</Table.Th>
              <Table.Th>{t('wait-duration')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rotations.map((rotation) => (
              <Table.Tr key={rotation.id}>
                <Table.Td>{rotation.name}</Table.Td>
                <Table.Td>{rotation.videoWallSequence.length}</Table.Td>
                <Table.Td>{rotation.waitDuration}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('share-rotation-named', { name: rotation.name })} onClick={() => void share(rotation)}>
                      <IconLink size={16} aria-hidden />
                    </ActionIcon>
                    {canEdit && (
                      <>
                        <ActionIcon variant="subtle" aria-label={t('edit-rotation-named', { name: rotation.name })} onClick={() => onEdit(rotation)}>
                          <IconEdit size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('delete-rotation-named', { name: rotation.name })}
                          onClick={() => setConfirming(rotation)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
