import { ActionIcon, Badge, Group, Table, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName, isCameraOnline } from '../../cameras/cameraModel';

export interface CameraTableProps {
  cameras: Camera[];
  onEdit: (camera: Camera) => void;
  onRemove: (camera: Camera) => void;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function byName(a: Camera, b: Camera): number {
  return collator.compare(cameraDisplayName(a), cameraDisplayName(b)) || a.id - b.id;
}

/** The network's cameras by name with their Edit and Remove actions. */
export function CameraTable({ cameras, onEdit, onRemove }: CameraTableProps) {
  const { t } = useTranslation('admin');
  const rows = [...cameras].sort(byName).map((camera) => {
    const name = cameraDisplayName(camera);
    const online = isCameraOnline(camera);
    return (
      <Table.Tr key={camera.id}>
        <Table.Th scope="row" fw={500}>
          {name}
        </Table.Th>
        <Table.Td>{camera.model}</Table.Td>
        <Table.Td>
          <Group gap={4}>
            {camera.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        </Table.Td>
        <Table.Td>
          <Badge color={online ? 'green' : 'gray'}>{online ? t('online') : t('offline')}</Badge>
        </Table.Td>
        <Table.Td>
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('edit')}>
              <ActionIcon variant="subtle" aria-label={t('edit-named', { name })} onClick={() => onEdit(camera)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('remove')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('remove-named', { name })}
                onClick={() => onRemove(camera)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  });
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('cameras-table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('column-name')}</Table.Th>
            <Table.Th scope="col">{t('column-model')}</Table.Th>
            <Table.Th scope="col">{t('column-tags')}</Table.Th>
            <Table.Th scope="col">{t('column-status')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('column-actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
