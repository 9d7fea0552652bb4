// The wall page's rotation controls and timers (see ../README.md "rotation/").
export { RotationControls } from './RotationControls';
export { RotationIndicator } from './RotationIndicator';
export { useAutoRefresh } from './useAutoRefresh';
export { useIdle } from './useIdle';
export { useMemoryTelemetry } from './useMemoryTelemetry';
export { useWallCycle, type WallCycle } from './useWallCycle';
