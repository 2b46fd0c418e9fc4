import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { createGateway, type GatewayOptions } from '../app.ts';
import { type ServiceName, serviceNames } from '../domain/route-table.ts';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Distinct per TCP connection, to see keep-alive at work. */
  connection: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export interface FakeUpstream {
  service: ServiceName;
  url: string;
  seen: SeenRequest[];
  /** Requests whose client (the gateway) went away before the answer ended. */
  aborted: string[];
  handle: Handler;
  /** The server's request listener, for the in-process engine. */
  listener: http.RequestListener;
  close(): Promise<void>;
}

const defaultHandler =
  (service: ServiceName): Handler =>
  (req, res) => {
    if (req.url === '/readyz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': service });
    res.end(JSON.stringify({ service, url: req.url }));
  };

/** A plain HTTP server on a random loopback port that records what the gateway sends it. */
export async function startFakeUpstream(service: ServiceName): Promise<FakeUpstream> {
  let connections = 0;
  const upstream: FakeUpstream = {
    service,
    url: '',
    seen: [],
    aborted: [],
    handle: defaultHandler(service),
    listener: () => {},
    close: async () => {},
  };
  upstream.listener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const connection = (req.socket as { fakeId?: number }).fakeId ?? 0;
      upstream.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        connection,
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.aborted.push(req.url ?? '');
      });
      upstream.handle(req, res, body);
    });
  };
  const server = http.createServer(upstream.listener);
  server.on('connection', (socket) => {
    (socket as { fakeId?: number }).fakeId = ++connections;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return upstream;
}

/** A loopback URL on which nothing listens: a service that is down. */
export async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

export interface TestGateway {
  url: string;
  /** The metrics port's `/metrics` (never served on `url`). */
  metricsUrl: string;
  upstreams: Record<ServiceName, FakeUpstream>;
  stop(): Promise<void>;
}

/** The gateway's `INTERNAL_SIGNING_KEY` in these tests: fake upstreams can check what it signs. */
export const testSigningKey = 'test-signing-key-of-the-gateway-tests-0123456789';

/**
 * Six fake services and a gateway in front of them; `overrides` replace any gateway option. With
 * `inProcess` the gateway hands calls to the fake services' listeners, as the embedded product does.
 */
export async function startTestGateway(
  overrides: Partial<GatewayOptions> = {},
  upstreamUrls: Partial<Record<ServiceName, string>> = {},
  { inProcess = false, ...listenOptions }: { requestTimeoutMs?: number; inProcess?: boolean } = {},
): Promise<TestGateway> {
  const upstreams = {} as Record<ServiceName, FakeUpstream>;
  for (const service of serviceNames) upstreams[service] = await startFakeUpstream(service);
  const urls = Object.fromEntries(
    serviceNames.map((s) => [s, upstreamUrls[s] ?? upstreams[s].url]),
  ) as Record<ServiceName, string>;
  const inProcessServices = inProcess
    ? (Object.fromEntries(serviceNames.map((s) => [s, upstreams[s].listener])) as Record<
        ServiceName,
        http.RequestListener
      >)
    : undefined;
  const gateway = createGateway({
    upstreams: urls,
    inProcessServices,
    embedded: true,
    logger: createLogger({ name: 'gateway', level: 'silent' }),
    // Tests swap upstream handlers freely; the readiness gate has its own tests.
    readinessPollMs: 0,
    signingKey: testSigningKey,
    ...overrides,
  });
  const listening = await listen(gateway.app, 0, '127.0.0.1', listenOptions);
  const metrics = await listen(gateway.metricsApp, 0, '127.0.0.1');
  return {
    url: listening.url,
    metricsUrl: `${metrics.url}/metrics`,
    upstreams,
    stop: async () => {
      await listening.stop(100);
      await metrics.stop(100);
      await gateway.close();
      await Promise.all(Object.values(upstreams).map((u) => u.close()));
    },
  };
}
