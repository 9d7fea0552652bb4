import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface SidePanelToggleProps {
  open: boolean;
  onToggle: () => void;
}

/** Opens and closes the camera side panel (closed at start below the mobile breakpoint). */
export function SidePanelToggle({ open, onToggle }: SidePanelToggleProps) {
  const { t } = useTranslation('cameras');
  const label = open ? t('hide-camera-list') : t('show-camera-list');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        aria-label={label}
        aria-expanded={open}
        aria-controls="camera-side-panel"
        onClick={onToggle}
        data-testid="camera-side-panel-toggle"
      >
        {open ? (
          <IconLayoutSidebarLeftCollapse size={18} aria-hidden />
        ) : (
          <IconLayoutSidebarLeftExpand size={18} aria-hidden />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
