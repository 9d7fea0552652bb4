import { createContext } from 'react';

/**
 * The wall exports drawer's width: the wall view leaves that much room on its right while the drawer is open (the
 * drawer has no overlay), so every tile and its checkbox stays visible beside it.
 */
export const WALL_EXPORTS_DRAWER_WIDTH_PX = 540;

/** A tile's checkbox while the wall's export drawer is open: checked, unchecked, or disabled (no export right). */
export type TileExportCheck = 'checked' | 'unchecked' | 'blocked';

/**
 * The tiles' checkboxes of the wall exports drawer (spec 03 §2 "Video wall exports drawer"): the drawer (a chunk of
 * its own) publishes each tile's check while it is open and says what a click on one does; each tile's
 * `TileExportCheckbox` reads its own. A small external store rather than React state of the wall view, so a change
 * re-renders only the checkboxes whose value changed, never the tiles and their players.
 */
export interface ExportChecks {
  subscribe: (listener: () => void) => () => void;
  /** Whether the drawer shows checks (it is open). */
  shown: () => boolean;
  /** The tile's check (by `tileKey`); undefined: no checkbox (the drawer is closed, or the tile has no entry). */
  get: (tileKey: string) => TileExportCheck | undefined;
  /** The drawer's checks (null: none shown) and what a tile's click does. */
  publish: (checks: ReadonlyMap<string, TileExportCheck> | null, onToggle?: (tileKey: string) => void) => void;
  toggle: (tileKey: string) => void;
}

export function createExportChecks(): ExportChecks {
  let checks: ReadonlyMap<string, TileExportCheck> | null = null;
  let onToggle: ((tileKey: string) => void) | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    shown: () => checks !== null,
    get: (tileKey) => checks?.get(tileKey),
    publish: (next, toggle) => {
      checks = next;
      onToggle = toggle;
      listeners.forEach((listener) => listener());
    },
    toggle: (tileKey) => onToggle?.(tileKey),
  };
}

/** The wall view's checks (`WallView` provides one per wall); null elsewhere (the camera page's imager wall). */
export const ExportChecksContext = createContext<ExportChecks | null>(null);
