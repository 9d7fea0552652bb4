// The wall exports drawer as the wall page loads it: first this small chunk, then the drawer's (`WallExportButton`).
export const loadWallExportsDrawer = () => import('./WallExportsDrawer');
