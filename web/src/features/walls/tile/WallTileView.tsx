import { Anchor, Badge, Box, Center, Group, Text } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconDeviceFloppy,
  IconLayoutGrid,
  IconPerspective,
} from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { cameraDisplayName, isCameraUp } from '../../cameras/cameraModel';
import { defaultView, type DewarpView, DewarpViewSelector, isFisheyeCamera, mountOf, tileView } from '../../dewarp';
import type { WallTile } from '../wallsApi';
import { PEEK_ANIMATION_MS, TILE_OVERLAY_HOVER_DELAY_MS } from './constants';
import { tileGridArea, tileTransformInGrid } from './gridPlacement';
import { LocalTimeTag } from './LocalTimeTag';
import { TileActionButton } from './TileActionButton';
import { TileExportCheckbox } from './TileExportCheckbox';
import type { TilePlacement } from './TileGrid';
import { type TileDewarp, TileVideo, tileStream, useForcedStreamParam } from './TileVideo';
import { sameTileView, tileKey } from './tileViewModel';
import { useHoverDelay } from './useHoverDelay';
import type { SaveTileView } from './useSaveTileView';

export type TileState = 'live' | 'offline' | 'no-permission';

/** What a tile can show: nothing without a camera the user may watch live; 'Offline' for a camera that is not up. */
export function tileState(camera: Camera | null | undefined): TileState {
  if (!camera || camera.permissions?.live === false) return 'no-permission';
  return isCameraUp(camera) ? 'live' : 'offline';
}

/** A tile placed by its `TileGrid` (rows, peeked, onPeek). */
export interface WallTileViewProps extends TilePlacement {
  tile: WallTile;
  /** The camera network's time zone when the tile shows a local-time tag. */
  localTimeZone: string | null;
  /** Saves the tile's view on the wall: only for users who may edit walls (else the view is for the session). */
  onSaveView?: SaveTileView;
  /**
   * The tile's name in place of the camera's, as text rather than a link to the camera: the camera page's wall of its
   * own camera's imagers ('Imager 2').
   */
  label?: string;
}

const OVERLAY_BAR = {
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  background: 'linear-gradient(rgba(0,0,0,0.75), rgba(0,0,0,0))',
} as const;

