/**
 * How many live WebSockets of a page may be in their opening handshake at once. Chromium delays each new WebSocket by
 * rand(1 s … 5 s) × 2^(its connections still opening) / 65536 (its per-process WebSocket throttler): one at a time
 * costs nothing, but 16 opened at once — a wall — made the last ones wait 1–5 s (measured: 16 sockets open in 1.1–4.4 s
 * at once, 0.25–0.4 s four at a time; docs/design/walls.md). With at most this many opening, the throttle adds under
 * 2 ms per socket; the others wait their turn in order and start as soon as one of them opened or failed.
 */
export const LIVE_SOCKETS_OPENING_AT_ONCE = 4;

let opening = 0;
const waiting: Array<() => void> = [];

function releaseSlot(): void {
  opening -= 1;
  const next = waiting.shift();
  if (next) next();
}

/**
 * Calls `open` when fewer than LIVE_SOCKETS_OPENING_AT_ONCE sockets are opening (at once, or after the ones ahead);
 * the socket it makes holds its slot until it opens, fails or closes. Answers a function that gives the turn up: a
 * socket not made yet is never made, a socket still opening frees its slot.
 */
export function openWhenSlotFree(open: () => WebSocket): () => void {
  let released = false;
  let started = false;
  const release = () => {
    if (released || !started) return;
    released = true;
    releaseSlot();
  };
  const start = () => {
    started = true;
    opening += 1;
    let socket: WebSocket;
    try {
      socket = open();
    } catch (error) {
      release();
      throw error;
    }
    for (const type of ['open', 'error', 'close']) socket.addEventListener(type, release, { once: true });
  };
  if (opening < LIVE_SOCKETS_OPENING_AT_ONCE) start();
  else waiting.push(start);
  return () => {
    if (!started) {
      const index = waiting.indexOf(start);
      if (index >= 0) waiting.splice(index, 1);
      started = true; // never made: nothing to release
      released = true;
      return;
    }
    release();
  };
}

/** Tests: forgets every socket of earlier tests. */
export function resetSocketOpeningsForTests(): void {
  opening = 0;
  waiting.length = 0;
}

/** Tests: the sockets counted as opening and the turns waiting. */
export function socketOpeningsForTests(): { opening: number; waiting: number } {
  return { opening, waiting: waiting.length };
}
