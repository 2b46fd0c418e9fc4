import type { EventEnvelope } from '@innerview/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db.ts';
import { eventually } from '../testing/eventually.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import type { EventBus } from './bus.ts';
import { sleep } from './delivery.ts';
import { MemoryEventBus } from './memory-bus.ts';
import { migrateKitTables } from './migrations.ts';
import { OutboxRelay, writeEvents } from './outbox.ts';
import { pings } from './test-support.ts';

describe('outbox relay replicas on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase('iv_outbox');
    drop = created.drop;
    database = await openDatabase({ url: created.url, dataDir: '', poolSize: 6 });
    await migrateKitTables(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('publish every row once, and each subject in write order, while writers keep committing', async () => {
    const inner = new MemoryEventBus({ prefix: 'outbox-replicas' });
    const published: EventEnvelope[] = [];
    const byRelay = [0, 0];
    // A slow bus, so that both replicas are mid-publish at the same time.
    const busFor = (replica: number): EventBus => ({
      ...inner,
      kind: 'memory',
      metrics: inner.metrics,
      consumerLag: inner.consumerLag.bind(inner),
      publish: async (events) => {
        await sleep(Math.random() * 8);
        published.push(...events);
        byRelay[replica]! += events.length;
      },
      subscribe: (o) => inner.subscribe(o),
      ping: () => inner.ping(),
      deadLetters: (l) => inner.deadLetters(l),
      close: () => inner.close(),
    });
    const relays = [0, 1].map(
      (replica) =>
        new OutboxRelay({ db: database.db, bus: busFor(replica), pollIntervalMs: 5, batchSize: 7 }),
    );
    for (const relay of relays) relay.start();
    const events = pings(300, ['s1', 's2', 's3', 's4', 's5'], 3);
    try {
      for (let i = 0; i < events.length; i += 5) {
        await database.db.transaction((tx) => writeEvents(tx, events.slice(i, i + 5)));
        for (const relay of relays) relay.nudge();
      }
      await eventually(() => published.length >= events.length, {
        timeoutMs: 20_000,
        what: 'every row published',
      });
      // Every row is marked published, so neither relay can take one again; stopping them (below)
      // waits for a batch still in hand, whose double would show in \`published\`.
      await eventually(async () => (await relays[0]!.pending()) === 0, {
        timeoutMs: 20_000,
        what: 'every row marked published',
      });
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
      await inner.close();
    }
    expect(published.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    for (const subject of ['s1', 's2', 's3', 's4', 's5']) {
      expect(published.filter((e) => e.subject === subject).map((e) => e.id)).toEqual(
        events.filter((e) => e.subject === subject).map((e) => e.id),
      );
    }
    expect(byRelay[0]! + byRelay[1]!).toBe(events.length);
  });
});
