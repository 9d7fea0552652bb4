import { ActionIcon, Badge, Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsExchange, IconArrowsDiagonal, IconLayoutGrid, IconPerspective, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { defaultView, type DewarpView, DewarpViewSelector, isFisheyeCamera, mountOf, tileView } from '../../dewarp';
import { EDITOR_COLUMNS } from '../model/grid';
import { CELL_ASPECT } from '../model/templates';
import { TileActionButton } from '../tile/TileActionButton';
import type { WallTile } from '../wallsApi';

export interface EditorTileProps {
  tile: WallTile;
  /** 1-based position in the wall's tile order. */
  index: number;
  /** The tile chosen first in a swap, if any. */
  swapTileId: number | null;
  /** The grid element: a pointer drag measures its cells. */
  gridRef: RefObject<HTMLDivElement | null>;
  onSwapStart: (tileId: number) => void;
  onSwapWith: (tileId: number) => void;
  onSwapCancel: () => void;
  onRemove: (tileId: number) => void;
  onResize: (tileId: number, size: number) => void;
  /** A fisheye tile's view chosen: its phi/theta/fov (null: the raw picture). */
  onViewChange: (tileId: number, view: DewarpView | null) => void;
}

const GROW_KEYS = ['+', '=', 'ArrowRight', 'ArrowDown'];
const SHRINK_KEYS = ['-', '_', 'ArrowLeft', 'ArrowUp'];

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  startSize: number;
  cellWidth: number;
  lastSize: number;
}

/**
 * A fisheye camera's tile view in the editor (spec 02 §3 "Wall tile": a present phi is a dewarped view): 'Dewarp view'
 * toggles raw / the mount's default view, the view selector (features/dewarp) picks a preset or a custom view; both
 * set the tile's phi/theta/fov, which the wall's save sends.
 */
function useEditorTileDewarp(camera: Camera | null | undefined, tile: WallTile, onViewChange: EditorTileProps['onViewChange']) {
  const fisheye = !!camera && isFisheyeCamera(camera);
  const mount = camera ? mountOf(camera) : 'ceiling';
  const view = tileView(tile, mount);
  const [selectorOpened, setSelectorOpened] = useState(false);
  return {
    fisheye,
    mount,
    view,
    selectorOpened,
    openSelector: () => setSelectorOpened(true),
    closeSelector: () => setSelectorOpened(false),
    toggle: () => onViewChange(tile.id, view ? null : defaultView(mount)),
    select: (next: DewarpView | null) => onViewChange(tile.id, next),
  };
}

/**
 * One tile of the editor's grid (spec 02 §2 "per-tile overlay"): the camera's snapshot and name, 'Swap with another
 * tile', remove, and a square resize handle (pointer drag, or + and - / arrow keys on the tile or the handle). A
 * fisheye camera's tile also has 'Dewarp view' and the view selector, and a 'Dewarped' badge while it has a view.
 */
