import { ActionIcon, Badge, Box, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatClock, type TimeMode } from '../../timeline';
import { SIMILARITY_THUMBNAILS, type SimilarityThumbnailSize } from '../constants';
import type { CameraResults } from '../similarityResults';
import { TrackThumbnail } from './TrackThumbnail';

export interface CameraResultsCardProps {
  results: CameraResults;
  cameraName: string;
  thumbnailSize: SimilarityThumbnailSize;
  /** Thumbnails per row. */
  columns: number;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (index: number) => void;
  onHide: () => void;
}

const GAP_PX = 8;

/** One camera's results of a day: its name, count and a hide button, then its thumbnails in rows of `columns`. */
export function CameraResultsCard(props: CameraResultsCardProps) {
  const { results, cameraName, columns, timeZone, timeMode, onOpen } = props;
  const { t } = useTranslation('similaritySearch');
  const size = SIMILARITY_THUMBNAILS[props.thumbnailSize];
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="camera-card" data-serial={results.serial}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {cameraName}
          </Text>
          <Badge variant="light">{t('result-count', { count: results.entries.length })}</Badge>
        </Group>
        <Tooltip label={t('hide-camera', { camera: cameraName })}>
          <ActionIcon variant="subtle" aria-label={t('hide-camera', { camera: cameraName })} onClick={props.onHide}>
            <IconEyeOff size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box
        data-testid="thumbnail-rows"
        data-columns={columns}
        style={{ display: 'grid', gap: GAP_PX, gridTemplateColumns: `repeat(${columns}, ${size.width}px)`, overflowX: 'auto' }}
      >
        {results.entries.map(({ track, index }) => {
          const time = formatClock(track.t0, timeZone, timeMode);
          const value = Math.round(track.similarityPercent ?? 0);
          return (
            <UnstyledButton
              key={`${track.serial}-${track.trackId}`}
              onClick={() => onOpen(index)}
              aria-label={t('result-label', { camera: cameraName, time, value })}
              data-testid="similar-result"
            >
              <TrackThumbnail b64Image={track.b64Image} width={size.width} height={size.height} alt="" />
              <Text size="xs" c="dimmed" mt={2}>
                {time} · {t('match', { value })}
              </Text>
            </UnstyledButton>
          );
        })}
      </Box>
    </Paper>
  );
}
