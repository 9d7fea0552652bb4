import { Alert, Button, Center, Checkbox, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName, filterCameras, orderCameras } from '../../cameras/cameraModel';
import { CameraThumbnail } from '../../cameras/list/CameraThumbnail';
import { MAX_TILES } from '../model/grid';

export interface CameraPickerProps {
  cameras: readonly Camera[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedCameraIds: readonly number[];
  /** Tiles the wall would have with this selection: at 16 unticked cameras are disabled (spec §5). */
  plannedTileCount: number;
  onToggle: (cameraId: number) => void;
}

/** Stage ADD_CAMERA: the network's cameras with a search by name, product description or tag (spec 02 §2, §5). */
export function CameraPicker({
  cameras,
  isLoading,
  isError,
  onRetry,
  selectedCameraIds,
  plannedTileCount,
  onToggle,
}: CameraPickerProps) {
  const { t } = useTranslation('wallEditor');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterCameras(orderCameras(cameras ?? []), search), [cameras, search]);
  const selected = new Set(selectedCameraIds);
  const atLimit = plannedTileCount >= MAX_TILES;

  let list;
  if (isLoading) {
    list = (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('loading-cameras')}</Text>
        </Group>
      </Center>
    );
  } else if (isError) {
    list = (
      <Alert color="red" title={t('something-went-wrong')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('reload-or-try-later')}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('try-again')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (shown.length === 0) {
    list = (
      <Text c="dimmed" py="md" ta="center">
        {t('no-cameras-found')}
      </Text>
    );
  } else {
    list = (
      <Stack gap={6} role="group" aria-label={t('select-cameras')}>
        {shown.map((camera) => {
          const checked = selected.has(camera.id);
          return (
            <Group key={camera.id} gap="sm" wrap="nowrap">
              <Checkbox
                checked={checked}
                disabled={!checked && atLimit}
                onChange={() => onToggle(camera.id)}
                label={cameraDisplayName(camera)}
                description={camera.product_short_description || undefined}
                style={{ flex: 1 }}
              />
              <CameraThumbnail camera={camera} width={64} height={36} />
            </Group>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between">
        <Text fw={600} component="h3" m={0}>
          {t('select-cameras')}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('selected-count', { count: selectedCameraIds.length })}
        </Text>
      </Group>
      <TextInput
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        placeholder={t('search-placeholder')}
        aria-label={t('search-label')}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
      {atLimit && (
        <Text size="sm" c="orange" role="status">
          {t('max-cameras-selected', { max: MAX_TILES })}
        </Text>
      )}
      <ScrollArea.Autosize mah={480} type="auto">
        {list}
      </ScrollArea.Autosize>
    </Stack>
  );
}