/** A fisheye tile's grid view for `data-view` (tests, E2E): 'raw' or 'phi,theta,fov' to 3 decimals. */
function viewAttribute(view: DewarpView | null): string {
  return view ? [view.phi, view.theta, view.fov].map((value) => value.toFixed(3)).join(',') : 'raw';
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A fisheye tile's dewarp state (spec 02 §2, §4): dewarped when the tile has a view (phi); the toggle switches
 * dewarped/raw and a peek shows the other one; the view selector and drags change the view for this session. The
 * picture is dewarped when `dewarpOn !== peeked`. `gridView` is what the tile shows in the grid (null: raw); it is
 * `changed` when it differs from the stored view and was not just saved (then 'Save view on wall' offers it).
 */
function useTileDewarp(tile: WallTile, camera: Camera | null | undefined, peeked: boolean) {
  const fisheye = !!camera && isFisheyeCamera(camera);
  const mount = camera ? mountOf(camera) : 'ceiling';
  const storedView = useMemo(() => tileView(tile, mount), [tile, mount]);
  /** undefined: the tile's own view; null: the full circle chosen in the selector. */
  const [sessionView, setSessionView] = useState<DewarpView | null | undefined>(undefined);
  const [dewarpOn, setDewarpOn] = useState(storedView !== null);
  const chosen = sessionView === undefined ? storedView : sessionView;
  const shown = fisheye && dewarpOn !== peeked;
  const setShown = (value: boolean) => setDewarpOn(value !== peeked);
  const view = chosen ?? defaultView(mount);
  const tileDewarp: TileDewarp | undefined = shown ? { view, mount, onViewChange: setSessionView } : undefined;
  const gridView = dewarpOn ? view : null;
  /** The view last saved from this tile, until the wall list's refetch carries it as the stored one. */
  const [savedView, setSavedView] = useState<DewarpView | null | undefined>(undefined);
  // Once the stored view changes (the refetch after the save, or another editor's save) it is the reference again.
  const storedKey = viewAttribute(storedView);
  useEffect(() => setSavedView(undefined), [storedKey]);
  const changed =
    fisheye &&
    !sameTileView(gridView, storedView) &&
    !(savedView !== undefined && sameTileView(gridView, savedView));
  return {
    fisheye,
    mount,
    shown,
    tileDewarp,
    gridView,
    changed,
    markSaved: setSavedView,
    /** What the selector marks as current: the full view while raw. */
    current: shown ? view : null,
    toggle: () => setShown(!shown),
    select: (next: DewarpView | null) => {
      setSessionView(next);
      setShown(next !== null);
    },
  };
}

/**
 * One tile of the wall view: the camera's live picture (of the tile's imager on a multi-imager camera) or why there is
 * none, the hover overlay with the camera's name (or `label`) and the peek button (and, on fisheye tiles, the dewarp
 * toggle and view selector), its badges, and its checkbox while the wall's export drawer is open
 * (`TileExportCheckbox`). A peeked tile covers the grid, growing from its place in 300 ms.
 */
export function WallTileView({ tile, rows, peeked, localTimeZone, onPeek, onSaveView, label }: WallTileViewProps) {
  const { t } = useTranslation('walls');
  const camera = tile.camera as Camera | null | undefined;
  const state = tileState(camera);
  const ref = useRef<HTMLDivElement>(null);
  const hover = useHoverDelay(TILE_OVERLAY_HOVER_DELAY_MS);
  const [focused, setFocused] = useState(false);
  const forcedStream = useForcedStreamParam();
  const placed = tileTransformInGrid(tile, rows);
  const dewarp = useTileDewarp(tile, camera, peeked);
  const [selectorOpened, setSelectorOpened] = useState(false);
  const [savingView, setSavingView] = useState(false);
  // Kept on a failed save; a success is the stored view once the wall list is refetched (same tile key, new id).
  const saveView = async () => {
    if (!onSaveView || savingView) return;
    const view = dewarp.gridView;
    setSavingView(true);
    const saved = await onSaveView(tile, view);
    setSavingView(false);
    if (!saved) return;
    const element = ref.current;
    // The button leaves with the change: keep the keyboard on the tile.
    if (element && element.contains(document.activeElement)) element.focus();
    dewarp.markSaved(view);
  };
  const canSaveView = !!onSaveView && dewarp.changed && !peeked && state === 'live';

  const animate = useCallback(
    (from: string, to: string, done?: () => void) => {
      const element = ref.current;
      if (!element || typeof element.animate !== 'function' || prefersReducedMotion()) {
        done?.();
        return;
      }
      const animation = element.animate([{ transform: from }, { transform: to }], {
        duration: PEEK_ANIMATION_MS,
        easing: 'ease-out',
        fill: 'none',
      });
      if (done) animation.onfinish = done;
    },
    [],
  );
  useLayoutEffect(() => {
    if (peeked) animate(placed, 'none');
    // Only when the tile opens: `placed` changes with the layout, not with the peek.
  }, [peeked, animate]);

  const closePeek = useCallback(() => animate('none', placed, () => onPeek(null)), [animate, placed, onPeek]);
  const togglePeek = () => (peeked ? closePeek() : onPeek(tileKey(tile)));

  useEffect(() => {
    if (!peeked) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closePeek();
    };
    // Capture phase: the peek button's tooltip stops Escape from bubbling.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [peeked, closePeek]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget && state !== 'no-permission') {
      event.preventDefault();
      togglePeek();
    }
  };

  const name = camera && state !== 'no-permission' ? (label ?? cameraDisplayName(camera)) : null;
  const overlayShown = name !== null && (hover.hovered || focused || peeked || savingView || selectorOpened);
  const placement = peeked
    ? ({ position: 'absolute', inset: 0, zIndex: 5, transformOrigin: '0 0' } as const)
    : ({ position: 'relative', ...tileGridArea(tile) } as const);

  return (
    <Box
      ref={ref}
      data-testid="wall-tile"
      data-tile-id={tile.id}
      data-camera-id={camera?.id ?? ''}
      data-imager-id={tile.imager_id ?? undefined}
      data-state={state}
      data-peeked={peeked}
      data-view={dewarp.fisheye ? viewAttribute(dewarp.gridView) : undefined}
      data-view-changed={dewarp.fisheye ? dewarp.changed : undefined}
      tabIndex={0}
      role="group"
      aria-label={name ? t('tile-label', { name }) : t('tile-no-camera')}
      onPointerEnter={hover.onPointerEnter}
      onPointerLeave={hover.onPointerLeave}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      style={{ ...placement, overflow: 'hidden', background: '#000', borderRadius: 4, minWidth: 0, minHeight: 0 }}
    >
      {state === 'live' && camera && (
        <TileVideo
          camera={camera}
          stream={tileStream(camera, peeked, forcedStream)}
          imagerId={tile.imager_id}
          dewarp={dewarp.tileDewarp}
        />
      )}
      {state === 'offline' && camera && (
        <>
          {camera.channel.snapshot_url && (
            <img
              src={camera.channel.snapshot_url}
              alt=""
              style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', opacity: 0.5 }}
            />
          )}
          <Center pos="absolute" inset={0}>
            <Text c="gray.3" fw={500} data-testid="wall-tile-offline">
              {t('offline')}
            </Text>
          </Center>
        </>
      )}
      {state === 'no-permission' && (
        <Center pos="absolute" inset={0} p="xs">
          <Text c="dimmed" size="sm" ta="center" data-testid="wall-tile-no-permission">
            {t('video-permission-error')}
          </Text>
        </Center>
      )}
      {overlayShown && camera && (
        <Group style={OVERLAY_BAR} justify="space-between" wrap="nowrap" px="xs" py={4} data-testid="wall-tile-overlay">
          {label ? (
            <Text c="white" size="sm" fw={500} truncate>
              {label}
            </Text>
          ) : (
            <Anchor
              component={Link}
              to={`/n/${camera.network_id}/cameras/${camera.id}`}
              c="white"
              size="sm"
              fw={500}
              truncate
            >
              {name}
            </Anchor>
          )}
          <Group gap={2} wrap="nowrap">
            {dewarp.fisheye && state === 'live' && (
              <>
                <TileActionButton
                  tooltip={dewarp.shown ? t('dewarp:exit-dewarp') : t('dewarp:dewarp')}
                  label={t('dewarp:dewarp')}
                  icon={<IconPerspective size={16} />}
                  pressed={dewarp.shown}
                  highlight={dewarp.shown}
                  testId="wall-tile-dewarp-toggle"
                  onClick={dewarp.toggle}
                />
                <TileActionButton
                  tooltip={t('dewarp:choose-view')}
                  icon={<IconLayoutGrid size={16} />}
                  testId="wall-tile-dewarp-views"
                  onClick={() => setSelectorOpened(true)}
                />
              </>
            )}
            {canSaveView && (
              <TileActionButton
                tooltip={t('save-view-on-wall')}
                icon={<IconDeviceFloppy size={16} />}
                highlight
                loading={savingView}
                testId="wall-tile-save-view"
                onClick={() => void saveView()}
              />
            )}
            <TileActionButton
              tooltip={peeked ? t('unpeek') : t('peek')}
              icon={peeked ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
              pressed={peeked}
              testId="wall-tile-peek"
              onClick={togglePeek}
            />
          </Group>
        </Group>
      )}
      {dewarp.fisheye && camera && (
        <DewarpViewSelector
          opened={selectorOpened}
          onClose={() => setSelectorOpened(false)}
          cameraId={camera.id}
          cameraName={name ?? camera.name}
          mount={dewarp.mount}
          current={dewarp.current}
          onSelect={dewarp.select}
        />
      )}
      {((tile.phi != null && !dewarp.fisheye) || localTimeZone) && state !== 'no-permission' && (
        <Group gap={4} pos="absolute" bottom={6} left={6} style={{ pointerEvents: 'none' }}>
          {tile.phi != null && !dewarp.fisheye && (
            <Badge size="sm" variant="filled" color="blue" data-testid="wall-tile-dewarped">
              {t('dewarped-view')}
            </Badge>
          )}
          {localTimeZone && <LocalTimeTag timeZone={localTimeZone} />}
        </Group>
      )}
      {name !== null && <TileExportCheckbox tileKey={tileKey(tile)} name={name} />}
    </Box>
  );
}
