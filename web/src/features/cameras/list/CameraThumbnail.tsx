import { useState } from 'react';
import { Box, Center, Text } from '@mantine/core';
import { IconPhotoOff, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { isCameraOnline } from '../cameraModel';

export interface CameraThumbnailProps {
  camera: Pick<Camera, 'status' | 'channel'>;
  width: number;
  height: number;
}

/**
 * Snapshot of a camera, a neutral placeholder without one, a fallback icon when it fails to load;
 * 'Offline' over offline cameras.
 */
export function CameraThumbnail({ camera, width, height }: CameraThumbnailProps) {
  const { t } = useTranslation('cameras');
  const snapshotUrl = camera.channel?.snapshot_url ?? null;
  // The url changes with each channel refresh; a failure belongs to one url only.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const online = isCameraOnline(camera);

  let content;
  if (snapshotUrl && failedUrl !== snapshotUrl) {
    content = (
      <img
        src={snapshotUrl}
        alt=""
        width={width}
        height={height}
        loading="lazy"
        style={{ objectFit: 'cover', display: 'block', width, height }}
        onError={() => setFailedUrl(snapshotUrl)}
      />
    );
  } else if (snapshotUrl) {
    content = (
      <Center h={height} data-testid="thumbnail-fallback">
        <IconPhotoOff size={18} aria-label={t('snapshot-unavailable')} role="img" />
      </Center>
    );
  } else {
    content = (
      <Center h={height} data-testid="thumbnail-placeholder">
        <IconVideo size={18} aria-hidden />
      </Center>
    );
  }

  return (
    <Box
      pos="relative"
      w={width}
      h={height}
      bg="var(--mantine-color-default-hover)"
      c="dimmed"
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
    >
      {content}
      {!online && (
        <Center pos="absolute" inset={0} bg="rgba(0, 0, 0, 0.55)">
          <Text size="xs" fw={600} c="white">
            {t('offline')}
          </Text>
        </Center>
      )}
    </Box>
  );
}
