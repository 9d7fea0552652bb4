import type { ReactElement } from 'react';
import { Badge, Group, HoverCard, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../cameraModel';
import { HOVER_CARD_OPEN_DELAY_MS } from '../constants';
import { CameraStatus } from '../status/CameraStatus';

export interface CameraHoverCardProps {
  camera: Camera;
  /** The element the card opens from; must accept a ref. */
  children: ReactElement;
}

/**
 * Hover (and focus) card of a list item: name, tags, model (when known), status (why offline) and notes. It only
 * informs, so the pointer passes through it: it opens beside the list over the viewer, and a card that caught the
 * pointer stayed open over the player's controls when the pointer went from the item to them (it covered Sound).
 */
export function CameraHoverCard({ camera, children }: CameraHoverCardProps) {
  return (
    <HoverCard position="right" width={260} openDelay={HOVER_CARD_OPEN_DELAY_MS} withinPortal shadow="md">
      <HoverCard.Target>{children}</HoverCard.Target>
      <HoverCard.Dropdown data-testid={`camera-hover-card-${camera.id}`} style={{ pointerEvents: 'none' }}>
        <CameraDetails camera={camera} />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

function CameraDetails({ camera }: { camera: Camera }) {
  const { t } = useTranslation('cameras');
  return (
    <Stack gap={6}>
      <Text fw={600}>{cameraDisplayName(camera)}</Text>
      <Group gap={4} aria-label={t('tags')}>
        {camera.tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('no-tags')}
          </Text>
        ) : (
          camera.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="light" tt="none">
              {tag}
            </Badge>
          ))
        )}
      </Group>
      {camera.model?.trim() && (
        <Text size="sm">
          {t('model')}: {camera.model}
        </Text>
      )}
      <Group gap={6} align="flex-start" wrap="nowrap">
        <Text size="sm">{t('status')}:</Text>
        <CameraStatus camera={camera} size="sm" />
      </Group>
      {camera.notes && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {t('notes')}: {camera.notes}
        </Text>
      )}
    </Stack>
  );
}
