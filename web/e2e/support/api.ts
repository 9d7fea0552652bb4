import { type APIRequestContext, type BrowserContext, request } from 'playwright-core';

/** Minimal shapes of the server's answers the specs compare the UI against (docs/api/openapi.yaml). */
export interface ApiNetwork {
  id: number;
  name: string;
  timezone?: string;
}
export interface ApiCamera {
  id: number;
  name: string;
  mac: string;
  status: 'active' | 'alerting' | 'offline' | 'dormant';
  tags: string[];
  product_short_description: string;
  position: { lat: number; lng: number } | null;
  /** Live paths are null for a camera without a video source (docs/design/live.md "Channel fields"). */
  channel?: { id: number; cloud_proxy_livestream_path: string | null; snapshot_url: string | null };
  /** Camera kind: standard, fisheye, multi_imager. */
  type?: string;
  config?: { video_width?: number; video_height?: number };
}
/** GET /n/{networkId}/manage/vision/cameras/{id}/availability?t0&t1: recorded [start, end] ms ranges, sorted. */
export interface ApiAvailability {
  camera: [number, number][];
  cloud: [number, number][];
}
export interface ApiUser {
  id: number;
  org_id: number;
  name: string;
  email: string;
  shard_id: number;
}

/**
 * GET an API path (relative to /n{shard}) with the browser context's own cookies, i.e. as the signed-in user of that
 * context. Used to compare what the portal shows with what the server answers that same session.
 */
export async function apiGet<T>(context: BrowserContext, baseUrl: string, apiPath: string, shard = 1): Promise<T> {
  const response = await context.request.get(`${baseUrl}/n${shard}${apiPath}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!response.ok()) throw new Error(`GET /n${shard}${apiPath} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The portal's camera order (spec 01 §2): active or alerting first, then by name (or MAC), then id. */
export function expectedCameraOrder(cameras: readonly ApiCamera[]): string[] {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const up = (camera: ApiCamera) => camera.status === 'active' || camera.status === 'alerting';
  const label = (camera: ApiCamera) => camera.name.trim() || camera.mac;
  return [...cameras]
    .sort((a, b) => Number(up(b)) - Number(up(a)) || collator.compare(label(a), label(b)) || a.id - b.id)
    .map(label);
}

/** Spec 01 §5 camera search: case-insensitive substring of the name (or MAC), product description or any tag. */
export function matchesSearch(camera: ApiCamera, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return [camera.name.trim() || camera.mac, camera.product_short_description ?? '', ...camera.tags].some((value) =>
    value.toLowerCase().includes(needle),
  );
}

/**
 * A signed-in API client outside the browser (its own cookie jar), e.g. the org admin's view of a network to compare
 * a restricted user's page against.
 */
export async function apiSession(baseUrl: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const tokenAnswer = await api.get('/n1/csrf/token');
  const { csrf_token: token } = (await tokenAnswer.json()) as { csrf_token: string };
  const login = await api.post('/n1/login/login', {
    data: { email, password, remember: 0 },
    headers: { 'X-CSRF-Token': token },
  });
  if (!login.ok()) throw new Error(`API sign-in of ${email} answered ${login.status()}: ${await login.text()}`);
  // A user of several organizations chooses one (spec 01 ORG_CHOOSE): the one with the lowest id.
  const answer = (await login.json()) as { mode?: string | null; orgs?: { id: number; eid: string }[] };
  if (answer.mode === 'org_choose' && answer.orgs?.length) {
    const [first] = [...answer.orgs].sort((a, b) => a.id - b.id);
    const chosen = await api.post('/n1/login/org_choose', { data: { eid: first.eid }, headers: { 'X-CSRF-Token': token } });
    if (!chosen.ok()) throw new Error(`org choice of ${email} answered ${chosen.status()}: ${await chosen.text()}`);
  }
  return api;
}

export async function apiSessionGet<T>(api: APIRequestContext, apiPath: string, shard = 1): Promise<T> {
  const response = await api.get(`/n${shard}${apiPath}`);
  if (!response.ok()) throw new Error(`GET /n${shard}${apiPath} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST JSON with the session's CSRF token (bound to the argus_csrf cookie the session got at sign-in). */
export async function apiSessionPost<T>(api: APIRequestContext, apiPath: string, body: unknown, shard = 1): Promise<T> {
  const tokenAnswer = await api.get('/n1/csrf/token');
  const { csrf_token: token } = (await tokenAnswer.json()) as { csrf_token: string };
  const response = await api.post(`/n${shard}${apiPath}`, { data: body, headers: { 'X-CSRF-Token': token } });
  if (!response.ok()) throw new Error(`POST /n${shard}${apiPath} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** DELETE with the session's CSRF token; throws unless the server answers 2xx. */
export async function apiSessionDelete(api: APIRequestContext, apiPath: string, shard = 1): Promise<void> {
  const tokenAnswer = await api.get('/n1/csrf/token');
  const { csrf_token: token } = (await tokenAnswer.json()) as { csrf_token: string };
  const response = await api.delete(`/n${shard}${apiPath}`, { headers: { 'X-CSRF-Token': token } });
  if (!response.ok()) throw new Error(`DELETE /n${shard}${apiPath} answered ${response.status()}: ${await response.text()}`);
}
