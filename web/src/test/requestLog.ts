import { afterEach, beforeEach } from 'vitest';
import { server } from './server';

/** Records `METHOD /path?query` of every request each test makes (the array is emptied before each test). */
export function recordRequests(): string[] {
  const log: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    log.push(`${request.method} ${url.pathname}${url.search}`);
  };
  beforeEach(() => {
    log.length = 0;
    server.events.on('request:start', listener);
  });
  afterEach(() => server.events.removeListener('request:start', listener));
  return log;
}
