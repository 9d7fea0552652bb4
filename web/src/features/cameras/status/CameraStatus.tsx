import { Badge, type BadgeProps, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { useCurrentUser } from '../../auth/hooks';
import { isCameraOnline } from '../cameraModel';
import { useOfflineText } from '../hooks/useOfflineText';
import { cameraOfflineState } from '../offlineReason';

export interface CameraStatusProps {
  camera: Pick<Camera, 'status' | 'offline_reason' | 'offline_since_ms' | 'recording_problem'>;
  size?: BadgeProps['size'];
}

/**
 * A camera's status as spec 01 §2 writes it ('Online' / 'Offline', not upper-cased), why it is offline ('Connection
 * refused since 14:02') and, for administrators, what keeps it from recording ('Storage full').
 */
export function CameraStatus({ camera, size = 'md' }: CameraStatusProps) {
  const { t } = useTranslation('cameras');
  const isAdmin = useCurrentUser()?.is_admin === true;
  const offlineTextOf = useOfflineText();
  const online = isCameraOnline(camera);
  const offline = cameraOfflineState(camera);
  const label = online ? t('online') : t('offline');
  return (
    <Group gap={6} wrap="wrap">
      <Badge size={size} tt="none" color={online ? 'green' : 'gray'} aria-label={`${t('status')}: ${label}`} data-testid="camera-status">
        {label}
      </Badge>
      {!online && (offline.reason !== null || offline.sinceMs !== null) && (
        <Text size="sm" c="dimmed" data-testid="camera-offline-reason">
          {offlineTextOf(offline)}
        </Text>
      )}
      {isAdmin && <RecordingProblemBadge camera={camera} size={size} />}
    </Group>
  );
}

/** 'Storage full' / 'Recording failed' for administrators (the caller checks the role); nothing while recording works. */
export function RecordingProblemBadge({ camera, size }: CameraStatusProps) {
  const { t } = useTranslation('cameras');
  if (!camera.recording_problem) return null;
  return (
    <Badge size={size} tt="none" color="red" variant="light" data-testid="camera-recording-problem">
      {t(`recording-problem-${camera.recording_problem}`)}
    </Badge>
  );
}
