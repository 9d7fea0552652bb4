/** Wall toasts stay this long (spec 02 §9). */
export const WALL_EDITOR_TOAST_MS = 6_000;
/** The longest wall name the server takes (docs/api/openapi.yaml WallInput). */
export const WALL_NAME_MAX_LENGTH = 255;
