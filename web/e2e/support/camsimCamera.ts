import { afterAll, beforeAll } from 'vitest';
import { type ApiCamera, type ApiNetwork, apiSession, apiSessionGet, apiSessionPost } from './api';
import { ADMIN, NETWORK } from './cameraVideo';
import { Camsim } from './camsim';
import type { E2EEnv } from './e2e';

/**
 * A camera the spec file may unplug, hang or resize: our own camsim with one camera, added to the demo network as
 * `name` (main and sub stream) before the file's tests and stopped after them. Returns the running camsim.
 */
export function ownCamsimCamera(env: E2EEnv, name: string): () => Camsim {
  let camsim: Camsim | null = null;
  beforeAll(async () => {
    camsim = await Camsim.start(1);
    const api = await apiSession(env.server.baseUrl, ADMIN, env.server.credential(ADMIN).password);
    try {
      const networks = await apiSessionGet<ApiNetwork[]>(api, '/vision/networks');
      const network = networks.find((entry) => entry.name === NETWORK)!;
      await apiSessionPost<ApiCamera>(api, `/n/${network.id}/manage/vision/cameras`, {
        name,
        main_rtsp_url: camsim.rtspUrl(0, 'main'),
        sub_rtsp_url: camsim.rtspUrl(0, 'sub'),
      });
    } finally {
      await api.dispose();
    }
  });
  afterAll(async () => {
    await camsim?.stop();
  });
  return () => {
    if (!camsim) throw new Error(`camsim of ${name} is not running`);
    return camsim;
  };
}
