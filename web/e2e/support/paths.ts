import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** web/ */
export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository root. */
export const REPO_DIR = path.resolve(WEB_DIR, '..');
export const ARGUSD_BIN = process.env.ARGUSD_BIN ?? path.join(REPO_DIR, 'build', 'bin', 'argusd');
export const WEB_ROOT = process.env.ARGUS_WEB_ROOT ?? path.join(WEB_DIR, 'dist');
export const RESULTS_DIR = path.join(WEB_DIR, 'test-results');
export const CHROMIUM_BIN = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
/** Where each argusd started by the suite registers its pid, so the global teardown can kill leftovers. */
export const PID_DIR_ENV = 'ARGUS_E2E_PID_DIR';
/** The camera simulator and its footage (made by the build), for specs that fault a camera themselves. */
export const CAMSIM_BIN = process.env.CAMSIM_BIN ?? path.join(REPO_DIR, 'build', 'bin', 'camsim');
export const FOOTAGE_DIR = process.env.ARGUS_FOOTAGE_DIR ?? path.join(REPO_DIR, 'build', 'footage');
