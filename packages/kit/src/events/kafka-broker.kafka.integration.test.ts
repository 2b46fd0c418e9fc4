import type { EventEnvelope } from '@innerview/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db.ts';
import { eventually } from '../testing/eventually.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import { on, subscribeHandlers } from './inbox.ts';
import { KafkaEventBus } from './kafka-bus.ts';
import { type KafkaSaslMechanism, kafkaConnectionFromEnv } from './kafka-settings.ts';
import { startTestBroker, type TestBroker, testUsers } from './kafka-test-broker.ts';
import { provisionKafkaTopics } from './kafka-topics.ts';
import { migrateKitTables } from './migrations.ts';
import { OutboxRelay, writeEvents } from './outbox.ts';
import { pings } from './test-support.ts';

// A broker of this file's own (free ports, its own folder), so that it can be secured and restarted
// without touching the shared one: TLS with SASL (SCRAM-SHA-256/512, PLAIN) as a managed cluster
// would ask, and a broker restart while events flow from an outbox to an inbox.
let broker: TestBroker;

beforeAll(async () => {
  broker = await startTestBroker({ secure: true });
}, 180_000);

afterAll(async () => {
  await broker?.destroy();
}, 60_000);

function secured(mechanism: KafkaSaslMechanism, password?: string) {
  const user = testUsers[mechanism];
  return kafkaConnectionFromEnv(
    {
      KAFKA_BROKERS: broker.secure,
      KAFKA_SSL_CA_FILE: broker.caFile,
      KAFKA_SASL_MECHANISM: mechanism,
      KAFKA_SASL_USERNAME: user.username,
      KAFKA_SASL_PASSWORD: password ?? user.password,
    },
    'secured-test',
  );
}

describe('kafka over TLS with SASL, on a broker of its own', () => {
  it('provisions, publishes and consumes with SCRAM-SHA-256 over TLS from the environment settings', async () => {
    const connection = secured('scram-sha-256');
    const report = await provisionKafkaTopics({
      connection,
      prefix: 'secure',
      types: ['platform.ping'],
      settings: { partitions: 2 },
    });
    expect(report.topics.map((t) => t.action)).toEqual(['created', 'created']);
    const bus = new KafkaEventBus({ ...connection, prefix: 'secure', timing: { sessionTimeoutMs: 6000 } });
    try {
      const got: string[] = [];
      await bus.subscribe({
        group: 'tls',
        types: ['platform.ping'],
        handler: async (e) => void got.push(e.id),
      });
      const events = pings(3, ['a', 'b']);
      await bus.publish(events);
      await eventually(() => got.length === 3, { timeoutMs: 30_000, what: 'three events over TLS' });
      expect(got.sort()).toEqual(events.map((e) => e.id).sort());
    } finally {
      await bus.close();
    }
  }, 90_000);

  it('signs in with SCRAM-SHA-512 and PLAIN too', async () => {
    for (const mechanism of ['scram-sha-512', 'plain'] as const) {
      const bus = new KafkaEventBus({ ...secured(mechanism), prefix: 'secure' });
      try {
        await bus.ping();
      } finally {
        await bus.close();
      }
    }
  }, 60_000);

  it('is refused with a wrong password, an untrusted certificate or no TLS', async () => {
    const refused = async (connection: ReturnType<typeof secured>, reason: RegExp) => {
      const bus = new KafkaEventBus({ ...connection, retries: 1, prefix: 'secure' });
      try {
        await expect(bus.ping()).rejects.toThrow(reason);
      } finally {
        await bus.close();
      }
    };
    await refused(secured('scram-sha-256', 'not-the-password'), /SASL SCRAM SHA256 authentication failed/);
    await refused({ ...secured('scram-sha-256'), ssl: true }, /self[- ]signed certificate/);
    // Plaintext to a TLS listener: the broker answers nothing a client can read.
    await refused({ ...secured('scram-sha-256'), ssl: undefined }, /./);
  }, 90_000);
});

describe('a broker restart while events flow', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase('iv_kafka_restart');
    drop = created.drop;
    database = await openDatabase({ url: created.url, dataDir: '' });
    await migrateKitTables(database);
    await database.db.execute(sql`create table restart_effects (event_id uuid not null)`);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('loses no event and applies each once: the outbox holds them while the broker is away', async () => {
    const connection = { brokers: [broker.plaintext], clientId: 'restart-test' };
    await provisionKafkaTopics({
      connection,
      prefix: 'restart',
      types: ['platform.ping'],
      settings: { partitions: 2 },
    });
    const producer = new KafkaEventBus({ ...connection, prefix: 'restart' });
    const consumer = new KafkaEventBus({
      ...connection,
      prefix: 'restart',
      timing: { sessionTimeoutMs: 6000 },
    });
    const relay = new OutboxRelay({
      db: database.db,
      bus: producer,
      pollIntervalMs: 50,
      retryDelayMs: 200,
      maxRetryDelayMs: 2000,
    });
    let deliveries = 0;
    const subscription = await subscribeHandlers({
      bus: consumer,
      db: database.db,
      group: 'restart',
      retryDelayMs: 200,
      maxAttempts: 1000,
      handlers: [
        on('platform.ping', async (event, tx) => {
          deliveries++;
          await tx.execute(sql`insert into restart_effects (event_id) values (${event.id})`);
        }),
      ],
    });
    relay.start();
    const events = pings(90, ['u1', 'u2', 'u3', 'u4', 'u5']) as EventEnvelope[];
    const write = async (batch: EventEnvelope[]) => {
      for (const event of batch) {
        await database.db.transaction((tx) => writeEvents(tx, [event]));
        relay.nudge();
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await write(events.slice(0, 30));
      await eventually(() => subscription.metrics.processed >= 10, {
        timeoutMs: 30_000,
        what: 'the first events through',
      });
      // Events keep being written while the broker stops and comes back.
      const writing = write(events.slice(30, 60));
      await broker.stop();
      await writing;
      const whileDown = write(events.slice(60, 75));
      await broker.start();
      await whileDown;
      await write(events.slice(75));
      await eventually(() => subscription.metrics.processed === events.length, {
        timeoutMs: 120_000,
        what: 'every event after the restart',
      });
      const rows = (await database.db.execute(
        sql`select event_id::text as id, count(*)::int as n from restart_effects group by event_id`,
      )) as unknown as { rows: { id: string; n: number }[] };
      expect(rows.rows).toHaveLength(events.length);
      expect(rows.rows.every((r) => r.n === 1)).toBe(true);
      expect(new Set(rows.rows.map((r) => r.id))).toEqual(new Set(events.map((e) => e.id)));
      expect(await relay.pending()).toBe(0);
      // Redelivered duplicates, if any, were absorbed by the inbox, never applied twice.
      expect(deliveries).toBe(events.length);
    } finally {
      await relay.stop();
      await subscription.stop();
      await Promise.all([producer.close(), consumer.close()]);
    }
  }, 300_000);
});