export function EditorTile({
  tile,
  index,
  swapTileId,
  gridRef,
  onSwapStart,
  onSwapWith,
  onSwapCancel,
  onRemove,
  onResize,
  onViewChange,
}: EditorTileProps) {
  const { t } = useTranslation('wallEditor');
  const drag = useRef<Drag | null>(null);
  const name = tile.camera ? cameraDisplayName(tile.camera) : t('tile-no-camera');
  const snapshotUrl = tile.camera?.channel?.snapshot_url ?? null;
  const isSwapping = swapTileId === tile.id;
  const isSwapTarget = swapTileId !== null && !isSwapping;
  const camera = tile.camera as Camera | null | undefined;
  const dewarp = useEditorTileDewarp(camera, tile, onViewChange);

  const resizeByKey = (event: KeyboardEvent) => {
    const step = GROW_KEYS.includes(event.key) ? 1 : SHRINK_KEYS.includes(event.key) ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    event.stopPropagation();
    onResize(tile.id, tile.w + step);
  };

  const onTileKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === '+' || event.key === '=' || event.key === '-' || event.key === '_') resizeByKey(event);
  };

  const startDrag = (event: PointerEvent<HTMLButtonElement>) => {
    const grid = gridRef.current;
    if (!grid) return;
    const cellWidth = grid.getBoundingClientRect().width / EDITOR_COLUMNS;
    if (!(cellWidth > 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      startSize: tile.w,
      cellWidth,
      lastSize: tile.w,
    };
  };

  const moveDrag = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const cellsX = (event.clientX - current.startX) / current.cellWidth;
    const cellsY = (event.clientY - current.startY) / (current.cellWidth / CELL_ASPECT);
    const size = current.startSize + Math.round(Math.abs(cellsX) > Math.abs(cellsY) ? cellsX : cellsY);
    if (size === current.lastSize) return;
    current.lastSize = size;
    onResize(tile.id, size);
  };

  const endDrag = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    drag.current = null;
  };

  return (
    <Box
      role="group"
      tabIndex={0}
      aria-label={t('tile-label', { index, name, size: tile.w })}
      data-testid={`editor-tile-${tile.id}`}
      data-x={tile.x}
      data-y={tile.y}
      data-w={tile.w}
      data-h={tile.h}
      data-dewarped={dewarp.view !== null}
      onKeyDown={onTileKeyDown}
      pos="relative"
      style={{
        gridColumn: `${tile.x + 1} / span ${tile.w}`,
        gridRow: `${tile.y + 1} / span ${tile.h}`,
        minWidth: 0,
        minHeight: 0,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-dark-6)',
        outline: isSwapping ? '3px solid var(--mantine-color-blue-5)' : undefined,
      }}
    >
      {snapshotUrl && (
        <img
          src={snapshotUrl}
          alt=""
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <Group
        pos="absolute"
        top={0}
        left={0}
        right={0}
        gap={4}
        p={4}
        justify="space-between"
        wrap="nowrap"
        style={{ background: 'rgba(0, 0, 0, 0.55)', zIndex: 1 }}
      >
        <Text size="xs" c="white" fw={600} truncate="end">
          {name}
        </Text>
        {swapTileId === null && (
          <Group gap={2} wrap="nowrap">
            {dewarp.fisheye && (
              <>
                <TileActionButton
                  tooltip={t('dewarp-view')}
                  label={t('dewarp-view-named', { name })}
                  icon={<IconPerspective size={14} aria-hidden />}
                  pressed={dewarp.view !== null}
                  highlight={dewarp.view !== null}
                  testId="editor-dewarp-toggle"
                  onClick={dewarp.toggle}
                />
                <TileActionButton
                  tooltip={t('choose-dewarp-view')}
                  label={t('choose-dewarp-view-named', { name })}
                  icon={<IconLayoutGrid size={14} aria-hidden />}
                  testId="editor-dewarp-views"
                  onClick={dewarp.openSelector}
                />
              </>
            )}
            <TileActionButton
              tooltip={t('swap-with-another-tile')}
              icon={<IconArrowsExchange size={14} aria-hidden />}
              onClick={() => onSwapStart(tile.id)}
            />
            <TileActionButton
              tooltip={t('remove-tile')}
              label={t('remove-tile-named', { name })}
              icon={<IconTrash size={14} aria-hidden />}
              color="red.3"
              onClick={() => onRemove(tile.id)}
            />
          </Group>
        )}
      </Group>
      {dewarp.view !== null && (
        <Badge
          pos="absolute"
          bottom={4}
          left={4}
          size="sm"
          variant="filled"
          color="blue"
          data-testid="editor-dewarped-badge"
          style={{ zIndex: 1, pointerEvents: 'none' }}
        >
          {t('dewarped')}
        </Badge>
      )}
      {dewarp.fisheye && camera && (
        <DewarpViewSelector
          opened={dewarp.selectorOpened}
          onClose={dewarp.closeSelector}
          cameraId={camera.id}
          cameraName={name}
          mount={dewarp.mount}
          current={dewarp.view}
          onSelect={dewarp.select}
          context="editor"
        />
      )}
      {isSwapping && (
        <Box pos="absolute" inset={0} style={{ display: 'grid', placeItems: 'center', zIndex: 2 }}>
          <Button size="xs" onClick={onSwapCancel} title={t('cancel-swap-hint')}>
            {t('swapping')}
          </Button>
        </Box>
      )}
      {isSwapTarget && (
        <UnstyledButton
          pos="absolute"
          inset={0}
          onClick={() => onSwapWith(tile.id)}
          aria-label={t('click-to-swap-named', { name })}
          style={{ display: 'grid', placeItems: 'center', zIndex: 2, background: 'rgba(34, 139, 230, 0.35)' }}
        >
          <Text size="sm" c="white" fw={700}>
            {t('click-to-swap')}
          </Text>
        </UnstyledButton>
      )}
      {swapTileId === null && (
        <ActionIcon
          pos="absolute"
          bottom={2}
          right={2}
          size="sm"
          variant="filled"
          color="dark"
          aria-label={t('resize-tile', { name })}
          onPointerDown={startDrag}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={resizeByKey}
          style={{ cursor: 'nwse-resize', touchAction: 'none', zIndex: 1 }}
        >
          <IconArrowsDiagonal size={14} aria-hidden />
        </ActionIcon>
      )}
    </Box>
  );
}
