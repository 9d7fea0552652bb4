import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { adminUser, env, networks, nfos, organizations, permissionsFor } from './fixtures';
import { makeChallenge } from '../features/captcha/test/makeChallenge';

/** Matches `<origin>/n{shard}{path}` for any shard, with or without a query. */
export function apiPath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/?]+');
  return new RegExp(`^https?://[^/]+/n\\d+${escaped}(\\?.*)?$`);
}

export function loginMode() {
  return HttpResponse.json({ mode: 'login', errors: ['No user in session. Login required.'] }, { status: 401 });
}

export function apiErrors(messages: string[], status = 400) {
  return HttpResponse.json({ errors: messages }, { status });
}

export function json(body: JsonBodyType, status = 200) {
  return HttpResponse.json(body, { status });
}

/** A signed-in administrator by default: the start-up calls and the session calls of the shell. */
export const defaultHandlers = [
  http.get(apiPath('/csrf/token'), () => json({ csrf_token: 'csrf-1' })),
  http.get(apiPath('/vision/user'), () => json(adminUser)),
  http.get(apiPath('/vision/env'), () => json(env)),
  http.get(apiPath('/vision/nfos'), () => json(nfos)),
  http.get(apiPath('/vision/shard_features'), () => json([])),
  http.get(apiPath('/vision/shard_for_network'), () => json({ shard_id: 1 })),
  http.get(apiPath('/vision/networks'), () => json(networks)),
  http.get(apiPath('/vision/networks/:id/context'), ({ request }) => {
    const id = Number(/networks\/(\d+)\/context/.exec(request.url)?.[1]);
    return json({ shard_id: 1, network: networks.find((n) => n.id === id) ?? networks[0], permissions: permissionsFor(id) });
  }),
  http.get(apiPath('/vision/organizations'), () =>
    json(Object.fromEntries(organizations.map((org) => [String(org.id), org]))),
  ),
  http.put(apiPath('/vision/change_org'), () => json({ success: true, organization: organizations[1] })),
  http.get(apiPath('/login/logout'), () => json({ slo_logout_url: null })),
  http.get(apiPath('/login/password_rules'), () => json({ min_length: 12, max_length: 256 })),
  // The sign-in captcha widget fetches a challenge when a captcha answer carried none (a small one: quick to solve).
  http.get(apiPath('/login/captcha'), async () => json(await makeChallenge(7, { maxnumber: 50 }))),
  http.post(apiPath('/vision/session/refresh'), () => json({ idle_timeout_ms: 1_800_000, idle_expires_at_ms: 0 })),
  http.get(apiPath('/n/:networkId/manage/vision/cameras'), () => json([])),
  http.get(apiPath('/node_groups/:id/floorplans'), () => json([])),
  http.get(apiPath('/n/:networkId/manage/vision/cameras/:cameraId/availability'), () => json({ camera: [], cloud: [] })),
  http.get(apiPath('/cameras/:cameraId/file_record'), () => json({ video_status: 'ok', ts_ms: 0 })),
  http.get(apiPath('/n/:networkId/manage/vision/walls'), () => json([])),
  http.get(apiPath('/api/v1/organizations/:orgId/camera/videoWallRotations'), () => json([])),
  http.post(apiPath('/n/:networkId/manage/access_logs/log_event'), () => json({ success: true })),
  http.get(apiPath('/n/:networkId/manage/cameras/motion_search'), () => json({ subevents: [], grid: { cols: 60, rows: 34 } })),
  http.post(apiPath('/manage/video/motion_search_telemetry'), () => json({ success: true })),
  // Door access control: no partner integration (features/access-control/test has the handlers with doors and events).
  http.get(apiPath('/api/v1/organizations/:orgId/camera/accessControlPartnerIntegrations'), () => json([])),
  http.get(apiPath('/api/genea/v1/organizations/:orgId/doorCameraMappings'), () => json([])),
  http.get(apiPath('/api/genea/v1/organizations/:orgId/accessEvents'), () =>
    json({ data: [], meta: { pagination: { page: 1, page_size: 100, page_count: 0, total: 0 } } }),
  ),
  // Global search finds nothing, feedback is stored, and none has been sent (features/global-search/test,
  // features/feedback/test and features/admin/feedback/test have richer ones).
  http.get(apiPath('/vision/search'), () => json({ camera: [], video_wall: [], export_job: [] })),
  http.post(apiPath('/n/:networkId/manage/support/wish'), () => json({ id: 1 }, 201)),
  http.get(apiPath('/api/v1/organizations/:orgId/feedback'), () => json({ items: [], has_more: false })),
];

export const server = setupServer(...defaultHandlers);
