import type { Camera } from '../../../api/types';
import type { VideoWall } from '../../walls/wallsApi';
import { LIST_HEADING_HEIGHT_PX, LIST_ROW_HEIGHT_PX, LIST_WALL_ROW_HEIGHT_PX } from '../constants';

/** Rows of the virtual side-panel list: group headings, walls, cameras, and the cameras' empty text of a group. */
export type ListRow =
  | { kind: 'heading'; key: string; label: string; info?: string }
  | { kind: 'wall'; key: string; wall: VideoWall }
  | { kind: 'camera'; key: string; camera: Camera }
  | { kind: 'empty'; key: string; label: string };

export interface ListTexts {
  walls: string;
  wallsInfo: string;
  cameras: string;
  noCameras: string;
}

/**
 * The list's rows. `walls` undefined: no 'Walls' group (flag off or a network without walls), the cameras alone as
 * ever. Otherwise 'Walls' (when a wall matches the search) over its walls, then 'Cameras' over the cameras or their
 * empty text.
 */
export function buildListRows(cameras: readonly Camera[], walls: readonly VideoWall[] | undefined, texts: ListTexts): ListRow[] {
  const rows: ListRow[] = [];
  if (walls) {
    if (walls.length > 0) rows.push({ kind: 'heading', key: 'heading-walls', label: texts.walls, info: texts.wallsInfo });
    for (const wall of walls) rows.push({ kind: 'wall', key: `wall-${wall.id}`, wall });
    rows.push({ kind: 'heading', key: 'heading-cameras', label: texts.cameras });
    if (cameras.length === 0) rows.push({ kind: 'empty', key: 'empty-cameras', label: texts.noCameras });
  }
  for (const camera of cameras) rows.push({ kind: 'camera', key: `camera-${camera.id}`, camera });
  return rows;
}

/** A row's height in the virtual list. */
export function rowHeight(row: ListRow): number {
  if (row.kind === 'camera') return LIST_ROW_HEIGHT_PX;
  return row.kind === 'wall' ? LIST_WALL_ROW_HEIGHT_PX : LIST_HEADING_HEIGHT_PX;
}
