import { useState } from 'react';
import { AspectRatio, Center, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../cameraModel';

/** Until the player arrives: the camera's snapshot, or a 'Video coming soon' panel without one. */
export function CameraPreview({ camera }: { camera: Camera }) {
  const { t } = useTranslation('cameras');
  const snapshotUrl = camera.channel?.snapshot_url ?? null;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showSnapshot = snapshotUrl != null && failedUrl !== snapshotUrl;

  return (
    <AspectRatio
      ratio={16 / 9}
      maw={1280}
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 8, overflow: 'hidden' }}
    >
      {showSnapshot ? (
        <img
          src={snapshotUrl}
          alt={t('camera-snapshot', { name: cameraDisplayName(camera) })}
          style={{ objectFit: 'contain' }}
          onError={() => setFailedUrl(snapshotUrl)}
        />
      ) : (
        <Center data-testid="video-coming-soon">
          <Stack align="center" gap="xs" c="dimmed">
            <IconVideo size={40} aria-hidden />
            <Text>{t('video-coming-soon')}</Text>
          </Stack>
        </Center>
      )}
    </AspectRatio>
  );
}
