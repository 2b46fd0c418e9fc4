// `npm run events -- dead-letters list|replay`: the events a service gave up on, kept in its own
// database (ADR 36), listed and replayed.
//
//   dead-letters list [--service S] [--type T] [--replayed]
//   dead-letters replay <id> | --all [--service S] [--type T] [--wait-ms 30000]
//
// Which database: `--database-url` or DATABASE_URL (postgres://…) is one service's database
// (distributed mode: run it once per service). Without one, the embedded product's PGlite
// directories under DATA_DIR (default .data), one per service; only while the product is stopped,
// because a PGlite directory has one user at a time.
//
// Replay marks the letters; the running service replays each through its handler and its inbox
// (so an event applied meanwhile does nothing) and this command waits for the outcome. Embedded,
// the replays run when the product next starts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Database,
  deadLettersById,
  isPostgresUrl,
  listDeadLetters,
  openDatabase,
  requestReplay,
  type StoredDeadLetter,
} from '@innerview/kit';
import { sql } from 'drizzle-orm';

const services = ['auth', 'billing', 'chat', 'questionnaire', 'files', 'notifications'] as const;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const usage = `usage:
  npm run events -- dead-letters list [--service S] [--type T] [--replayed]
  npm run events -- dead-letters replay <id> | --all [--service S] [--type T] [--wait-ms 30000]
options:
  --database-url URL  one service's PostgreSQL database (default DATABASE_URL); without it, the
                      embedded product's PGlite directories under DATA_DIR (default .data), which
                      needs the product stopped
  --service S         ${services.join(', ')}
  --type T            an event type, e.g. auth.user.registered
  --replayed          list replayed letters too
  --wait-ms N         how long replay waits for the running service (default 30000)`;

/** One service's database as this command sees it. */
interface Target {
  label: string;
  embedded: boolean;
  open(): Promise<Database>;
}

class UsageError extends Error {}

export async function run(args: string[]): Promise<number> {
  try {
    return await dispatch(args);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    console.error(`dead-letters: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function dispatch(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      service: { type: 'string' },
      type: { type: 'string' },
      all: { type: 'boolean', default: false },
      replayed: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'wait-ms': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }).valueOf() as {
    values: {
      service?: string;
      type?: string;
      all: boolean;
      replayed: boolean;
      'database-url'?: string;
      'wait-ms'?: string;
      help: boolean;
    };
    positionals: string[];
  };
  const [action, id, ...extra] = positionals;
  if (values.help || !action) {
    console.log(usage);
    return 0;
  }
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const service = values.service;
  if (service !== undefined && !services.includes(service as (typeof services)[number]))
    throw new UsageError(`--service must be one of ${services.join(', ')}`);
  const type = values.type;
  if (type !== undefined && !/^[a-z][a-z0-9_.-]{0,99}$/i.test(type))
    throw new UsageError('--type must be an event type such as auth.user.registered');
  const targets = resolveTargets(values['database-url'] ?? process.env.DATABASE_URL, service);
  if (action === 'list') {
    if (id) throw new UsageError('list takes no id');
    return list(targets, {
      group: targets[0]?.embedded ? undefined : service,
      type,
      replayed: values.replayed,
    });
  }
  if (action === 'replay') {
    if (values.all === Boolean(id)) throw new UsageError('replay needs one dead letter id, or --all');
    if (id && !uuidPattern.test(id)) throw new UsageError('a dead letter id is a uuid, as `list` prints it');
    const waitMs = Number(values['wait-ms'] ?? 30_000);
    if (!Number.isInteger(waitMs) || waitMs < 0 || waitMs > 3_600_000)
      throw new UsageError('--wait-ms must be a whole number of milliseconds up to 3600000');
    return replay(targets, { id, group: targets[0]?.embedded ? undefined : service, type, waitMs });
  }
  throw new UsageError(`unknown action ${action}`);
}

function resolveTargets(databaseUrl: string | undefined, service: string | undefined): Target[] {
  if (isPostgresUrl(databaseUrl)) {
    const where = new URL(databaseUrl);
    const label = `${where.hostname}${where.pathname}`;
    return [
      { label, embedded: false, open: () => openDatabase({ url: databaseUrl, dataDir: '', poolSize: 2 }) },
    ];
  }
  if (databaseUrl) throw new UsageError('--database-url / DATABASE_URL must be a postgres:// URL');
  const dataDir = process.env.DATA_DIR ?? '.data';
  const names = service ? [service] : [...services];
  const dirs = names
    .map((name) => ({ name, dir: path.resolve(dataDir, name) }))
    .filter((d) => existsSync(d.dir));
  if (dirs.length === 0)
    throw new Error(`no embedded data under ${path.resolve(dataDir)} (set DATA_DIR or DATABASE_URL)`);
  const running = dirs.filter((d) => existsSync(path.join(d.dir, 'postmaster.pid')));
  if (running.length > 0) {
    throw new Error(
      `the embedded product is running (or did not stop cleanly): ${running.map((d) => d.name).join(', ')} in use. ` +
        'Stop it first (Ctrl-C on npm start); a product that crashed is cleared by starting and stopping it once.',
    );
  }
  return dirs.map(({ name, dir }) => ({
    label: name,
    embedded: true,
    open: () => openDatabase({ url: `pglite://${dir}`, dataDir: dir }),
  }));
}

