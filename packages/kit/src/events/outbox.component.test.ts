import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db.ts';
import { eventually } from '../testing/eventually.ts';
import { MemoryEventBus } from './memory-bus.ts';
import { migrateKitTables } from './migrations.ts';
import { OutboxRelay, pruneOutbox, writeEvents } from './outbox.ts';
import { kitOutbox } from './schema.ts';
import { pings, switchableBus } from './test-support.ts';

describe('outbox relay (embedded)', () => {
  let database: Database;
  const relays: OutboxRelay[] = [];
  const buses: MemoryEventBus[] = [];
  let n = 0;

  function bus(): MemoryEventBus {
    const b = new MemoryEventBus({ prefix: `outbox-test-${++n}` });
    buses.push(b);
    return b;
  }

  function relay(options: ConstructorParameters<typeof OutboxRelay>[0]): OutboxRelay {
    const r = new OutboxRelay(options);
    relays.push(r);
    return r;
  }

  beforeAll(async () => {
    database = await openDatabase({ url: 'memory://', dataDir: '' });
    await migrateKitTables(database);
  }, 60_000);
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await Promise.all(buses.splice(0).map((b) => b.close()));
    await database.db.delete(kitOutbox);
  });
  afterAll(() => database.close());

  it('only delays events while the bus is down, keeping each failure on the row', async () => {
    const target = switchableBus(bus());
    target.down = true;
    const events = pings(3, ['u1']);
    await database.db.transaction((tx) => writeEvents(tx, events));
    const r = relay({
      db: database.db,
      bus: target,
      pollIntervalMs: 10,
      retryDelayMs: 10,
      maxRetryDelayMs: 20,
    });
    r.start();
    await eventually(() => r.metrics.publishFailures >= 2, { timeoutMs: 3000, what: 'failed publishes' });
    const pending = await database.db.select().from(kitOutbox);
    expect(pending).toHaveLength(3);
    for (const row of pending) {
      expect(row.publishedAt).toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.lastError).toBe('Error: bus unreachable');
    }
    target.down = false;
    await eventually(() => target.published.length === 3, {
      timeoutMs: 3000,
      what: 'the events, once the bus is back',
    });
    expect(target.published.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(await r.pending()).toBe(0);
    const [row] = await database.db.select().from(kitOutbox).where(eq(kitOutbox.id, events[0]!.id));
    expect(row?.publishedAt).toBeInstanceOf(Date);
  });

  it('publishes at once when nudged after a commit, without waiting for the poll', async () => {
    const target = switchableBus(bus());
    const r = relay({ db: database.db, bus: target, pollIntervalMs: 60_000 });
    r.start();
    await eventually(async () => (await r.pending()) === 0 && r.metrics.published === 0, {
      timeoutMs: 1000,
      what: 'an idle relay',
    });
    const [event] = pings(1, ['u2']);
    await database.db.transaction((tx) => writeEvents(tx, [event!]));
    const started = Date.now();
    r.nudge();
    await eventually(() => target.published.length === 1, { timeoutMs: 2000, what: 'the nudged event' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('publishes in write order across batches, and picks up rows written while it was stopped', async () => {
    const target = switchableBus(bus());
    const first = pings(7, ['a', 'b']);
    await database.db.transaction((tx) => writeEvents(tx, first));
    const r = relay({ db: database.db, bus: target, pollIntervalMs: 10, batchSize: 3 });
    r.start();
    await eventually(() => target.published.length === 7, { timeoutMs: 3000, what: 'the first events' });
    await r.stop();
    const second = pings(2, ['a']);
    await database.db.transaction((tx) => writeEvents(tx, second));
    r.start();
    await eventually(() => target.published.length === 9, {
      timeoutMs: 3000,
      what: 'the rows written while stopped',
    });
    expect(target.published.map((e) => e.id)).toEqual([...first, ...second].map((e) => e.id));
  });

  it('refuses an invalid envelope before it reaches the outbox', async () => {
    const [event] = pings(1, ['x']);
    const invalid = { ...event!, data: {} };
    await expect(database.db.transaction((tx) => writeEvents(tx, [invalid as never]))).rejects.toThrow();
    expect(await database.db.select().from(kitOutbox)).toEqual([]);
  });

  it('prunes published rows past their retention, never pending ones', async () => {
    const target = switchableBus(bus());
    const [published, pending] = pings(2, ['p1', 'p2']);
    await database.db.transaction((tx) => writeEvents(tx, [published!]));
    const r = relay({ db: database.db, bus: target, pollIntervalMs: 10 });
    r.start();
    await eventually(() => target.published.length === 1, { timeoutMs: 2000, what: 'the first event' });
    await r.stop();
    await database.db.transaction((tx) => writeEvents(tx, [pending!]));
    expect(await pruneOutbox(database.db, 60_000)).toBe(0);
    // On a service clock an hour ahead (a test moving time), the same retention has passed.
    expect(await pruneOutbox(database.db, 60_000, new Date(Date.now() + 3_600_000))).toBe(1);
    expect(await pruneOutbox(database.db, 0)).toBe(0);
    const left = await database.db.select({ id: kitOutbox.id }).from(kitOutbox);
    expect(left).toEqual([{ id: pending!.id }]);
  });
});
