import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createEvent,
  type Database,
  listDeadLetters,
  MemoryEventBus,
  migrateKitTables,
  on,
  openDatabase,
  subscribeHandlers,
} from '@innerview/kit';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from './dead-letters.ts';

/** Runs the command as an operator would, with its printed lines. */
async function command(args: string[], env: Record<string, string | undefined>) {
  const lines: string[] = [];
  const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
  Object.assign(process.env, { DATABASE_URL: '', DATA_DIR: '' });
  for (const [key, value] of Object.entries(env)) process.env[key] = value ?? '';
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void lines.push(parts.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void lines.push(parts.join(' ')));
  try {
    const code = await run(args);
    return { code, out: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

describe('npm run events -- dead-letters, against a service database (distributed)', () => {
  let drop: (() => Promise<void>) | undefined;
  let url: string;
  let database: Database;
  const buses: MemoryEventBus[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase('iv_deadletters');
    drop = created.drop;
    url = created.url;
    database = await openDatabase({ url, dataDir: '' });
    await migrateKitTables(database);
    await database.db.execute(sql`create table cli_effects (event_id uuid primary key)`);
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('lists what billing gave up on, replays it once through the inbox, and a second replay does nothing', async () => {
    const bus = new MemoryEventBus({ prefix: `cli-${Date.now()}` });
    buses.push(bus);
    let broken = true;
    // The running service: billing consuming a registration it cannot apply yet.
    const subscription = await subscribeHandlers({
      bus,
      db: database.db,
      service: 'billing',
      maxAttempts: 2,
      retryDelayMs: 10,
      replayPollMs: 100,
      handlers: [
        on('platform.ping', async (event, tx) => {
          if (broken) throw new Error('no plan configured');
          await tx.execute(sql`insert into cli_effects (event_id) values (${event.id})`);
        }),
      ],
    });
    const event = createEvent('platform.ping', 'user-1', { note: 'hello' });
    await bus.publish([event]);
    const deadline = Date.now() + 10_000;
    while ((await listDeadLetters(database.db, { group: 'billing' })).length === 0) {
      if (Date.now() > deadline) throw new Error('no dead letter');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const listed = await command(['list', '--service', 'billing'], { DATABASE_URL: url });
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('1 dead letter');
    expect(listed.out).toContain(event.id);
    expect(listed.out).toContain('platform.ping');
    expect(listed.out).toContain('no plan configured');
    // The event's data is not printed.
    expect(listed.out).not.toContain('hello');
    const [letter] = await listDeadLetters(database.db, { group: 'billing' });

    expect((await command(['list', '--type', 'auth.user.registered'], { DATABASE_URL: url })).out).toContain(
      '0 dead letters',
    );
    expect((await command(['replay', 'not-an-id'], { DATABASE_URL: url })).code).toBe(2);

    broken = false;
    const replayed = await command(['replay', letter!.id, '--wait-ms', '10000'], { DATABASE_URL: url });
    expect(replayed.out).toContain('replayed');
    expect(replayed.code).toBe(0);
    const effects = async () =>
      (
        (await database.db.execute(sql`select count(*)::int as n from cli_effects`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await effects()).toBe(1);
    expect(subscription.metrics.replayed).toBe(1);

    const again = await command(['replay', letter!.id], { DATABASE_URL: url });
    expect(again.out).toContain('nothing to do');
    expect(await effects()).toBe(1);
    expect((await command(['list'], { DATABASE_URL: url })).out).toContain('0 dead letters');
    await subscription.stop();
  }, 60_000);
});

describe('npm run events -- dead-letters, against the embedded data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'iv-deadletters-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists and queues replays while the product is stopped, and refuses while it runs', async () => {
    const chatDir = path.join(dataDir, 'chat');
    const chat = await openDatabase({ url: `pglite://${chatDir}`, dataDir: chatDir });
    await migrateKitTables(chat);
    const event = createEvent('platform.ping', 'user-2', { note: 'x' });
    await chat.db.execute(sql`insert into kit_dead_letters (consumer_group, event_id, event_type, subject, envelope, error, attempts)
      values ('chat', ${event.id}, ${event.type}, ${event.subject}, ${JSON.stringify(event)}::jsonb, 'Error: boom', 5)`);
    // While the product has the directory open, PGlite's lock file is there.
    const running = await command(['list'], { DATA_DIR: dataDir });
    expect(running.code).toBe(1);
    expect(running.out).toContain('the embedded product is running');
    await chat.close();

    const listed = await command(['list', '--service', 'chat'], { DATA_DIR: dataDir });
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('chat: 1 dead letter');
    expect(listed.out).toContain(event.id);

    const queued = await command(['replay', '--all'], { DATA_DIR: dataDir });
    expect(queued.code).toBe(0);
    expect(queued.out).toContain('1 queued; replayed through the inbox when the product starts');
    const reopened = await openDatabase({ url: `pglite://${chatDir}`, dataDir: chatDir });
    try {
      const [letter] = await listDeadLetters(reopened.db, { group: 'chat' });
      expect(letter?.replayRequestedAt).toBeInstanceOf(Date);
    } finally {
      await reopened.close();
    }
    // A stale lock of a product that crashed is reported the same way.
    writeFileSync(path.join(chatDir, 'postmaster.pid'), '-42\n');
    expect((await command(['list'], { DATA_DIR: dataDir })).out).toContain('did not stop cleanly');
  }, 240_000);
});
