import { Center, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An event image (loaded with the browser's cookie); an empty frame without one, 'failed to load thumbnail' when broken. */
export function EventImage({ src, maxHeight }: { src: string | null | undefined; maxHeight?: number }) {
  const { t } = useTranslation('motionSearch');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = { width: '100%', aspectRatio: '16 / 9', borderRadius: 4, background: 'var(--mantine-color-dark-6)' };
  if (!src) {
    // The server has no image for this event (yet): an empty frame, not an error.
    return (
      <Center style={box} data-testid="event-no-image">
        <IconPhotoOff size={20} color="var(--mantine-color-dimmed)" aria-hidden />
      </Center>
    );
  }
  if (failedSrc === src) {
    return (
      <Center style={box}>
        <Text size="xs" c="dimmed">
          {t('failed-to-load-thumbnail')}
        </Text>
      </Center>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailedSrc(src)}
      style={{ ...box, display: 'block', objectFit: 'contain', maxHeight }}
    />
  );
}
