import { ActionIcon, Button, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconEdit, IconPlayerPlay, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/hooks';
import { useCanEditWalls } from '../page/wallEditing';
import { type WallRotation, useGetRotationsQuery } from '../rotationsApi';
import type { VideoWall } from '../wallsApi';
import { AllRotationsModal } from './AllRotationsModal';
import { RotationModal } from './RotationModal';
import { useRotationActions } from './useRotationActions';
import type { WallCycle } from './useWallCycle';

export interface RotationControlsProps {
  networkId: number;
  walls: readonly VideoWall[];
  cycle: WallCycle;
}

/** Rotations list height in the sidebar before it scrolls. */
const LIST_MAX_HEIGHT_PX = 180;

/**
 * The sidebar's rotation controls (spec 02 §2): the network's rotations, each with start/stop; for users who may edit
 * walls 'New rotation' and edit; 'All rotations' lists them all (edit, delete, copy link).
 */
export function RotationControls({ networkId, walls, cycle }: RotationControlsProps) {
  const { t } = useTranslation('walls');
  const orgId = useCurrentUser()?.org_id;
  const canEdit = useCanEditWalls(networkId);
  const { data: rotations, isLoading, isError } = useGetRotationsQuery(orgId ? { orgId, networkId } : skipToken);
  const actions = useRotationActions(orgId ?? 0, networkId);
  const [editing, setEditing] = useState<{ rotation: WallRotation | null } | null>(null);
  const [listOpen, setListOpen] = useState(false);

  const startOrStop = (rotation: WallRotation, running: boolean) => {
    if (running) cycle.stop();
    else cycle.start(rotation.videoWallSequence.map(Number), rotation.waitDuration);
  };
  const submit = async (body: Parameters<typeof actions.save>[1]) => {
    const saved = await actions.save(editing?.rotation ?? null, body);
    if (saved) setEditing(null);
    return saved;
  };

  return (
    <Stack component="section" aria-label={t('rotations')} gap={4} data-testid="rotation-controls">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('rotations')}
        </Text>
        {canEdit && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} aria-hidden />} onClick={() => setEditing({ rotation: null })}>
            {t('new-rotation')}
          </Button>
        )}
      </Group>
      {isLoading && <Loader size="xs" aria-label={t('rotations')} />}
      {isError && (
        <Text size="xs" c="red">
          {t('rotations-failed-to-load')}
        </Text>
      )}
      {rotations && rotations.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('no-rotations')}
        </Text>
      )}
      {rotations && rotations.length > 0 && (
        <ScrollArea.Autosize mah={LIST_MAX_HEIGHT_PX} type="auto">
          <ul aria-label={t('rotations')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rotations.map((rotation) => {
              const running = cycle.isRunning(rotation.videoWallSequence.map(Number), rotation.waitDuration);
              const label = t(running ? 'stop-rotation-named' : 'start-rotation', { name: rotation.name });
              return (
                <li key={rotation.id} data-running={running}>
                  <Group gap={4} wrap="nowrap" justify="space-between" py={2}>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" truncate fw={running ? 600 : undefined}>
                        {rotation.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('rotation-summary', { count: rotation.videoWallSequence.length, seconds: rotation.waitDuration })}
                      </Text>
                    </div>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant={running ? 'filled' : 'subtle'}
                        color={running ? 'red' : undefined}
                        aria-label={label}
                        title={label}
                        disabled={!running && rotation.videoWallSequence.length === 0}
                        onClick={() => startOrStop(rotation, running)}
                      >
                        {running ? <IconPlayerStop size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
                      </ActionIcon>
                      {canEdit && (
                        <ActionIcon variant="subtle" aria-label={t('edit-rotation-named', { name: rotation.name })} onClick={() => setEditing({ rotation })}>
                          <IconEdit size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Group>
                </li>
              );
            })}
          </ul>
        </ScrollArea.Autosize>
      )}
      {rotations && rotations.length > 0 && (
        <Button size="compact-xs" variant="default" onClick={() => setListOpen(true)}>
          {t('all-rotations')}
        </Button>
      )}
      <RotationModal
        opened={editing !== null}
        rotation={editing?.rotation ?? null}
        walls={walls}
        saving={actions.saving}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
      <AllRotationsModal
        opened={listOpen}
        networkId={networkId}
        rotations={rotations ?? []}
        canEdit={canEdit}
        deleting={actions.deleting}
        onEdit={(rotation) => {
          setListOpen(false);
          setEditing({ rotation });
        }}
        onDelete={actions.remove}
        onClose={() => setListOpen(false)}
      />
    </Stack>
  );
}
