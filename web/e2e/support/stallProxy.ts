import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of argusd that can stall the network: while stalled it reads nothing from either
 * side (the kernel buffers fill and argusd sees a reader that stopped, as behind a dead Wi-Fi link) and new
 * connections wait, then everything flows again. The browser talks to `baseUrl`; the Host it sends names the proxy,
 * so argusd's Origin check of WebSocket upgrades still matches.
 */
export interface StallProxy {
  baseUrl: string;
  /** Stops all traffic for `ms`, then resumes it; resolves when traffic flows again. */
  stall(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startStallProxy(targetPort: number): Promise<StallProxy> {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  let resumed: Promise<void> = Promise.resolve();

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (stalled) socket.pause();
  };

  // By hand rather than pipe(): pipe() resumes a source when its destination drains, which would end a stall early.
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!stalled) from.resume();
    });
    from.on('end', () => to.end());
    from.on('close', () => to.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    client.pause();
    void resumed.then(() => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      track(upstream);
      forward(client, upstream);
      forward(upstream, client);
      if (!stalled) client.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stall(ms) {
      stalled = true;
      for (const socket of sockets) socket.pause();
      resumed = new Promise<void>((resolve) =>
        setTimeout(() => {
          stalled = false;
          for (const socket of sockets) socket.resume();
          resolve();
        }, ms),
      );
      return resumed;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
