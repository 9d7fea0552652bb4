import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconEye, IconEyeOff, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LiveQuality } from '../constants';
import { qualityLabel, type QualityOption } from '../quality';

export interface SettingsMenuProps {
  quality: LiveQuality;
  options: QualityOption[];
  onQuality: (quality: LiveQuality) => void;
  /** Detected objects are drawn over recorded video (a preference). */
  showDetections: boolean;
  onToggleDetections: () => void;
}

/**
 * Live quality (auto or per-height levels) and the detected-objects toggle, whose text says what it does ('Show
 * detected objects' / 'Hide detected objects').
 */
export function SettingsMenu({ quality, options, onQuality, showDetections, onToggleDetections }: SettingsMenuProps) {
  const { t } = useTranslation('viewer');
  return (
    <Menu position="top-end" withinPortal={false}>
      <Menu.Target>
        <Tooltip label={t('settings')}>
          <ActionIcon variant="subtle" color="gray.0" aria-label={t('settings')}>
            <IconSettings size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('quality')}</Menu.Label>
        {options.map((option) => (
          <Menu.Item
            key={option.value}
            data-checked={option.value === quality}
            leftSection={option.value === quality ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
            onClick={() => onQuality(option.value)}
          >
            {option.height ? qualityLabel(option.height) : t('quality-auto')}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={showDetections ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
          onClick={onToggleDetections}
          data-testid="detections-toggle"
        >
          {showDetections ? t('hide-detected-objects') : t('show-detected-objects')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
