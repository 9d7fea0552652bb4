import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { type AppState, appActions } from '../app/appSlice';
import { APP_ID_HEADER_VALUE } from '../app/constants';
import { authActions } from '../features/auth/authSlice';
import { type ApiError, networkFailure, parseAnswer } from './apiError';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface ArgusRequest {
  /** Path relative to the base path `/n{shardId}`, starting with `/`. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  body?: unknown;
  /** The answer is plain text on success (e.g. keep-alive). */
  expectText?: boolean;
  /** Non-2xx statuses whose JSON answer is data rather than an error (e.g. 401/429 sign-in answers). */
  acceptStatuses?: number[];
}

/** What an endpoint's `transformResponse` learns besides an accepted answer's body: its HTTP status. */
export interface ArgusMeta {
  status: number;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The shard named by a 421 answer (a network's content asked of another shard), or null. */
function misdirectedShard(status: number, text: string): number | null {
  if (status !== 421) return null;
  const shardId = parseJsonObject(text)?.shard_id;
  return typeof shardId === 'number' && Number.isInteger(shardId) && shardId > 0 ? shardId : null;
}

function buildUrl(shardId: number, request: ArgusRequest): string {
  const url = new URL(`/n${shardId}${request.url}`, window.location.origin);
  for (const [key, value] of Object.entries(request.params ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * The one base query: `/n{shardId}` prefix, same-origin cookies, the XMLHttpRequest marker, the app id header,
 * the CSRF token on non-GET calls, and every failure turned into an `ApiError`. A 421 answer names the shard that
 * serves the network: the base path moves there and the call is made once more.
 */
export const argusBaseQuery: BaseQueryFn<ArgusRequest | string, unknown, ApiError, {}, ArgusMeta> = async (
  arg,
  api,
) => {
  const request: ArgusRequest = typeof arg === 'string' ? { url: arg } : arg;
  const { app } = api.getState() as { app: AppState };
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Argus-App': APP_ID_HEADER_VALUE,
  };
  if (method !== 'GET' && app.csrfToken) headers['X-CSRF-Token'] = app.csrfToken;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  const send = async (shardId: number) => {
    const response = await fetch(buildUrl(shardId, request), {
      method,
      headers,
      credentials: 'same-origin',
      signal: api.signal,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    return { response, text: await response.text() };
  };
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await send(app.shardId));
    const shardId = misdirectedShard(response.status, text);
    if (shardId !== null && shardId !== app.shardId) {
      api.dispatch(appActions.shardChanged(shardId));
      ({ response, text } = await send(shardId));
    }
  } catch (cause) {
    return { error: networkFailure(cause instanceof Error ? cause.message : undefined) };
  }

  if (request.acceptStatuses?.includes(response.status)) {
    const accepted = parseJsonObject(text);
    if (accepted) return { data: accepted, meta: { status: response.status } };
  }
  const parsed = parseAnswer(response.status, text, request.expectText ?? false);
  if (parsed.ok) return { data: parsed.data };
  if (parsed.error.loginRequired) api.dispatch(authActions.signedOut());
  return { error: parsed.error };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: argusBaseQuery,
  tagTypes: ['User', 'Networks', 'Cameras', 'FloorPlans', 'Orgs', 'Nfos'],
  endpoints: () => ({}),
});
