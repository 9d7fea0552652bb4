export { CameraViewer } from './components/CameraViewer';
export { VideoPlayer, type VideoPlayerProps } from './player/VideoPlayer';
export type { PlayerEvent, PlayerHandle, PlayerSource } from './player/types';
export { viewerApi, useGetFileRecordQuery } from './viewerApi';
