import { vi } from 'vitest';
import { resetSocketOpeningsForTests } from '../player/socketOpenings';

/** Stand-in for the browser WebSocket at the live transport boundary (unit tests only; E2E talks to argusd). */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  static latest(): FakeWebSocket {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }

  readyState = FakeWebSocket.CONNECTING;
  binaryType: BinaryType = 'blob';
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closedByClient = false;

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  /** As a browser: a close() fires 'close' for listeners (the live socket has taken its onclose off by then). */
  close() {
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new Event('close'));
  }

  // What the server does:
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
    this.dispatchEvent(new Event('open'));
  }
  sendText(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  sendBinary(bytes: ArrayBuffer) {
    this.onmessage?.(new MessageEvent('message', { data: bytes }));
  }
  /** The connection ends from the server side (or the upgrade is refused: error, then close). */
  drop(code = 1006) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.dispatchEvent(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
    this.dispatchEvent(new Event('close'));
  }
}

export function installFakeWebSocket() {
  FakeWebSocket.instances = [];
  resetSocketOpeningsForTests();
  vi.stubGlobal('WebSocket', FakeWebSocket);
}
