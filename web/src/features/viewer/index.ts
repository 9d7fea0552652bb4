export { CameraViewer } from './components/CameraViewer';
export { prewarmCameraLive } from './player/framesPrewarm';
export { transportSearch } from './player/transportChoice';
export { VideoPlayer, type VideoPlayerProps } from './player/VideoPlayer';
export type { PlayerEvent, PlayerHandle, PlayerSource } from './player/types';
export { viewerApi, useGetFileRecordQuery } from './viewerApi';