async function withDatabase<T>(
  target: Target,
  work: (database: Database) => Promise<T>,
): Promise<T | undefined> {
  const database = await target.open();
  try {
    const result = (await database.db.execute(
      sql`select to_regclass('kit_dead_letters') is not null as ok`,
    )) as unknown as {
      rows: { ok: boolean }[];
    };
    // A service that has not started since dead letters moved into its database has no table yet.
    if (!result.rows[0]?.ok) return undefined;
    return await work(database);
  } finally {
    await database.close();
  }
}

async function list(
  targets: Target[],
  filter: { group: string | undefined; type: string | undefined; replayed: boolean },
): Promise<number> {
  let total = 0;
  for (const target of targets) {
    const letters =
      (await withDatabase(target, (database) =>
        listDeadLetters(database.db, {
          group: filter.group,
          type: filter.type,
          includeReplayed: filter.replayed,
        }),
      )) ?? [];
    total += letters.length;
    console.log(`${target.label}: ${letters.length} dead letter${letters.length === 1 ? '' : 's'}`);
    for (const letter of letters) console.log(describe(letter));
  }
  if (total > 0) console.log('\nreplay one: npm run events -- dead-letters replay <id>; all: --all');
  return 0;
}

function describe(letter: StoredDeadLetter): string {
  const state = letter.replayedAt
    ? `replayed ${letter.replayedAt.toISOString()}`
    : letter.replayRequestedAt
      ? 'replay queued'
      : 'open';
  const error = letter.error.length > 160 ? `${letter.error.slice(0, 160)}…` : letter.error;
  return [
    `  ${letter.id}  ${letter.group}  ${letter.eventType}  event ${letter.eventId}`,
    `    ${letter.attempts} tries, first ${letter.firstFailedAt.toISOString()}, last ${letter.lastFailedAt.toISOString()}, ${state}`,
    `    ${error}`,
  ].join('\n');
}

async function replay(
  targets: Target[],
  options: { id: string | undefined; group: string | undefined; type: string | undefined; waitMs: number },
): Promise<number> {
  let queuedTotal = 0;
  let failed = 0;
  for (const target of targets) {
    const outcome = await withDatabase(target, async (database) => {
      const scope = { group: options.group, type: options.type };
      const { queued, alreadyReplayed } = await requestReplay(
        database.db,
        options.id ? { id: options.id, ...scope } : { all: true, ...scope },
      );
      for (const letter of alreadyReplayed)
        console.log(
          `${target.label}: ${letter.id} was replayed at ${letter.replayedAt?.toISOString()}; nothing to do`,
        );
      if (queued.length === 0) return 0;
      if (target.embedded) {
        console.log(
          `${target.label}: ${queued.length} queued; replayed through the inbox when the product starts`,
        );
        return queued.length;
      }
      console.log(`${target.label}: ${queued.length} queued; waiting for the service to replay them`);
      const ids = queued.map((l) => l.id);
      const deadline = Date.now() + options.waitMs;
      let current = await deadLettersById(database.db, ids);
      while (current.some((l) => l.replayRequestedAt && !l.replayedAt) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        current = await deadLettersById(database.db, ids);
      }
      for (const letter of current) {
        if (letter.replayedAt) console.log(`  ${letter.id}  replayed`);
        else if (letter.replayRequestedAt) {
          failed++;
          console.log(
            `  ${letter.id}  still queued: is the service running? It replays within seconds while it runs`,
          );
        } else {
          failed++;
          console.log(`  ${letter.id}  failed again: ${letter.error}`);
        }
      }
      return queued.length;
    });
    if (outcome === undefined) console.log(`${target.label}: no dead letters table yet`);
    queuedTotal += outcome ?? 0;
  }
  if (queuedTotal === 0 && options.id) {
    console.error(`no open dead letter ${options.id}${options.group ? ` for ${options.group}` : ''}`);
    return 1;
  }
  return failed > 0 ? 1 : 0;
}
