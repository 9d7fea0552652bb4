import { Center, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jpegSource } from '../similarityResults';

export interface TrackThumbnailProps {
  /** The track's base64 JPEG; none: 'failed to load thumbnail'. */
  b64Image: string | null;
  width: number;
  height: number;
  /** The image's text alternative (its object class), empty when a label says it already. */
  alt: string;
}

/** A tracked person's or vehicle's thumbnail in a box of the given size; 'failed to load thumbnail' without one. */
export function TrackThumbnail({ b64Image, width, height, alt }: TrackThumbnailProps) {
  const { t } = useTranslation('motionSearch');
  const [failed, setFailed] = useState<string | null>(null);
  const box = { width, height, borderRadius: 4, background: 'var(--mantine-color-dark-6)', flexShrink: 0 } as const;
  if (!b64Image || failed === b64Image) {
    return (
      <Center style={box} data-testid="track-thumbnail-failed">
        <Text size="xs" c="dimmed" ta="center">
          {t('failed-to-load-thumbnail')}
        </Text>
      </Center>
    );
  }
  return (
    <img
      src={jpegSource(b64Image)}
      alt={alt}
      onError={() => setFailed(b64Image)}
      style={{ ...box, display: 'block', objectFit: 'contain' }}
      data-testid="track-thumbnail"
    />
  );
}
