import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../db.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import { eventBusContract } from './contract.ts';
import { KafkaEventBus } from './kafka-bus.ts';
import {
  deleteTopicsStartingWith,
  groupsSettled,
  kafkaBrokers,
  provisionForTest,
  warmUpGroups,
} from './kafka-test-support.ts';

// The one bus contract on the real broker (`npm run kafka` locally, started by .ci/run in CI).
const brokers = kafkaBrokers();
const runPrefix = `test-events-${randomBytes(4).toString('hex')}`;
const drops: Array<() => Promise<void>> = [];
const provisioned = new Map<string, Promise<void>>();

// A fresh broker forms its first consumer group slowly: not inside a test's delivery wait.
beforeAll(() => warmUpGroups(runPrefix), 160_000);

eventBusContract(
  'kafka',
  async (namespace) => {
    const prefix = `${runPrefix}-${namespace}`;
    // As in production: the topics exist before any service uses them (the bus never makes them).
    // The contract publishes `platform.ping` only: provisioning every type for each test would
    // make hundreds of partitions per run (add a type here if the contract starts using it).
    if (!provisioned.has(prefix))
      provisioned.set(prefix, provisionForTest(prefix, { types: ['platform.ping'] }));
    await provisioned.get(prefix);
    // The broker's smallest session (6 s), and a rebalance that waits no longer for a member stuck
    // in its handler, so that the take-over test does not wait a minute. Short fetches: a member
    // rejoins and a closing bus stops after the fetch in flight (kafkajs waits 5 s by default).
    return new KafkaEventBus({
      brokers,
      prefix,
      timing: { sessionTimeoutMs: 6000, rebalanceTimeoutMs: 6000 },
      fetchMaxWaitMs: 200,
    });
  },
  async () => {
    const database = await createTestDatabase('iv_events');
    drops.push(database.drop);
    return openDatabase({ url: database.url, dataDir: '' });
  },
  {
    deliveryTimeoutMs: 30_000,
    settled: (namespace) => groupsSettled(`${runPrefix}-${namespace}`),
    testTimeoutMs: 60_000,
  },
);

afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
  await deleteTopicsStartingWith(runPrefix);
}, 60_000);
