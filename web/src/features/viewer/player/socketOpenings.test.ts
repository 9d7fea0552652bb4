import { beforeEach, describe, expect, it } from 'vitest';
import { FakeWebSocket, installFakeWebSocket } from '../test/fakeWebSocket';
import { LIVE_SOCKETS_OPENING_AT_ONCE, openWhenSlotFree, socketOpeningsForTests } from './socketOpenings';

const open = (url: string) => () => new WebSocket(url);
const urls = () => FakeWebSocket.instances.map((socket) => socket.url);

describe('live sockets opening at once (Chromium throttles many opening handshakes exponentially)', () => {
  beforeEach(() => installFakeWebSocket());

  it(`makes at most ${LIVE_SOCKETS_OPENING_AT_ONCE} at once; the next starts, in order, when one opens, fails or closes`, () => {
    for (let i = 0; i < 7; i += 1) openWhenSlotFree(open(`ws://tile/${i}`));
    expect(urls()).toEqual(['ws://tile/0', 'ws://tile/1', 'ws://tile/2', 'ws://tile/3']);
    FakeWebSocket.instances[1].open();
    expect(urls()).toHaveLength(5);
    expect(urls()[4]).toBe('ws://tile/4');
    FakeWebSocket.instances[0].drop();
    FakeWebSocket.instances[2].close();
    expect(urls().slice(5)).toEqual(['ws://tile/5', 'ws://tile/6']);
    // An open socket's later close does not free a second slot.
    FakeWebSocket.instances[1].close();
    expect(socketOpeningsForTests()).toEqual({ opening: 4, waiting: 0 });
  });

  it('a turn given up before its socket was made never makes it; one given up while opening frees its slot', () => {
    const cancels = Array.from({ length: 6 }, (_, i) => openWhenSlotFree(open(`ws://tile/${i}`)));
    cancels[5](); // waiting: dropped
    cancels[0](); // opening: its slot goes to tile 4
    expect(urls()).toEqual(['ws://tile/0', 'ws://tile/1', 'ws://tile/2', 'ws://tile/3', 'ws://tile/4']);
    for (const socket of FakeWebSocket.instances.slice(1)) socket.open();
    expect(urls()).toHaveLength(5);
    expect(socketOpeningsForTests()).toEqual({ opening: 0, waiting: 0 });
  });
});
