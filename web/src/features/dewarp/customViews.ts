import { sameOrientation } from './presets';

/** Local storage key of the custom dewarp views, `{ [cameraId]: CustomDewarpView[] }` (spec 02 §3, §7). */
export const CUSTOM_VIEWS_STORAGE_KEY = 'user-saved-fisheye-views';

/** A user's saved view of one fisheye camera (spec 02 §3 "Custom dewarp view"): no fov, the view keeps its own. */
export interface CustomDewarpView {
  id: string;
  name: string;
  isCustom: true;
  phi: number;
  theta: number;
}

export type SaveCustomViewResult =
  | { ok: true; view: CustomDewarpView }
  | { ok: false; error: 'custom-view-exists' | 'custom-view-name-required' };

type Store = Record<string, CustomDewarpView[]>;

function isView(value: unknown): value is CustomDewarpView {
  const view = value as Partial<CustomDewarpView> | null;
  return (
    typeof view === 'object' &&
    view !== null &&
    typeof view.id === 'string' &&
    typeof view.name === 'string' &&
    Number.isFinite(view.phi) &&
    Number.isFinite(view.theta)
  );
}

function readStore(storage: Storage): Store {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CUSTOM_VIEWS_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const store: Store = {};
    for (const [cameraId, views] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(views)) store[cameraId] = views.filter(isView).map((view) => ({ ...view, isCustom: true }));
    }
    return store;
  } catch {
    return {};
  }
}

function writeStore(storage: Storage, store: Store): void {
  try {
    storage.setItem(CUSTOM_VIEWS_STORAGE_KEY, JSON.stringify(store));
  } catch {
    // Storage full or denied: the view lives until the page closes.
  }
}

/** The camera's saved custom views, oldest first. */
export function loadCustomViews(cameraId: number | string, storage: Storage = localStorage): CustomDewarpView[] {
  return readStore(storage)[String(cameraId)] ?? [];
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Saves a custom view for the camera. Rejected with 'custom-view-exists' when the camera already has a view with the
 * same orientation (phi, theta) or the same name (trimmed, case-insensitive) — spec 02 §5.
 */
export function saveCustomView(
  cameraId: number | string,
  input: { name: string; phi: number; theta: number },
  storage: Storage = localStorage,
  makeId: () => string = () => `custom-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
): SaveCustomViewResult {
  const name = input.name.trim();
  if (!name) return { ok: false, error: 'custom-view-name-required' };
  const store = readStore(storage);
  const key = String(cameraId);
  const views = store[key] ?? [];
  if (views.some((view) => sameName(view.name, name) || sameOrientation(view, input))) {
    return { ok: false, error: 'custom-view-exists' };
  }
  const view: CustomDewarpView = { id: makeId(), name, isCustom: true, phi: input.phi, theta: input.theta };
  writeStore(storage, { ...store, [key]: [...views, view] });
  return { ok: true, view };
}

/** Removes one custom view of the camera (the camera's entry goes when it is empty). */
export function deleteCustomView(cameraId: number | string, viewId: string, storage: Storage = localStorage): void {
  const store = readStore(storage);
  const key = String(cameraId);
  const views = (store[key] ?? []).filter((view) => view.id !== viewId);
  const next = { ...store };
  if (views.length > 0) next[key] = views;
  else delete next[key];
  writeStore(storage, next);
}
