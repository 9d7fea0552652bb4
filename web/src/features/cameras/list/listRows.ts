import type { Camera } from '../../../api/types';

/**
 * Rows of the virtual side-panel list. Groups are headed rows so that further kinds (the 'Walls' group of a later
 * issue) slot in as another heading plus their own item kind.
 */
export type ListRow = { kind: 'heading'; key: string; label: string } | { kind: 'camera'; key: string; camera: Camera };

export interface ListGroup<T> {
  key: string;
  label: string;
  items: readonly T[];
}

/** Flattens the camera group (and later others) into rows; headings appear only when more than one group shows. */
export function buildListRows(cameraGroup: ListGroup<Camera>, otherGroupsShown = 0): ListRow[] {
  const rows: ListRow[] = [];
  if (otherGroupsShown > 0 && cameraGroup.items.length > 0) {
    rows.push({ kind: 'heading', key: `heading-${cameraGroup.key}`, label: cameraGroup.label });
  }
  for (const camera of cameraGroup.items) rows.push({ kind: 'camera', key: `camera-${camera.id}`, camera });
  return rows;
}
