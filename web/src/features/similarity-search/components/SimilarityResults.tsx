import { Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayHeading } from '../../event-search/results';
import type { TimeMode } from '../../timeline';
import type { SimilarityThumbnailSize } from '../constants';
import type { SimilarityJobState } from '../hooks/useSimilarityJob';
import { groupResults } from '../similarityResults';
import type { SimilarTrack } from '../types';
import { CameraResultsCard } from './CameraResultsCard';

export interface SimilarityResultsProps {
  job: SimilarityJobState;
  /** The results shown (threshold, hidden cameras, order applied). */
  shown: readonly SimilarTrack[];
  thumbnailSize: SimilarityThumbnailSize;
  columns: number;
  cameraName: (serial: string) => string;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (index: number) => void;
  onHide: (serial: string) => void;
  onRetry: () => void;
}

/**
 * The body: a loader while the job runs; 'Cross camera search failed' with Retry when it failed; an empty placeholder
 * when nothing is shown; else the results by day ('Monday - January 1st', with a count), one card per camera.
 */
export function SimilarityResults(props: SimilarityResultsProps) {
  const { t, i18n } = useTranslation('similaritySearch');
  const { job } = props;
  if (job.status === 'idle' || job.status === 'loading') {
    return (
      <Center py="xl">
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('searching')}</Text>
        </Group>
      </Center>
    );
  }
  if (job.status === 'failed') {
    return (
      <Center py="xl">
        <Alert color="red" title={t('cross-camera-search-failed')} data-testid="similarity-failed" maw={480}>
          <Stack gap="xs" align="flex-start">
            {job.error && (
              <Text size="sm">
                {job.error.kind === 'request' ? job.error.messages.join(' ') : t(`job-error-${job.error.kind}`)}
              </Text>
            )}
            <Button variant="default" onClick={props.onRetry}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  if (props.shown.length === 0) {
    return (
      <Center py="xl" data-testid="similarity-empty">
        <Stack align="center" gap="xs">
          <IconMoodEmpty size={36} aria-hidden />
          <Text>{t('no-results')}</Text>
          {job.results.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('no-results-hint')}
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
  return (
    <Stack gap="lg" data-testid="similarity-results">
      {groupResults(props.shown, props.timeZone).map((day) => (
        <Stack key={day.day} component="section" gap="xs" data-testid="similarity-day" data-day={day.day}>
          <Group gap="xs">
            <Text fw={600} component="h3" m={0} size="md">
              {dayHeading(day.day, i18n.language)}
            </Text>
            <Badge variant="light" data-testid="day-count">
              {t('result-count', { count: day.count })}
            </Badge>
          </Group>
          {day.cameras.map((camera) => (
            <CameraResultsCard
              key={camera.serial}
              results={camera}
              cameraName={props.cameraName(camera.serial)}
              thumbnailSize={props.thumbnailSize}
              columns={props.columns}
              timeZone={props.timeZone}
              timeMode={props.timeMode}
              onOpen={props.onOpen}
              onHide={() => props.onHide(camera.serial)}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
