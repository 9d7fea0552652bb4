import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIMILARITY_THUMBNAILS } from '../constants';
import type { PersonOfInterest as Poi } from '../hooks/usePersonOfInterest';
import { TrackThumbnail } from './TrackThumbnail';

export interface PersonOfInterestProps {
  poi: Poi;
  /** The track's camera and time as shown. */
  caption: string;
  onRemove: () => void;
}

const SIZE = SIMILARITY_THUMBNAILS.medium;

/** The 'Person of Interest' box: the searched track's image and 'remove', which goes back to the events page. */
export function PersonOfInterest({ poi, caption, onRemove }: PersonOfInterestProps) {
  const { t } = useTranslation('similaritySearch');
  let image;
  if (poi.isLoading) {
    image = (
      <Center w={SIZE.width} h={SIZE.height}>
        <Loader size="sm" aria-label={t('loading-poi')} />
      </Center>
    );
  } else if (poi.isError) {
    image = (
      <Center w={SIZE.width} h={SIZE.height}>
        <Text size="xs" c="dimmed">
          {t('failed-to-load-thumbnails')}
        </Text>
      </Center>
    );
  } else {
    const alt = poi.track ? t(`object-${poi.track.objectClass}`) : '';
    image = <TrackThumbnail b64Image={poi.track?.data.b64Image ?? null} width={SIZE.width} height={SIZE.height} alt={alt} />;
  }
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="person-of-interest">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={600}>
          {t('person-of-interest')}
        </Text>
        {image}
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
        <Button size="compact-sm" variant="default" leftSection={<IconX size={14} aria-hidden />} onClick={onRemove}>
          {t('remove')}
        </Button>
      </Stack>
    </Paper>
  );
}
