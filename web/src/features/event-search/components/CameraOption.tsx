import { Badge, Checkbox, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras';
import { CameraThumbnail } from '../../cameras/list/CameraThumbnail';
import { cameraWarnings } from '../cameraWarnings';

export type CameraSelectionStyle = 'list' | 'grid';

export interface CameraOptionProps {
  camera: Camera;
  checked: boolean;
  disabled: boolean;
  selectionStyle: CameraSelectionStyle;
  onToggle: () => void;
}

/** A camera card of the selection modal: checkbox (named after the camera), snapshot and warnings. */
export function CameraOption({ camera, checked, disabled, selectionStyle, onToggle }: CameraOptionProps) {
  const { t } = useTranslation('eventSearch');
  const grid = selectionStyle === 'grid';
  const warnings = cameraWarnings(camera);
  const thumbnail = grid ? { width: 176, height: 99 } : { width: 64, height: 36 };
  const body = (
    <>
      <CameraThumbnail camera={camera} {...thumbnail} />
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Checkbox
          label={cameraDisplayName(camera)}
          checked={checked}
          disabled={disabled}
          onChange={onToggle}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
        />
        {warnings.length > 0 && (
          <Group gap={4} data-testid="camera-warnings">
            {warnings.map((warning) => (
              <Badge key={warning} size="xs" variant="light" color={warning === 'no-permission' ? 'red' : 'yellow'}>
                {t(`warning-${warning}`)}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </>
  );
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="camera-option"
      data-checked={checked || undefined}
      style={{ opacity: disabled ? 0.6 : 1, borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined }}
    >
      {grid ? <Stack gap="xs">{body}</Stack> : <Group gap="sm" wrap="nowrap" align="flex-start">{body}</Group>}
    </Paper>
  );
}
