// The embedded product as `npm start` runs it (scripts/embedded.ts: gateway, six services, PGlite,
// in-process bus), without building the front ends, on a free port and a throw-away data folder.
// Started by run.ts in its own process, so the load generator does not share its event loop;
// reports its URLs over IPC and answers CPU-time questions.
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startEmbedded } from '../../scripts/embedded.ts';

export type ProductUrls = { url: string; auth: string; notifications: string };

const dataDir = await mkdtemp(path.join(tmpdir(), 'innerview-bench-login-'));
const product = await startEmbedded({
  port: 0,
  dataDir,
  env: {
    // A connection the load generator closes at the end of a run is logged as a warning: noise here.
    LOG_LEVEL: 'error',
    // The auth service's per-IP and per-account limits would stop a load test (services/auth/README.md).
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
  },
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await product.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

// A V8 CPU profile of this process's main thread (gateway, services, PGlite; not the hash threads),
// taken between 'profile-start' and 'profile-stop' to show where a login's time goes.
const inspector = new Session();
async function profile(message: 'profile-start' | 'profile-stop') {
  if (message === 'profile-start') {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    process.send?.({ profiling: true });
    return;
  }
  const { profile: taken } = await inspector.post('Profiler.stop');
  inspector.disconnect();
  process.send?.({ profile: taken });
}

// `npm run bench:login-floor` swaps the bench account's stored hash for one with other argon2id
// parameters (the stored hash carries them, so the login verifies with those).
async function setPasswordHash(account: { email: string; passwordHash: string }) {
  const auth = product.services.auth!.ctx.db as unknown as {
    execute(query: ReturnType<typeof sql>): Promise<unknown>;
  };
  await auth.execute(
    sql`update users set password_hash = ${account.passwordHash} where email = ${account.email}`,
  );
  process.send?.({ accountSet: true });
}

process.on('message', (message) => {
  const account = (message as { account?: { email: string; passwordHash: string } } | null)?.account;
  if (account) void setPasswordHash(account);
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (message === 'profile-start' || message === 'profile-stop') void profile(message);
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());
const urls: ProductUrls = {
  url: product.url,
  auth: product.services.auth!.url,
  notifications: product.services.notifications!.url,
};
process.send?.({ urls });
