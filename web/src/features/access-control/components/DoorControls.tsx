import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { useQuickGrantMutation } from '../accessEventsApi';
import type { CameraDoor } from '../types';

export interface DoorControlsProps {
  camera: Camera;
  doors: readonly CameraDoor[];
}

/**
 * The 'Controls' tab (spec 03 §2, §4 "Access quick grant"): a row per door of the camera whose integration may issue
 * commands, each with 'Unlock' (a quick grant). The server asks for the write right on a camera mapped to the door:
 * without it on this camera the buttons are disabled, with a note.
 */
export function DoorControls({ camera, doors }: DoorControlsProps) {
  const { t } = useTranslation('accessControl');
  const canWrite = camera.permissions?.write !== false;
  return (
    <Stack gap="sm" data-testid="door-controls">
      {!canWrite && (
        <Alert color="gray" icon={<IconInfoCircle size={16} aria-hidden />} data-testid="unlock-needs-write">
          {t('unlock-needs-write')}
        </Alert>
      )}
      <Stack gap="xs" component="ul" aria-label={t('doors')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {doors
          .filter((door) => door.canIssueCommands)
          .map((door) => (
            <li key={door.uuid}>
              <DoorControl orgId={camera.organization_id} door={door} disabled={!canWrite} />
            </li>
          ))}
      </Stack>
    </Stack>
  );
}

/** One door: its name and 'Unlock', busy while the grant is on its way, then a success or failure notice. */
function DoorControl({ orgId, door, disabled }: { orgId: number; door: CameraDoor; disabled: boolean }) {
  const { t } = useTranslation('accessControl');
  const [grant, { isLoading }] = useQuickGrantMutation();
  const unlock = async () => {
    const granted = await grant({ orgId, doorUuid: door.uuid })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    notifications.show(
      granted
        ? { title: door.name, message: t('access-grant-success'), color: 'green' }
        : { title: door.name, message: t('access-grant-failed-error'), color: 'red' },
    );
  };
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="door-control" data-door-uuid={door.uuid}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={500} truncate>
          {door.name}
        </Text>
        <Button
          size="compact-sm"
          leftSection={<IconLockOpen size={14} aria-hidden />}
          loading={isLoading}
          disabled={disabled}
          aria-label={t('unlock-door', { door: door.name })}
          onClick={() => void unlock()}
        >
          {t('unlock')}
        </Button>
      </Group>
    </Paper>
  );
}
