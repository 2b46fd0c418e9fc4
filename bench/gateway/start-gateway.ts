// The gateway as deployed, every service pointing at the benchmark upstream. Started by run.ts in
// its own process; reports its port over IPC.
import { listen } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { createGateway, serviceNames } from '../../gateway/src/app.ts';
import { serveBenchChild } from './child.ts';

const upstream = process.env.UPSTREAM_URL ?? '';
const gateway = createGateway({
  upstreams: Object.fromEntries(serviceNames.map((s) => [s, upstream])) as Record<
    (typeof serviceNames)[number],
    string
  >,
  embedded: false,
  signingKey: process.env.INTERNAL_SIGNING_KEY ?? '',
  // The limiter still runs on every request (memory store); only its ceiling is out of reach.
  rateLimitPerMinute: 1_000_000_000,
  logger: createLogger({ name: 'gateway', level: process.env.LOG_LEVEL ?? 'info' }),
});
const listening = await listen(gateway.app, 0, '127.0.0.1');
serveBenchChild(listening.url);
