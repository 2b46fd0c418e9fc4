import type { EventEnvelope } from '@innerview/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../db.ts';
import { eventually } from '../testing/eventually.ts';
import type { EventBus } from './bus.ts';
import { listDeadLetters, requestReplay } from './dead-letters.ts';
import { PoisonEventError, sleep } from './delivery.ts';
import { consume, type EventHandlerDefinition, on, subscribeHandlers } from './inbox.ts';
import { migrateKitTables } from './migrations.ts';
import { OutboxRelay, writeEvents } from './outbox.ts';
import { pings } from './test-support.ts';

/**
 * Builds a bus handle. Handles made with the same `namespace` are one bus (as two processes
 * connected to one broker); each test uses a fresh namespace so tests never see each other's events.
 */
export type MakeBus = (namespace: string) => EventBus | Promise<EventBus>;

export interface EventBusContractOptions {
  /** Longest wait for a delivery; default 5 s. */
  deliveryTimeoutMs?: number;
  /**
   * Waits until the groups subscribed on `namespace` have shared out their partitions (a rebalance):
   * the adapter's own signal (Redis: every partition leased to a live member; Kafka: each group
   * Stable with its partitions assigned). Without it, a subscriber has its share at once (memory).
   */
  settled?: (namespace: string) => Promise<void>;
  /** Per-test time limit; default the project's. */
  testTimeoutMs?: number;
  /** How long the dependency stays down in the outage test; default 1.5 s. */
  outageMs?: number;
}

/**
 * The one contract every EventBus adapter passes, together with the outbox and inbox on a real
 * database: `makeDatabase` opens an empty database (PGlite in unit runs, a fresh PostgreSQL
 * database in integration runs); the suite migrates it and closes it at the end.
 */
