import { startBootPreview } from '../features/viewer/bootPreview/startBootPreview';

/**
 * The boot entry, inlined by the build at the top of index.html (scripts/liveBootEntry.ts) so that it runs while the
 * page is parsed, before any of the app's scripts has arrived: on a camera page it shows the camera's live video on
 * the boot preview (docs/design/live.md, "Boot preview"); elsewhere it does nothing. Its worker's URL is on the script
 * element.
 */
const workerUrl = document.currentScript?.dataset.worker;
if (workerUrl) startBootPreview(window.location, workerUrl);
