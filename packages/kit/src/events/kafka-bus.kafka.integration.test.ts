import { randomBytes } from 'node:crypto';
import { Kafka } from 'kafkajs';
import { afterAll } from 'vitest';
import { openDatabase } from '../db.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import { eventBusContract } from './contract.ts';
import { KafkaEventBus } from './kafka-bus.ts';

// The vitest config only picks this file up where KAFKA_BROKERS is set; if it runs, it needs them.
const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
if (brokers.length === 0) throw new Error('KAFKA_BROKERS must list the Kafka brokers for this suite');

const runPrefix = `test-events-${randomBytes(4).toString('hex')}`;
const drops: Array<() => Promise<void>> = [];

// Kafka rebalances take seconds (the broker's minimum session timeout is 6 s by default).
eventBusContract(
  'kafka',
  (namespace) =>
    new KafkaEventBus({
      brokers,
      prefix: `${runPrefix}-${namespace}`,
      partitions: 4,
      replicationFactor: 1,
      sessionTimeoutMs: 6000,
    }),
  async () => {
    const database = await createTestDatabase('iv_events');
    drops.push(database.drop);
    return openDatabase({ url: database.url, dataDir: '' });
  },
  { deliveryTimeoutMs: 30_000, settleMs: 1000, testTimeoutMs: 60_000 },
);

afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
  const admin = new Kafka({ clientId: 'events-test-cleanup', brokers }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(runPrefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}, 60_000);
