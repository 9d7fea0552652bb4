// The access-control drawer and the timeline marks as the camera page loads them: first this small chunk
// (`loadAccessControlParts`), then the part asked for.
export const loadAccessControlDrawer = () => import('./components/AccessControlDrawer');
export const loadAccessEventMarks = () => import('./timeline/AccessEventMarks');
