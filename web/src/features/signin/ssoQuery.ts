import { type SsoProblem, ssoReturnProblem } from './ssoOutcome';

/** `sso` and `ssoid` (spec 01, read by the shell: automatic single sign-on), `sso_error` (back from the server). */
const SSO_PARAMS = ['sso', 'ssoid', 'sso_error'];

export interface SsoQuery {
  /** `sso=true` (or `1`), or `sso_error`: the page opens in the SSO form. */
  open: boolean;
  /** `sso=true` with `ssoid`: single sign-on starts at once with this identifier (trimmed). */
  identifier: string | null;
  /** `sso_error={reason}`: the identity provider's sign-in did not succeed. */
  problem: SsoProblem | null;
  /** The parameters were there: the address is replaced by one without them, so that a reload does not repeat them. */
  found: boolean;
  /** The sign-in address's query without them: '' or '?…'. */
  search: string;
}

const isOn = (value: string | null) => value === 'true' || value === '1';

function splitPath(path: string): { pathname: string; query: URLSearchParams } {
  const at = path.indexOf('?');
  if (at < 0) return { pathname: path, query: new URLSearchParams() };
  return { pathname: path.slice(0, at), query: new URLSearchParams(path.slice(at + 1)) };
}

function dropSsoParams(query: URLSearchParams): boolean {
  const found = SSO_PARAMS.some((name) => query.has(name));
  for (const name of SSO_PARAMS) query.delete(name);
  return found;
}

/** `path` (path and query) without the SSO parameters; unchanged when it has none. */
export function withoutSsoParams(path: string): string {
  const { pathname, query } = splitPath(path);
  if (!dropSsoParams(query)) return path;
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The SSO parameters of the sign-in address's query (`search`), or else of the page the user came from (`returnTo`:
 * a link such as `/n?sso=true&ssoid=acme` reaches /login through the route guard, its query in the return path).
 */
export function readSsoQuery(search: string, returnTo: string): SsoQuery {
  const query = new URLSearchParams(search);
  const fromQuery = splitPath(returnTo).query;
  const source = query.has('sso') ? query : fromQuery;
  const reason = query.get('sso_error');
  const problem = reason === null ? null : ssoReturnProblem(reason);
  const on = isOn(source.get('sso'));
  const identifier = on ? source.get('ssoid')?.trim() || null : null;
  const foundInReturnPath = dropSsoParams(fromQuery);
  const found = dropSsoParams(query) || foundInReturnPath;
  const rest = query.toString();
  return { open: on || problem !== null, identifier, problem, found, search: rest ? `?${rest}` : '' };
}
