import net from 'node:net';

/**
 * A TCP proxy for fault tests: put it in front of PostgreSQL (or anything on TCP) and cut the
 * connection as a network would.
 * - `reset()` destroys every open connection (a restarted server, a dropped NAT entry);
 * - `blackHole()` keeps accepting and holding connections but forwards nothing either way (packets
 *   silently dropped: the case that time-outs exist for);
 * - `restore()` forwards again (held connections stay dead: real peers would have given up on them).
 */
export interface TcpProxy {
  /** `host:port` to use instead of the target's. */
  readonly port: number;
  /** The target's URL with its host and port replaced by the proxy's. */
  url(targetUrl: string): string;
  reset(): void;
  blackHole(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let holding = false;
  const sockets = new Set<net.Socket>();
  /** Connections open while black-holed: dead for good once it ends. */
  const held = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (holding) {
      held.add(client); // accepted, never answered, never forwarded
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('data', (chunk) => {
      if (!holding) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!holding) client.write(chunk);
    });
    // Once a connection has been black-holed it stays dead, as it would after a real outage.
    const closeBoth = () => {
      if (holding) return;
      client.destroy();
      upstream.destroy();
    };
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    reset() {
      for (const socket of sockets) socket.destroy();
    },
    blackHole() {
      holding = true;
      for (const socket of sockets) held.add(socket);
    },
    restore() {
      holding = false;
      // What was held is gone for good (its peers would have given up); new connections go through.
      for (const socket of held) socket.destroy();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
