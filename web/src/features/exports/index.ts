// The exports page's chunk (app/pageChunks.ts `exportsChunk`).
import './exportsTexts';
export { ExportsPage } from './page/ExportsPage';
