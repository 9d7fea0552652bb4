export { useGetWallsQuery, wallsApi, type VideoWall, type WallTile } from './wallsApi';
export { useRelatedWalls, type RelatedWalls } from './useRelatedWalls';
export { wallDisplayName, wallPath, wallsWithChannel } from './wallModel';