export function eventBusContract(
  name: string,
  makeBus: MakeBus,
  makeDatabase: () => Promise<Database>,
  options: EventBusContractOptions = {},
): void {
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 5000;
  const timeout = options.testTimeoutMs;
  const outageMs = options.outageMs ?? 1500;

  describe(`EventBus contract: ${name}`, () => {
    let database: Database;
    const opened: EventBus[] = [];
    const relays: OutboxRelay[] = [];
    let tests = 0;
    const run = Math.random().toString(36).slice(2, 8);
    /** The namespace of the test running (they run one at a time). */
    let namespace = '';
    const settle = async () => options.settled?.(namespace);

    /** A fresh bus for one test; `more()` opens further handles onto the same bus. */
    async function freshBus(): Promise<{ bus: EventBus; more: () => Promise<EventBus> }> {
      const own = `c${run}t${++tests}`;
      namespace = own;
      const more = async () => {
        const bus = await makeBus(own);
        opened.push(bus);
        return bus;
      };
      return { bus: await more(), more };
    }

    function startRelay(bus: EventBus): OutboxRelay {
      const relay = new OutboxRelay({ db: database.db, bus, pollIntervalMs: 20, retryDelayMs: 20 });
      relays.push(relay);
      relay.start();
      return relay;
    }

    async function effectCount(group: string, eventId: string): Promise<number> {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from kit_contract_effects where grp = ${group} and event_id = ${eventId}`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    }

    async function recordEffect(tx: Tx, group: string, eventId: string): Promise<void> {
      await tx.execute(sql`insert into kit_contract_effects (grp, event_id) values (${group}, ${eventId})`);
    }

    beforeAll(async () => {
      database = await makeDatabase();
      await migrateKitTables(database);
      await database.db.execute(
        sql`create table if not exists kit_contract_effects (grp text not null, event_id uuid not null)`,
      );
      // Starting PGlite (WASM) takes seconds on a busy machine.
    }, 60_000);

    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await Promise.all(opened.splice(0).map((b) => b.close()));
      await database.db.execute(sql`delete from kit_outbox`);
    });

    afterAll(async () => {
      await database?.close();
    });

    it(
      'delivers published events, as published, and counts them',
      async () => {
        const { bus } = await freshBus();
        await bus.ping();
        const got: EventEnvelope[] = [];
        await bus.subscribe({
          group: 'basic',
          types: ['platform.ping'],
          handler: async (e) => void got.push(e),
        });
        await settle();
        const events = pings(3, ['s1']);
        await bus.publish(events);
        await eventually(() => got.length === 3, { timeoutMs: deliveryTimeoutMs, what: 'three deliveries' });
        expect(got).toEqual(events);
        expect(bus.metrics.published).toBe(3);
        await eventually(() => bus.metrics.consumed === 3, {
          timeoutMs: deliveryTimeoutMs,
          what: 'consumed counter',
        });
      },
      timeout,
    );

    it(
      'publishes nothing from a rolled-back transaction, and what a committed one wrote',
      async () => {
        const { bus } = await freshBus();
        const got: string[] = [];
        await bus.subscribe({
          group: 'outbox',
          types: ['platform.ping'],
          handler: async (e) => void got.push(e.id),
        });
        await settle();
        const [rolledBack, committed] = pings(2, ['user-1']) as [EventEnvelope, EventEnvelope];
        await expect(
          database.db.transaction(async (tx) => {
            await writeEvents(tx, [rolledBack]);
            throw new Error('change failed');
          }),
        ).rejects.toThrow('change failed');
        await database.db.transaction(async (tx) => writeEvents(tx, [committed]));
        const relay = startRelay(bus);
        relay.nudge();
        await eventually(() => got.includes(committed.id), {
          timeoutMs: deliveryTimeoutMs,
          what: 'the committed event',
        });
        // The relay publishes only what the outbox holds, and it holds the committed event alone,
        // marked published (just after the bus took it): nothing else can arrive later.
        await eventually(async () => (await relay.pending()) === 0, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the row marked published',
        });
        const outbox = (await database.db.execute(sql`select id from kit_outbox`)) as unknown as {
          rows: { id: string }[];
        };
        expect(outbox.rows.map((row) => row.id)).toEqual([committed.id]);
        expect(got).toEqual([committed.id]);
      },
      timeout,
    );

    it(
      'gives a redelivered event one effect',
      async () => {
        const { bus } = await freshBus();
        const group = 'inbox';
        let deliveries = 0;
        let effects = 0;
        await bus.subscribe({
          group,
          types: ['platform.ping'],
          retryDelayMs: 20,
          handler: async (event) => {
            deliveries++;
            await consume(database.db, group, event, async (tx) => {
              effects++;
              await recordEffect(tx, group, event.id);
            });
            // The effect committed but the acknowledgement is lost: the bus delivers it again.
            if (deliveries === 1) throw new Error('lost ack');
          },
        });
        await settle();
        const [event] = pings(1, ['user-2']) as [EventEnvelope];
        await bus.publish([event]);
        // ... and a relay that crashed before marking its row publishes it a second time.
        await eventually(() => deliveries >= 2, { timeoutMs: deliveryTimeoutMs, what: 'the retry' });
        await bus.publish([event]);
        await eventually(() => deliveries >= 3, { timeoutMs: deliveryTimeoutMs, what: 'the duplicate' });
        expect(effects).toBe(1);
        expect(await effectCount(group, event.id)).toBe(1);
      },
      timeout,
    );

    it(
      'shares the events of one group between competing consumers',
      async () => {
        const { bus, more } = await freshBus();
        const other = await more();
        const byConsumer = { a: [] as string[], b: [] as string[] };
        const subscribe = (b: EventBus, who: 'a' | 'b') =>
          b.subscribe({
            group: 'workers',
            types: ['platform.ping'],
            consumerName: who,
            handler: async (e) => {
              byConsumer[who].push(e.id);
              await sleep(5);
            },
          });
        await subscribe(bus, 'a');
        await subscribe(other, 'b');
        await settle();
        const events = pings(
          40,
          Array.from({ length: 40 }, (_, i) => `subject-${i}`),
        );
        await bus.publish(events);
        const all = () => new Set([...byConsumer.a, ...byConsumer.b]);
        await eventually(() => all().size === 40, { timeoutMs: deliveryTimeoutMs, what: 'all 40 events' });
        expect(byConsumer.a.length).toBeGreaterThan(0);
        expect(byConsumer.b.length).toBeGreaterThan(0);
        // Each event went to one consumer of the group.
        expect(byConsumer.a.filter((id) => byConsumer.b.includes(id))).toEqual([]);
      },
      timeout,
    );

    it(
      'gives every event to each of two groups',
      async () => {
        const { bus, more } = await freshBus();
        const other = await more();
        const got = { billing: new Set<string>(), chat: new Set<string>() };
        await bus.subscribe({
          group: 'billing',
          types: ['platform.ping'],
          handler: async (e) => void got.billing.add(e.id),
        });
        await other.subscribe({
          group: 'chat',
          types: ['platform.ping'],
          handler: async (e) => void got.chat.add(e.id),
        });
        await settle();
        const events = pings(10, ['u1', 'u2', 'u3']);
        await bus.publish(events);
        await eventually(() => got.billing.size === 10 && got.chat.size === 10, {
          timeoutMs: deliveryTimeoutMs,
          what: 'both groups',
        });
        const ids = new Set(events.map((e) => e.id));
        expect(got.billing).toEqual(ids);
        expect(got.chat).toEqual(ids);
      },
      timeout,
    );

    it(
      'keeps the order of each subject across competing consumers',
      async () => {
        const { bus, more } = await freshBus();
        const others = [await more(), await more()];
        const seen = new Map<string, number[]>();
        const handler = async (e: EventEnvelope) => {
          await sleep(Math.random() * 4);
          const list = seen.get(e.subject) ?? [];
          list.push(Number((e.data as { note: string }).note));
          seen.set(e.subject, list);
        };
        await bus.subscribe({ group: 'ordered', types: ['platform.ping'], consumerName: 'a', handler });
        await others[0]!.subscribe({
          group: 'ordered',
          types: ['platform.ping'],
          consumerName: 'b',
          handler,
        });
        await others[1]!.subscribe({
          group: 'ordered',
          types: ['platform.ping'],
          consumerName: 'c',
          handler,
        });
        await settle();
        const subjects = ['o1', 'o2', 'o3'];
        // Runs of one subject, so that idle consumers would take its next events at once.
        const events = pings(60, subjects, 5);
        for (let i = 0; i < 60; i += 20) await bus.publish(events.slice(i, i + 20));
        const total = () => [...seen.values()].reduce((n, l) => n + l.length, 0);
        await eventually(() => total() >= 60, { timeoutMs: deliveryTimeoutMs, what: 'all 60 events' });
        for (const subject of subjects) {
          const expected = events.filter((e) => e.subject === subject).map((e) => Number(e.data.note));
          expect(seen.get(subject)).toEqual(expected);
        }
      },
      timeout,
    );

    it(
      'dead-letters a poison message after its tries, with its error, and keeps the rest flowing',
      async () => {
        const { bus } = await freshBus();
        const [before, poison, after, otherSubject, invalid] = [
          ...pings(3, ['p1']),
          ...pings(1, ['p2']),
          ...pings(1, ['p3']),
        ] as [EventEnvelope, EventEnvelope, EventEnvelope, EventEnvelope, EventEnvelope];
        const handled: string[] = [];
        let poisonTries = 0;
        let invalidTries = 0;
        await bus.subscribe({
          group: 'dlq',
          types: ['platform.ping'],
          maxAttempts: 3,
          retryDelayMs: 10,
          handler: async (e) => {
            if (e.id === poison.id) {
              poisonTries++;
              throw new Error('boom: cannot apply');
            }
            if (e.id === invalid.id) {
              invalidTries++;
              throw new PoisonEventError('malformed');
            }
            handled.push(e.id);
          },
        });
        await settle();
        await bus.publish([before, poison, after, otherSubject, invalid]);
        await eventually(() => handled.length === 3, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the healthy events',
        });
        expect(handled.indexOf(before.id)).toBeLessThan(handled.indexOf(after.id));
        expect(handled).toContain(otherSubject.id);
        await eventually(async () => (await bus.deadLetters()).length === 2, {
          timeoutMs: deliveryTimeoutMs,
          what: 'two dead letters',
        });
        const letters = await bus.deadLetters();
        const poisonLetter = letters.find((l) => l.event.id === poison.id);
        expect(poisonLetter).toMatchObject({ group: 'dlq', attempts: 3, event: poison });
        expect(poisonLetter?.error).toContain('boom: cannot apply');
        expect(Number.isNaN(Date.parse(poisonLetter?.failedAt ?? ''))).toBe(false);
        expect(letters.find((l) => l.event.id === invalid.id)).toMatchObject({ attempts: 1 });
        expect(poisonTries).toBe(3);
        expect(invalidTries).toBe(1);
        expect(bus.metrics.deadLettered).toBe(2);
      },
      timeout,
    );

    it(
      "takes over a crashed consumer's pending events",
      async () => {
        const { bus, more } = await freshBus();
        const [stuck, later] = pings(2, ['c1', 'c2']) as [EventEnvelope, EventEnvelope];
        const crashedGot: string[] = [];
        const crashed = await bus.subscribe({
          group: 'takeover',
          types: ['platform.ping'],
          consumerName: 'crashed',
          stopTimeoutMs: 50,
          // Takes the event and never finishes it, as a process that died mid-way.
          handler: (e) => {
            crashedGot.push(e.id);
            return new Promise<void>(() => {});
          },
        });
        await settle();
        await bus.publish([stuck]);
        await eventually(() => crashedGot.includes(stuck.id), {
          timeoutMs: deliveryTimeoutMs,
          what: 'the first consumer took it',
        });
        const survivor = await more();
        const survivorGot: string[] = [];
        await survivor.subscribe({
          group: 'takeover',
          types: ['platform.ping'],
          consumerName: 'survivor',
          handler: async (e) => void survivorGot.push(e.id),
        });
        await crashed.stop();
        await survivor.publish([later]);
        await eventually(() => survivorGot.includes(stuck.id) && survivorGot.includes(later.id), {
          timeoutMs: deliveryTimeoutMs,
          what: 'the survivor took both',
        });
      },
      timeout,
    );

    it(
      'runs declared handlers idempotently from outbox to inbox, dead-lettering invalid events',
      async () => {
        const { bus } = await freshBus();
        const group = 'handlers';
        const notes: string[] = [];
        const subscription = await subscribeHandlers({
          bus,
          db: database.db,
          group,
          retryDelayMs: 10,
          handlers: [
            on('platform.ping', async (event, tx) => {
              notes.push(event.data.note);
              await recordEffect(tx, group, event.id);
            }),
          ],
        });
        await settle();
        const [first, second] = pings(2, ['h1']) as [
          EventEnvelope<'platform.ping'>,
          EventEnvelope<'platform.ping'>,
        ];
        await database.db.transaction((tx) => writeEvents(tx, [first, second]));
        startRelay(bus).nudge();
        await eventually(() => subscription.metrics.processed === 2, {
          timeoutMs: deliveryTimeoutMs,
          what: 'both processed',
        });
        // A duplicate and an event whose payload breaks its type's contract.
        const invalid = { ...pings(1, ['h2'])[0]!, data: { note: 42 } } as unknown as EventEnvelope;
        await bus.publish([first, invalid]);
        await eventually(() => subscription.metrics.duplicates === 1, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the duplicate',
        });
        await eventually(async () => (await bus.deadLetters()).some((l) => l.event.id === invalid.id), {
          timeoutMs: deliveryTimeoutMs,
          what: 'the invalid event dead-lettered',
        });
        expect(notes).toEqual([first.data.note, second.data.note]);
        expect(await effectCount(group, first.id)).toBe(1);
        expect((await bus.deadLetters()).find((l) => l.event.id === invalid.id)?.attempts).toBe(1);
        // ... and kept in the consumer's database, as it arrived.
        const [kept] = await listDeadLetters(database.db, { group });
        expect(kept).toMatchObject({ eventId: invalid.id, envelope: invalid, attempts: 1 });
        expect(kept?.error).toContain('invalid event');
      },
      timeout,
    );

    // Delivery that outlasts outages (ADR 35, ADR 36): through subscribeHandlers, on every bus.

    /** What a connection refused looks like to a handler (node's socket error). */
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

    async function openLetters(group: string) {
      return listDeadLetters(database.db, { group });
    }

    it(
      'retries while a dependency is down, without dead-lettering, and applies the event once when it is back',
      async () => {
        const { bus } = await freshBus();
        const group = 'outage';
        const [first, second] = pings(2, ['dep-1']) as [EventEnvelope, EventEnvelope];
        let downUntil = Number.POSITIVE_INFINITY;
        let firstTries = 0;
        const applied: string[] = [];
        // Connection refused, the server shutting down, a called service answering 503: all transient.
        const outages: Error[] = [
          refused(),
          Object.assign(new Error('terminating connection'), { code: '57P01' }),
          Object.assign(new Error('upstream answered 503'), { status: 503 }),
        ];
        const subscription = await subscribeHandlers({
          bus,
          db: database.db,
          group,
          maxAttempts: 2,
          retryDelayMs: 20,
          maxRetryDelayMs: 200,
          retryWindowMs: 60_000,
          handlers: [
            on('platform.ping', async (event, tx) => {
              if (event.id === first.id) {
                firstTries++;
                // Down for a while and for at least three tries: on a loaded machine the first
                // try could otherwise come after the outage (seen on CI-like load).
                if (firstTries <= 3 || Date.now() < downUntil) throw outages[firstTries % outages.length];
              }
              await recordEffect(tx, group, event.id);
              applied.push(event.id);
            }),
          ],
        });
        await settle();
        downUntil = Date.now() + outageMs;
        await bus.publish([first, second]);
        // Counted once committed: `applied` is pushed inside the transaction, before its commit.
        await eventually(() => subscription.metrics.processed === 2, {
          timeoutMs: deliveryTimeoutMs + outageMs,
          what: 'both events applied after the outage',
        });
        // The second event of the subject waited behind the first.
        expect(applied).toEqual([first.id, second.id]);
        expect(firstTries).toBeGreaterThan(2);
        expect(await effectCount(group, first.id)).toBe(1);
        expect(await effectCount(group, second.id)).toBe(1);
        expect(await openLetters(group)).toEqual([]);
        expect(subscription.metrics.byType['platform.ping']?.retried).toBe(firstTries - 1);
        expect(subscription.metrics.deadLettered).toBe(0);
        expect(subscription.metrics.processed).toBe(2);
      },
      timeout,
    );

    it(
      'dead-letters a transient failure that outlasts the retry window',
      async () => {
        const { bus } = await freshBus();
        const group = 'window';
        const [stuck, other] = pings(2, ['w1', 'w2']) as [EventEnvelope, EventEnvelope];
        const applied: string[] = [];
        const subscription = await subscribeHandlers({
          bus,
          db: database.db,
          group,
          retryDelayMs: 10,
          maxRetryDelayMs: 50,
          retryWindowMs: 300,
          handlers: [
            on('platform.ping', async (event) => {
              if (event.id === stuck.id) throw refused();
              applied.push(event.id);
            }),
          ],
        });
        await settle();
        await bus.publish([stuck, other]);
        await eventually(async () => (await openLetters(group)).length === 1, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the dead letter',
        });
        const [letter] = await openLetters(group);
        expect(letter).toMatchObject({ eventId: stuck.id, envelope: stuck, replayedAt: null });
        expect(letter?.error).toContain('retry window');
        expect(letter?.error).toContain('ECONNREFUSED');
        await eventually(() => applied.includes(other.id), {
          timeoutMs: deliveryTimeoutMs,
          what: 'the other subject',
        });
        expect(subscription.metrics.deadLettered).toBe(1);
      },
      timeout,
    );

    it(
      'dead-letters a permanent failure in the database after its tries, and a redelivery does not run it again',
      async () => {
        const { bus } = await freshBus();
        const group = 'permanent';
        const [poison, next] = pings(2, ['perm-1']) as [EventEnvelope, EventEnvelope];
        let poisonTries = 0;
        const applied: string[] = [];
        const subscription = await subscribeHandlers({
          bus,
          db: database.db,
          group,
          maxAttempts: 3,
          retryDelayMs: 10,
          handlers: [
            on('platform.ping', async (event, tx) => {
              if (event.id === poison.id) {
                poisonTries++;
                throw new Error('cannot apply: no such account');
              }
              await recordEffect(tx, group, event.id);
              applied.push(event.id);
            }),
          ],
        });
        await settle();
        await bus.publish([poison, next]);
        await eventually(() => applied.includes(next.id), {
          timeoutMs: deliveryTimeoutMs,
          what: 'the next event of the subject',
        });
        const letters = await openLetters(group);
        expect(letters).toHaveLength(1);
        const letter = letters[0]!;
        expect(letter).toMatchObject({
          group,
          eventId: poison.id,
          eventType: 'platform.ping',
          subject: 'perm-1',
          envelope: poison,
          attempts: 3,
          replayedAt: null,
        });
        expect(letter.error).toContain('cannot apply: no such account');
        expect(letter.firstFailedAt.getTime()).toBeLessThanOrEqual(letter.lastFailedAt.getTime());
        expect(poisonTries).toBe(3);
        expect(subscription.metrics.byType['platform.ping']).toMatchObject({ deadLettered: 1, retried: 2 });
        // Published again (a relay that crashed before marking it): acknowledged, not tried again.
        const [marker] = pings(1, ['perm-1']) as [EventEnvelope];
        await bus.publish([poison, marker]);
        await eventually(() => applied.includes(marker.id), {
          timeoutMs: deliveryTimeoutMs,
          what: 'the marker behind it',
        });
        expect(poisonTries).toBe(3);
        expect(await openLetters(group)).toHaveLength(1);
      },
      timeout,
    );

    it(
      'dead-letters an event whose every try kills the consumer, after its tries counted in the database',
      async () => {
        const { bus, more } = await freshBus();
        const group = 'crashloop';
        const [event] = pings(1, ['crash-1']) as [EventEnvelope];
        let tries = 0;
        let crash: ((error: Error) => void) | undefined;
        const handlers: EventHandlerDefinition[] = [
          on('platform.ping', async () => {
            tries++;
            // Never finishes by itself: the "process" dies under it.
            await new Promise<void>((_, reject) => {
              crash = reject;
            });
          }),
        ];
        const start = async (cycle: number) =>
          subscribeHandlers({
            bus: await more(),
            db: database.db,
            group,
            maxAttempts: 2,
            retryDelayMs: 10,
            stopTimeoutMs: 50,
            consumerName: `crashing-${cycle}`,
            handlers,
          });
        for (let cycle = 1; cycle <= 2; cycle++) {
          const subscription = await start(cycle);
          if (cycle === 1) {
            await settle();
            await bus.publish([event]);
          }
          await eventually(() => tries === cycle, { timeoutMs: deliveryTimeoutMs, what: `try ${cycle}` });
          await subscription.stop();
          // Its connection drops with it: the open transaction rolls back.
          crash?.(new Error('process died'));
        }
        const survivor = await start(3);
        await eventually(async () => (await openLetters(group)).length === 1, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the dead letter',
        });
        const [letter] = await openLetters(group);
        expect(letter).toMatchObject({ eventId: event.id, attempts: 2, envelope: event });
        expect(letter?.error).toContain('never finished');
        expect(tries).toBe(2);
        expect(survivor.metrics.deadLettered).toBe(1);
      },
      timeout,
    );

    it(
      'replays a dead letter once through the inbox, and a second replay does nothing',
      async () => {
        const { bus } = await freshBus();
        const group = 'replay';
        const [event] = pings(1, ['rep-1']) as [EventEnvelope];
        let broken = true;
        let runs = 0;
        const subscription = await subscribeHandlers({
          bus,
          db: database.db,
          group,
          maxAttempts: 2,
          retryDelayMs: 10,
          replayPollMs: 50,
          handlers: [
            on('platform.ping', async (e, tx) => {
              if (broken) throw new Error('missing configuration');
              runs++;
              await recordEffect(tx, group, e.id);
            }),
          ],
        });
        await settle();
        await bus.publish([event]);
        await eventually(async () => (await openLetters(group)).length === 1, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the dead letter',
        });
        const [letter] = await openLetters(group);
        broken = false;
        const first = await requestReplay(database.db, { id: letter!.id });
        expect(first.queued.map((l) => l.id)).toEqual([letter!.id]);
        await eventually(() => subscription.metrics.replayed === 1, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the replay',
        });
        expect(runs).toBe(1);
        expect(await effectCount(group, event.id)).toBe(1);
        expect(await openLetters(group)).toEqual([]);
        const [replayed] = await listDeadLetters(database.db, { group, includeReplayed: true });
        expect(replayed?.replayedAt).toBeInstanceOf(Date);
        // Asked again: nothing is queued.
        const second = await requestReplay(database.db, { id: letter!.id });
        expect(second.queued).toEqual([]);
        expect(second.alreadyReplayed.map((l) => l.id)).toEqual([letter!.id]);
        // Even a replay that races another (the letter reopened by hand) finds the inbox row.
        await database.db.execute(
          sql`update kit_dead_letters set replayed_at = null, replay_requested_at = now() where id = ${letter!.id}`,
        );
        await eventually(() => subscription.metrics.replayed === 2, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the second replay',
        });
        expect(runs).toBe(1);
        expect(await effectCount(group, event.id)).toBe(1);
        expect(subscription.metrics.byType['platform.ping']).toMatchObject({ replayed: 2, duplicates: 1 });
      },
      timeout,
    );

    it(
      'pauses consumption while the service is not ready and resumes on its own',
      async () => {
        const { bus } = await freshBus();
        const group = 'readiness';
        let ready = false;
        let polls = 0;
        const applied: string[] = [];
        const subscription = await subscribeHandlers({
          bus,
          db: database.db,
          group,
          readinessPollMs: 50,
          ready: async () => {
            polls++;
            if (!ready) throw new Error('database unreachable');
          },
          handlers: [on('platform.ping', async (event) => void applied.push(event.id))],
        });
        await settle();
        const events = pings(3, ['r1', 'r2']);
        await bus.publish(events);
        await eventually(() => subscription.metrics.paused, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the pause',
        });
        // Several readiness polls later, still nothing was run.
        const pollsAtPause = polls;
        await eventually(() => polls >= pollsAtPause + 3, {
          timeoutMs: deliveryTimeoutMs,
          what: 'three more readiness polls',
        });
        expect(applied).toEqual([]);
        expect(subscription.metrics.paused).toBe(true);
        ready = true;
        await eventually(() => applied.length === 3, {
          timeoutMs: deliveryTimeoutMs,
          what: 'all three after resuming',
        });
        expect(new Set(applied)).toEqual(new Set(events.map((e) => e.id)));
        // A delivery that waited on another partition may still be between two polls: the gauge
        // clears once the last waiter has seen the service ready.
        await eventually(() => !subscription.metrics.paused, {
          timeoutMs: deliveryTimeoutMs,
          what: 'the pause to clear',
        });
        expect(await openLetters(group)).toEqual([]);
      },
      timeout,
    );
  });
}
