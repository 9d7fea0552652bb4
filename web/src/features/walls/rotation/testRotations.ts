import { http, type JsonBodyType } from 'msw';
import { apiPath, json, server } from '../../../test/server';
import type { WallRotation } from '../rotationsApi';

export const rotationsPath = apiPath('/api/v1/organizations/:orgId/camera/videoWallRotations');
export const rotationPath = apiPath('/api/v1/organizations/:orgId/camera/videoWallRotations/:id');

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/** Answers the rotation calls (list, and `write` for POST/PUT/DELETE) and records the writes. */
export function rotationHandlers(list: WallRotation[], write: (body: unknown) => Response = (body) => json(body as JsonBodyType, 201)) {
  const calls: RecordedCall[] = [];
  const record = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    calls.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
    return write(body);
  };
  server.use(
    http.get(rotationsPath, () => json(list)),
    http.post(rotationsPath, record),
    http.put(rotationPath, record),
    http.delete(rotationPath, record),
  );
  return calls;
}
