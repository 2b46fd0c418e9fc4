import net from 'node:net';

/**
 * A TCP proxy in front of one dependency (a service's PostgreSQL database, Redis), so that a test
 * can do to one service what a broken network does: `reset()` destroys every open connection
 * (ECONNRESET on both sides), `blackHole()` keeps accepting and holding connections but forwards
 * nothing either way (packets silently dropped), `refuse()` closes every new connection at once,
 * `open()` forwards again. Only new bytes are affected: a black-holed connection stays dead after
 * `open()`, as a real one whose packets were lost would be until its time-outs fire.
 */
export class TcpProxy {
  #mode: 'open' | 'blackhole' | 'refuse' = 'open';
  readonly #sockets = new Set<net.Socket>();
  readonly #dead = new WeakSet<net.Socket>();
  readonly #server: net.Server;
  port = 0;

  readonly name: string;
  readonly targetPort: number;
  readonly targetHost: string;

  constructor(name: string, targetPort: number, targetHost = '127.0.0.1') {
    this.name = name;
    this.targetPort = targetPort;
    this.targetHost = targetHost;
    this.#server = net.createServer((client) => this.#accept(client));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
    return this;
  }

  get mode() {
    return this.#mode;
  }

  #accept(client: net.Socket) {
    if (this.#mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    const pair = [client, upstream];
    for (const s of pair) {
      this.#sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        this.#sockets.delete(s);
        for (const other of pair) if (other !== s) other.destroy();
      });
    }
    // Connections accepted while black-holed never carry a byte, even after open().
    if (this.#mode === 'blackhole') for (const s of pair) this.#dead.add(s);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (this.#mode === 'open' && !this.#dead.has(from)) to.write(chunk);
        else this.#dead.add(from);
      });
    forward(client, upstream);
    forward(upstream, client);
  }

  /** Every open connection is reset (both ends see it closed with an error). */
  reset(): void {
    for (const s of this.#sockets) s.resetAndDestroy();
    this.#sockets.clear();
  }

  blackHole(): void {
    this.#mode = 'blackhole';
  }

  refuse(): void {
    this.#mode = 'refuse';
  }

  open(): void {
    this.#mode = 'open';
  }

  async close(): Promise<void> {
    this.reset();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
