import { Button, Group, Menu, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraDisplayName } from '../../cameras/cameraModel';
import type { WallExportEntry, WallExportSource } from './wallExportEntries';
import type { WallExportAction } from './wallExportState';

export interface WallExportControlsProps {
  entries: readonly WallExportEntry[];
  /** Tiles whose entry was removed. */
  addable: readonly WallExportSource[];
  dispatch: Dispatch<WallExportAction>;
}

/** How many entries are selected; 'Add camera' (a removed tile's camera back in the list), 'Select all', 'Clear'. */
export function WallExportControls({ entries, addable, dispatch }: WallExportControlsProps) {
  const { t } = useTranslation('exports');
  const selectable = entries.filter((entry) => !entry.blocked);
  const selected = selectable.filter((entry) => entry.selected).length;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" data-testid="entries-selected">
        {t('entries-selected', { selected, total: selectable.length })}
      </Text>
      <Group gap="xs">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={addable.length === 0}
            >
              {t('add-camera')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {addable.map((source) => (
              <Menu.Item key={source.key} onClick={() => dispatch({ type: 'added', key: source.key })}>
                {t('entry-title', { tile: source.tile, name: cameraDisplayName(source.camera) })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button
          variant="default"
          size="compact-sm"
          disabled={selected === selectable.length}
          onClick={() => dispatch({ type: 'allSelected' })}
        >
          {t('select-all')}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          disabled={selected === 0}
          onClick={() => dispatch({ type: 'cleared', keys: entries.map((entry) => entry.key) })}
        >
          {t('clear')}
        </Button>
      </Group>
    </Group>
  );
}
