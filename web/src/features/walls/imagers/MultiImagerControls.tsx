import { Badge, Group, Text } from '@mantine/core';
import { IconDownload, IconSettings, IconVolumeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TileActionButton } from '../tile/TileActionButton';

export interface MultiImagerControlsProps {
  imagerCount: number;
  /** The camera is up: its imagers play live (else the tiles say 'Offline'). */
  live: boolean;
}

/**
 * The control bar under a multi-imager camera's wall: live (while the camera is up) and muted, and the camera page's
 * sound, export and settings controls, present but disabled with the reason as their tooltip (spec 02 §2 "Camera
 * page": one camera's sound, export and quality settings do not apply to a wall of its imagers).
 */
export function MultiImagerControls({ imagerCount, live }: MultiImagerControlsProps) {
  const { t } = useTranslation('walls');
  const unavailable = t('not-available-multi-imager');
  const disabledControls = [
    { testId: 'multi-imager-sound', label: t('sound-on', { ns: 'viewer' }), Icon: IconVolumeOff },
    { testId: 'multi-imager-export', label: t('export'), Icon: IconDownload },
    { testId: 'multi-imager-settings', label: t('settings', { ns: 'viewer' }), Icon: IconSettings },
  ];
  return (
    <Group
      justify="space-between"
      gap="xs"
      px="xs"
      py={4}
      wrap="wrap"
      bg="dark.7"
      c="gray.0"
      data-testid="multi-imager-controls"
    >
      <Group gap="xs" wrap="nowrap">
        {live && (
          <Badge color="red" variant="filled" size="sm">
            {t('live', { ns: 'viewer' })}
          </Badge>
        )}
        <Text size="xs">{t('imagers-muted', { count: imagerCount })}</Text>
      </Group>
      <Group gap={2} wrap="nowrap">
        {disabledControls.map(({ testId, label, Icon }) => (
          <TileActionButton
            key={testId}
            tooltip={label}
            icon={<Icon size={18} aria-hidden />}
            disabledReason={unavailable}
            size="md"
            testId={testId}
          />
        ))}
      </Group>
    </Group>
  );
}
