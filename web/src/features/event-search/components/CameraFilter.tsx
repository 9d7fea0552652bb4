import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras';
import { MAX_EVENT_SEARCH_CAMERAS } from '../constants';
import { FilterSection } from './FilterSection';

export interface CameraFilterProps {
  cameras: readonly Camera[];
  hiddenCameras: readonly number[];
  /** Cameras whose search failed (their events are missing). */
  failedCameras: readonly number[];
  incompatibleCameras: readonly number[];
  onSelect: () => void;
  onToggleHidden: (cameraId: number) => void;
}

/** The sidebar's cameras: the selected ones (each can hide its results) and the button of the selection modal. */
export function CameraFilter(props: CameraFilterProps) {
  const { cameras, hiddenCameras, failedCameras, incompatibleCameras, onSelect, onToggleHidden } = props;
  const { t } = useTranslation('eventSearch');
  return (
    <FilterSection title={t('cameras-filter', { count: cameras.length, max: MAX_EVENT_SEARCH_CAMERAS })} testId="camera-filter">
      {cameras.length > 0 && (
        <Stack gap={4}>
          {cameras.map((camera) => {
            const name = cameraDisplayName(camera);
            const hidden = hiddenCameras.includes(camera.id);
            const label = hidden ? t('show-camera-results', { camera: name }) : t('hide-camera-results', { camera: name });
            return (
              <Group key={camera.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="selected-camera">
                <Text size="sm" truncate c={hidden ? 'dimmed' : undefined}>
                  {name}
                  {failedCameras.includes(camera.id) && (
                    <Text span size="xs" c="yellow">
                      {` · ${t('camera-request-failed')}`}
                    </Text>
                  )}
                  {incompatibleCameras.includes(camera.id) && (
                    <Text span size="xs" c="yellow">
                      {` · ${t('incompatible')}`}
                    </Text>
                  )}
                </Text>
                <Tooltip label={label}>
                  <ActionIcon variant="subtle" size="sm" aria-label={label} aria-pressed={hidden} onClick={() => onToggleHidden(camera.id)}>
                    {hidden ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}
      <Button variant="default" leftSection={<IconVideo size={16} aria-hidden />} onClick={onSelect}>
        {cameras.length === 0 ? t('select-cameras') : t('edit-cameras')}
      </Button>
    </FilterSection>
  );
}
