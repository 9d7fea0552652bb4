// The wall pages' chunk (app/pageChunks.ts `wallsChunk`).
import '../wallTexts';
export { CameraAreaWallPage } from './CameraAreaWallPage';
export { WallIndexRedirect } from './WallIndexRedirect';
export { WallPage } from './WallPage';
export { prefetchWallList } from './prefetchWallList';
