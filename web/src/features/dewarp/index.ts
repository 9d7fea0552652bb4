export { DewarpCanvas, type DewarpCanvasProps } from './DewarpCanvas';
export { DewarpViewSelector, type DewarpViewSelectorProps } from './DewarpViewSelector';
export { type CustomDewarpView, CUSTOM_VIEWS_STORAGE_KEY, loadCustomViews, saveCustomView } from './customViews';
export { CEILING_PRESETS, type DewarpPreset, presetsFor, WALL_PRESETS } from './presets';
export {
  clampView,
  DEWARP_ASPECT,
  defaultView,
  type DewarpView,
  MAX_FOV_DEG,
  type Mount,
  mountOf,
  tileView,
} from './projection';
export { isFisheyeCamera } from './fisheye';
export { LazyDewarpCanvas, LazyDewarpViewSelector } from './lazy';
