import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras';
import { fullFrame, gridForCamera, RegionEditor, type Roi } from '../../motion-search';

export interface RegionStepProps {
  cameras: readonly Camera[];
  /** Per camera id; none means the whole frame. */
  regions: Record<number, Roi>;
  onChange: (cameraId: number, roi: Roi) => void;
}

/** Stage 2 of the camera selection: a region drawn per camera on its motion grid (the motion search's editor). */
export function RegionStep({ cameras, regions, onChange }: RegionStepProps) {
  const { t } = useTranslation('eventSearch');
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('region-help')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: cameras.length > 1 ? 2 : 1 }} spacing="sm">
        {cameras.map((camera) => {
          const name = cameraDisplayName(camera);
          return (
            <Stack key={camera.id} gap={4} data-testid="camera-region">
              <RegionEditor
                camera={camera}
                roi={regions[camera.id] ?? fullFrame(gridForCamera(camera))}
                label={t('region-of', { camera: name })}
                heading={
                  <Text size="sm" fw={500} truncate>
                    {name}
                  </Text>
                }
                onChange={(next) => onChange(camera.id, next)}
              />
            </Stack>
          );
        })}
      </SimpleGrid>
    </>
  );
}
