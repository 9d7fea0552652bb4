import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { matchesCameraSearch } from '../../cameras';
import { CameraSearchInput } from '../../cameras/list/CameraSearchInput';
import type { Roi } from '../../motion-search';
import { MAX_EVENT_SEARCH_CAMERAS } from '../constants';
import { isSearchable } from '../cameraWarnings';
import { CameraOption, type CameraSelectionStyle } from './CameraOption';
import { RegionStep } from './RegionStep';

export interface CameraSelectModalProps {
  opened: boolean;
  /** The network's cameras in list order. */
  cameras: readonly Camera[];
  selectedIds: readonly number[];
  regions: Record<number, Roi>;
  onClose: () => void;
  onConfirm: (cameraIds: number[], regions: Record<number, Roi>) => void;
}

type Stage = 'cameras' | 'regions';

/**
 * Camera selection (spec 03 §2): stage 1 picks up to 4 cameras (list or grid, search, 'Deselect all', count out of 4;
 * the others are disabled), stage 2 draws a region per camera. Confirm for a first selection, Update afterwards.
 */
export function CameraSelectModal({ opened, cameras, selectedIds, regions, onClose, onConfirm }: CameraSelectModalProps) {
  const { t } = useTranslation('eventSearch');
  const [stage, setStage] = useState<Stage>('cameras');
  const [draftIds, setDraftIds] = useState<number[]>([...selectedIds]);
  const [draftRegions, setDraftRegions] = useState(regions);
  const [search, setSearch] = useState('');
  const [selectionStyle, setSelectionStyle] = useState<CameraSelectionStyle>('list');

  useEffect(() => {
    if (!opened) return;
    setStage('cameras');
    setDraftIds([...selectedIds]);
    setDraftRegions(regions);
    setSearch('');
  }, [opened, selectedIds, regions]);

  const full = draftIds.length >= MAX_EVENT_SEARCH_CAMERAS;
  const toggle = (id: number) =>
    setDraftIds((ids) => (ids.includes(id) ? ids.filter((entry) => entry !== id) : full ? ids : [...ids, id]));
  const shown = cameras.filter((camera) => matchesCameraSearch(camera, search));
  const draftCameras = draftIds.flatMap((id) => cameras.find((camera) => camera.id === id) ?? []);
  const confirm = () =>
    onConfirm(draftIds, Object.fromEntries(draftIds.flatMap((id) => (draftRegions[id] ? [[id, draftRegions[id]]] : []))));
  const confirmLabel = selectedIds.length === 0 ? t('confirm') : t('update');

  return (
    <Modal opened={opened} onClose={onClose} title={t('select-cameras')} size="xl" closeButtonProps={{ 'aria-label': t('close') }}>
      {stage === 'cameras' ? (
        <Stack gap="sm" data-testid="camera-select-stage">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div style={{ flex: 1, minWidth: 200 }}>
              <CameraSearchInput value={search} onChange={setSearch} />
            </div>
            <SegmentedControl
              size="xs"
              aria-label={t('selection-style')}
              value={selectionStyle}
              onChange={(value) => setSelectionStyle(value as CameraSelectionStyle)}
              data={[
                { value: 'list', label: t('list') },
                { value: 'grid', label: t('grid') },
              ]}
            />
          </Group>
          <Group justify="space-between">
            <Text size="sm" data-testid="camera-count">
              {t('camera-count', { count: draftIds.length, max: MAX_EVENT_SEARCH_CAMERAS })}
            </Text>
            <Button variant="subtle" size="compact-sm" disabled={draftIds.length === 0} onClick={() => setDraftIds([])}>
              {t('deselect-all')}
            </Button>
          </Group>
          <SimpleGrid cols={selectionStyle === 'grid' ? { base: 2, sm: 3 } : 1} spacing="xs" mah={420} style={{ overflowY: 'auto' }}>
            {shown.map((camera) => {
              const checked = draftIds.includes(camera.id);
              return (
                <CameraOption
                  key={camera.id}
                  camera={camera}
                  checked={checked}
                  disabled={!isSearchable(camera) || (full && !checked)}
                  selectionStyle={selectionStyle}
                  onToggle={() => toggle(camera.id)}
                />
              );
            })}
          </SimpleGrid>
          {shown.length === 0 && <Text c="dimmed">{t('no-cameras-match')}</Text>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button variant="default" disabled={draftIds.length === 0} onClick={() => setStage('regions')}>
              {t('select-region')}
            </Button>
            <Button onClick={confirm}>{confirmLabel}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="region-select-stage">
          <RegionStep
            cameras={draftCameras}
            regions={draftRegions}
            onChange={(cameraId, roi) => setDraftRegions((current) => ({ ...current, [cameraId]: roi }))}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setStage('cameras')}>
              {t('back')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button onClick={confirm}>{confirmLabel}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
