import '../motionSearchTexts';
import { Anchor, Button, Drawer, Group, MultiSelect, NativeSelect, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { useCurrentNetwork } from '../../auth/hooks';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { usePreference } from '../../preferences';
import { resolveTimeZone } from '../../timeline';
import { MAX_SEARCH_CAMERAS } from '../constants';
import { eventSearchLink } from '../eventSearchLink';
import { useMotionSearch } from '../hooks/useMotionSearch';
import { HelpDialog } from './HelpDialog';
import { HelpNotice } from './HelpNotice';
import { RecapModal } from './RecapModal';
import { SearchParamsForm } from './SearchParamsForm';
import { SearchResults } from './SearchResults';

export interface MotionSearchDrawerProps {
  opened: boolean;
  onClose: () => void;
  networkId: number;
  /**
   * The camera set: 1..4 cameras (a camera page passes one); with `choosable`, the cameras to choose from (a video
   * wall's searchable cameras, any number).
   */
  cameras: readonly Camera[];
  /** Wall mode: a 'Cameras' chooser of up to 4 of `cameras`, preselected with the first 4; a 5th is refused. */
  choosable?: boolean;
}

/** The chooser's preselection: the first MAX_SEARCH_CAMERAS of `cameras` (tile order on a wall). */
function initialChoice(cameras: readonly Camera[]): number[] {
  return cameras.slice(0, MAX_SEARCH_CAMERAS).map((camera) => camera.id);
}

/**
 * The motion search drawer (spec 03 §2): per camera, parameters then results; a camera selector with more than one
 * camera. In wall mode (`choosable`) a multi-select picks the (up to 4) cameras searched among the wall's. Searches
 * keep running and results stay while the drawer is closed, as long as its owner is mounted.
 */
export function MotionSearchDrawer({
  opened,
  onClose,
  networkId,
  cameras: allCameras,
  choosable = false,
}: MotionSearchDrawerProps) {
  const { t } = useTranslation('motionSearch');
  const navigate = useNavigate();
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  const [chosenIds, setChosenIds] = useState<number[]>(() => initialChoice(allCameras));
  const [tooMany, setTooMany] = useState(false);
  const cameras = useMemo(
    () =>
      choosable
        ? allCameras.filter((camera) => chosenIds.includes(camera.id))
        : allCameras.slice(0, MAX_SEARCH_CAMERAS),
    [allCameras, chosenIds, choosable],
  );
  const cameraIds = cameras.map((camera) => camera.id);
  const controls = useMotionSearch(networkId, cameras);
  const [selectedId, setSelectedId] = useState<number | null>(cameraIds[0] ?? null);
  const [helpOpened, help] = useDisclosure(false);

  useEffect(() => {
    if (selectedId === null || !cameraIds.includes(selectedId)) setSelectedId(cameraIds[0] ?? null);
  }, [cameraIds, selectedId]);

  // A range that ends now ends at the moment the drawer opens, not when the page did.
  const { refreshRange } = controls;
  useEffect(() => {
    if (opened) refreshRange();
  }, [opened, refreshRange]);

  const camera = cameras.find((candidate) => candidate.id === selectedId);
  const search = camera ? controls.searches[camera.id] : undefined;
  const focusedEvent =
    search && search.focusedIndex !== null ? (search.events[search.focusedIndex] ?? null) : null;

  const choose = (values: string[]) => {
    if (values.length > MAX_SEARCH_CAMERAS) {
      setTooMany(true);
      return;
    }
    setTooMany(false);
    setChosenIds(values.map(Number));
  };

  const jumpToVideo = (ts: number) => {
    if (!camera) return;
    controls.focus(camera.id, null);
    onClose();
    navigate(`/n/${networkId}/cameras/${camera.id}?ts=${ts}`);
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={t('motion-search')}>
      <Stack gap="md" data-testid="motion-search-drawer">
        {choosable && (
          <MultiSelect
            label={t('cameras')}
            description={t('choose-cameras', { max: MAX_SEARCH_CAMERAS })}
            data={allCameras.map((entry) => ({ value: String(entry.id), label: cameraDisplayName(entry) }))}
            value={cameras.map((entry) => String(entry.id))}
            onChange={choose}
            error={tooMany ? t('max-cameras', { max: MAX_SEARCH_CAMERAS }) : undefined}
            searchable
            hidePickedOptions={false}
            nothingFoundMessage={t('no-camera-found')}
            data-testid="motion-search-camera-chooser"
          />
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          {cameras.length > 1 ? (
            <NativeSelect
              label={t('camera')}
              value={selectedId === null ? '' : String(selectedId)}
              onChange={(event) => setSelectedId(Number(event.currentTarget.value))}
              data={cameras.map((entry) => ({ value: String(entry.id), label: cameraDisplayName(entry) }))}
            />
          ) : (
            <Text fw={500}>{camera ? cameraDisplayName(camera) : ''}</Text>
          )}
          <Group gap="xs">
            {search && (
              <Anchor
                component={Link}
                size="sm"
                to={eventSearchLink(networkId, cameraIds, search.params.startMs, search.params.endMs, timeZone)}
                onClick={onClose}
              >
                {t('open-in-event-search')}
              </Anchor>
            )}
            <Button variant="subtle" size="compact-sm" leftSection={<IconHelp size={14} aria-hidden />} onClick={help.open}>
              {t('help')}
            </Button>
          </Group>
        </Group>
        <HelpNotice />
        {!camera || !search ? (
          <Text c="dimmed">{t('motion-search-no-camera')}</Text>
        ) : search.phase === 'initialize' ? (
          <SearchParamsForm
            camera={camera}
            params={search.params}
            timeZone={timeZone}
            timeMode={timeMode}
            onChange={(params) => controls.setParams(camera.id, params)}
            onSearch={() => controls.start(camera.id)}
          />
        ) : (
          <SearchResults
            search={search}
            timeZone={timeZone}
            timeMode={timeMode}
            onOpen={(index) => controls.focus(camera.id, index)}
            onChangeSearch={() => controls.setPhase(camera.id, 'initialize')}
            onSearchAgain={() => controls.start(camera.id)}
          />
        )}
      </Stack>
      <HelpDialog opened={helpOpened} onClose={help.close} />
      {camera && search && focusedEvent && (
        <RecapModal
          camera={camera}
          event={focusedEvent}
          index={search.focusedIndex ?? 0}
          count={search.events.length}
          timeZone={timeZone}
          timeMode={timeMode}
          onFocus={(index) => controls.focus(camera.id, index)}
          onClose={() => controls.focus(camera.id, null)}
          onJumpToVideo={jumpToVideo}
        />
      )}
    </Drawer>
  );
}
