import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Which unit-test files need a fresh module graph and jsdom of their own.
 *
 * Most files share their worker's modules and jsdom (`isolate: false`): each file would otherwise pay ~2 s of jsdom
 * and import set-up, which made the suite take 17 minutes on the 2-core CI machine instead of 5. A file that replaces a
 * module with `vi.mock` (hoisted, cached with the module graph) or patches shared prototypes would leak that into the
 * files after it, so such files run isolated. The list is computed from the files' text, so a new test that mocks a
 * module is isolated without anyone remembering to list it.
 */
const NEEDS_ISOLATION = new RegExp(
  [
    /\bvi\.(mock|doMock)\(/.source, // module mocks
    /Object\.defineProperty\((window|document|navigator|globalThis|URL|\w+\.prototype)\b/.source, // patched globals
    /\.prototype\.\w+\s*=[^=]/.source, // assigned prototype methods (vi.spyOn is undone by restoreMocks)
  ].join('|'),
);

const TEST_FILE = /\.test\.tsx?$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** Test files under `roots` (relative to `webRoot`) whose text shows they change what later files would see. */
export function testFilesNeedingIsolation(webRoot: string, roots: string[]): string[] {
  return roots
    .flatMap((root) => testFiles(join(webRoot, root)))
    .filter((file) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8')))
    .map((file) => relative(webRoot, file))
    .sort();
}
