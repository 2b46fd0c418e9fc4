import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { openDatabase } from '../db.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import { eventBusContract } from './contract.ts';
import { KafkaEventBus } from './kafka-bus.ts';
import { deleteTopicsStartingWith, kafkaBrokers, provisionForTest } from './kafka-test-support.ts';

// The one bus contract on the real broker (`npm run kafka` locally, started by .ci/run in CI).
const brokers = kafkaBrokers();
const runPrefix = `test-events-${randomBytes(4).toString('hex')}`;
const drops: Array<() => Promise<void>> = [];
const provisioned = new Map<string, Promise<void>>();

eventBusContract(
  'kafka',
  async (namespace) => {
    const prefix = `${runPrefix}-${namespace}`;
    // As in production: the topics exist before any service uses them (the bus never makes them).
    if (!provisioned.has(prefix)) provisioned.set(prefix, provisionForTest(prefix));
    await provisioned.get(prefix);
    // The broker's smallest session (6 s), and a rebalance that waits no longer for a member stuck
    // in its handler, so that the take-over test does not wait a minute.
    return new KafkaEventBus({
      brokers,
      prefix,
      timing: { sessionTimeoutMs: 6000, rebalanceTimeoutMs: 6000 },
    });
  },
  async () => {
    const database = await createTestDatabase('iv_events');
    drops.push(database.drop);
    return openDatabase({ url: database.url, dataDir: '' });
  },
  { deliveryTimeoutMs: 30_000, settleMs: 1000, testTimeoutMs: 60_000 },
);

afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
  await deleteTopicsStartingWith(runPrefix);
}, 60_000);
