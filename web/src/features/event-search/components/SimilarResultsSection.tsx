import { Alert, Button, Checkbox, CloseButton, Group, Loader, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIMILARITY_THUMBNAILS, TOLERANCE_MAX, TrackThumbnail } from '../../similarity-search';
import type { ResultFilters } from '../results';
import { objectOfTrack, offeredTracks, type SimilarObject, type SimilarResults, similarKey } from '../similarResults';
import { FilterSection } from './FilterSection';

export interface SimilarResultsSectionProps {
  results: SimilarResults;
  filters: ResultFilters;
  cameraName: (cameraId: number) => string;
  onTolerance: (tolerance: number) => void;
  onToggle: (object: SimilarObject) => void;
  onRetry: () => void;
  onClose: () => void;
}

const SIZE = SIMILARITY_THUMBNAILS.small;

/**
 * The similar results of a 'Find similar' (spec 03 §4, §5): the object searched from, then while loading a loader, on
 * failure 'Cross camera search failed' with Retry, else the tolerance slider (0..70 shown inverted: the least
 * similarity it lets through) and the results within it as cards to choose; the chosen ones filter the events.
 */
export function SimilarResultsSection(props: SimilarResultsSectionProps) {
  const { t } = useTranslation('eventSearch');
  const { results, filters } = props;
  // The tolerance being dragged; it chooses again when released.
  const [draft, setDraft] = useState<number | null>(null);
  const tolerance = draft ?? results.tolerance;
  const object = t(`object-${results.source.objectClass}`);
  const isChosen = (id: string, objectClass: SimilarObject['objectClass']) =>
    filters[similarKey(objectClass)].some((entry) => entry.id === id);

  let body;
  if (results.status === 'loading') {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="xs">{t('loading-similar')}</Text>
      </Group>
    );
  } else if (results.status === 'failed') {
    body = (
      <Alert color="red" p="xs" data-testid="similar-failed">
        <Stack gap={4}>
          <Text size="sm">{t('cross-camera-search-failed')}</Text>
          {results.error && (
            <Text size="xs" c="dimmed">
              {results.error.kind === 'request' ? results.error.messages.join(' ') : t(`job-error-${results.error.kind}`)}
            </Text>
          )}
          <Button size="compact-xs" variant="default" onClick={props.onRetry}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const offered = offeredTracks({ tracks: results.tracks, tolerance });
    body = (
      <>
        <Stack gap={2}>
          <Text size="xs">{t('similarity-tolerance')}</Text>
          <Slider
            thumbLabel={t('similarity-tolerance')}
            min={0}
            max={TOLERANCE_MAX}
            step={1}
            inverted
            value={tolerance}
            label={(value) => t('least-similarity', { percent: 100 - value })}
            onChange={setDraft}
            onChangeEnd={(value) => {
              setDraft(null);
              if (value !== results.tolerance) props.onTolerance(value);
            }}
            data-testid="tolerance-slider"
          />
          <Text size="xs" c="dimmed" data-testid="tolerance-text">
            {t('least-similarity', { percent: 100 - tolerance })}
          </Text>
        </Stack>
        {offered.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('no-similar-results')}
          </Text>
        ) : (
          <SimpleGrid cols={2} spacing={6}>
            {offered.map((track) => {
              const chosen = objectOfTrack(track);
              const camera = props.cameraName(track.cameraId);
              const percent = Math.round(track.similarityPercent ?? 0);
              const label = t('similar-choice', { camera, percent });
              return (
                <Checkbox.Card
                  key={chosen.id}
                  checked={isChosen(chosen.id, chosen.objectClass)}
                  onChange={() => props.onToggle(chosen)}
                  aria-label={label}
                  p={4}
                  radius="sm"
                  data-testid="similar-choice"
                >
                  <Stack gap={2} align="center">
                    <TrackThumbnail b64Image={track.b64Image} width={SIZE.width} height={SIZE.height} alt="" />
                    {/* Only the camera name gives way (ellipsis, the full name in its title); the percentage stays. */}
                    <Group gap={4} wrap="nowrap" w="100%" justify="center">
                      <Checkbox.Indicator size="xs" style={{ flexShrink: 0 }} />
                      <Text
                        size="xs"
                        truncate
                        title={camera}
                        style={{ minWidth: 0 }}
                        data-testid="similar-choice-camera"
                      >
                        {camera}
                      </Text>
                      <Text
                        size="xs"
                        style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                        data-testid="similar-choice-percent"
                      >
                        {t('similar-choice-percent', { percent })}
                      </Text>
                    </Group>
                  </Stack>
                </Checkbox.Card>
              );
            })}
          </SimpleGrid>
        )}
      </>
    );
  }
  return (
    <FilterSection title={t('similar-results')} testId="similar-results">
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <TrackThumbnail b64Image={results.source.b64Image} width={SIZE.width} height={SIZE.height} alt={object} />
          <Text size="xs" c="dimmed">
            {t('similar-to', { object, camera: props.cameraName(results.source.cameraId) })}
          </Text>
        </Group>
        <CloseButton size="sm" aria-label={t('close-similar')} onClick={props.onClose} />
      </Group>
      {body}
    </FilterSection>
  );
}
