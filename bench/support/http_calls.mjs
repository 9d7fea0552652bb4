// Plain HTTP calls to argusd for the sign-in benchmarks: one request on a keep-alive agent, with cookies and timing.
import http from 'node:http';

/** One call to `/n1{path}` on 127.0.0.1:port; answers { status, body, cookies (name=value), ms }. */
export function call(port, agent, method, path, { cookies = '', body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      { host: '127.0.0.1', port, method, path: `/n1${path}`, agent, headers: { Cookie: cookies, ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const set = (response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]);
          resolve({ status: response.statusCode, body: text, cookies: set, ms: performance.now() - started });
        });
      },
    );
    request.on('error', reject);
    if (body !== undefined) {
      request.setHeader('Content-Type', 'application/json');
      request.end(JSON.stringify(body));
    } else request.end();
  });
}

/** A CSRF cookie and token, then POST /login/login from `address` (X-Forwarded-For); answers the sign-in's answer. */
export async function signIn(port, agent, email, password, address) {
  const csrf = await call(port, agent, 'GET', '/csrf/token');
  return call(port, agent, 'POST', '/login/login', {
    cookies: csrf.cookies.join('; '),
    body: { email, password },
    headers: { 'X-CSRF-Token': JSON.parse(csrf.body).csrf_token, 'X-Forwarded-For': address },
  });
}

/** The p-th percentile (0–100) of the values; NaN when there are none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}
