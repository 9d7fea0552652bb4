import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_SPEEDS, type PlaybackSpeed } from '../constants';

/** Speed menu 0.25x … 4x. */
export function SpeedMenu({ speed, onSpeed }: { speed: PlaybackSpeed; onSpeed: (speed: PlaybackSpeed) => void }) {
  const { t } = useTranslation('viewer');
  return (
    <Menu position="top" withinPortal={false}>
      <Menu.Target>
        <Button variant="subtle" color="gray.0" size="compact-sm" aria-label={t('playback-speed', { speed })}>
          {speed}x
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PLAYBACK_SPEEDS.map((value) => (
          <Menu.Item key={value} data-checked={value === speed} onClick={() => onSpeed(value)}>
            {value}x
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
