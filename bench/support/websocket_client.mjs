// A minimal WebSocket client (RFC 6455) over node:http for the Node benchmarks, which run on Node 20 without a global
// WebSocket that can send a Cookie. Enough for argusd's live `ws` route: text and binary messages from the server
// (unfragmented or fragmented), pings answered with pongs, close. Clients send nothing else there.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const OPCODE = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 };

/** A masked client frame (RFC 6455 §5.3) with a payload below 126 bytes (pongs and closes only). */
function clientFrame(opcode, payload = Buffer.alloc(0)) {
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]));
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]);
}

/**
 * Opens `url` (ws://host:port/path) with extra request headers. Calls onText(string, receivedMs),
 * onBinary(Buffer, receivedMs) per message and onClose() once. Answers { close() } once the upgrade succeeded.
 */
export function openWebSocket(url, headers, { onText, onBinary, onClose }) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      headers: {
        ...headers,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    request.on('response', (response) => reject(new Error(`${url}: no upgrade, HTTP ${response.statusCode}`)));
    request.on('error', reject);
    request.on('upgrade', (_response, socket, head) => {
      let pending = head;
      let fragments = [];
      let fragmentOpcode = 0;
      let closed = false;
      const finish = () => {
        if (closed) return;
        closed = true;
        socket.destroy();
        onClose?.();
      };
      const deliver = (opcode, payload) => {
        const receivedMs = Date.now();
        if (opcode === OPCODE.text) onText?.(payload.toString('utf8'), receivedMs);
        else if (opcode === OPCODE.binary) onBinary?.(payload, receivedMs);
      };
      const parse = () => {
        for (;;) {
          if (pending.length < 2) return;
          const fin = (pending[0] & 0x80) !== 0;
          const opcode = pending[0] & 0x0f;
          let length = pending[1] & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (pending.length < 4) return;
            length = pending.readUInt16BE(2);
            offset = 4;
          } else if (length === 127) {
            if (pending.length < 10) return;
            length = Number(pending.readBigUInt64BE(2));
            offset = 10;
          }
          if (pending.length < offset + length) return;
          const payload = pending.subarray(offset, offset + length);
          pending = pending.subarray(offset + length);
          if (opcode === OPCODE.ping) socket.write(clientFrame(OPCODE.pong, payload));
          else if (opcode === OPCODE.close) {
            socket.write(clientFrame(OPCODE.close));
            finish();
            return;
          } else if (opcode === OPCODE.continuation) {
            fragments.push(Buffer.from(payload));
            if (fin) deliver(fragmentOpcode, Buffer.concat(fragments));
          } else if (fin) deliver(opcode, Buffer.from(payload));
          else {
            fragmentOpcode = opcode;
            fragments = [Buffer.from(payload)];
          }
        }
      };
      socket.on('data', (chunk) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        parse();
      });
      socket.on('close', finish);
      socket.on('error', finish);
      parse();
      resolve({
        close() {
          if (!closed) socket.end(clientFrame(OPCODE.close));
          finish();
        },
      });
    });
    request.end();
  });
}
