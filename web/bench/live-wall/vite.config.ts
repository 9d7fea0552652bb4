// The bench-only wall page of bench/live_wall.mjs (issue 18 item 3): 16 of the portal's live players on one page.
// Built into ARGUS_WALL_OUT_DIR (the bench's temporary web root), never into web/dist: it is not shipped.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const outDir = process.env.ARGUS_WALL_OUT_DIR;
if (!outDir) throw new Error('set ARGUS_WALL_OUT_DIR: the wall page is built outside web/dist');

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench-live-wall/',
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('bench') },
  logLevel: 'warn',
  // hls.js (the LL-HLS fallback, loaded only when a tile needs it) is one large chunk, as in the portal.
  build: { outDir, emptyOutDir: true, assetsDir: 'assets', sourcemap: false, chunkSizeWarningLimit: 1000 },
});
