import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { KafkaEventBus } from './kafka-bus.ts';
import {
  deleteTopicsStartingWith,
  kafkaBrokers,
  provisionForTest,
  setTopicMessageLimit,
  warmUpGroups,
} from './kafka-test-support.ts';
import { pings } from './test-support.ts';

// The publishing side of the Kafka adapter on the real broker, where a publish fails half-way.
const brokers = kafkaBrokers();
const runPrefix = `test-kafka-producer-${randomBytes(4).toString('hex')}`;
const admin = new Kafka({ brokers, clientId: 'kafka-producer-test', logLevel: logLevel.NOTHING }).admin();
const buses: KafkaEventBus[] = [];

beforeAll(() => warmUpGroups(runPrefix), 160_000);
beforeAll(() => admin.connect());
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  await admin.disconnect();
  await deleteTopicsStartingWith(runPrefix);
}, 60_000);

describe('kafka producer on the real broker', () => {
  it('publishes again after a batch the broker took only in part (its idempotent sequence out of step)', async () => {
    const prefix = `${runPrefix}-partial`;
    await provisionForTest(prefix, { types: ['platform.ping'], partitions: 2 });
    const events = new KafkaEventBus({
      brokers,
      prefix,
      timing: { sessionTimeoutMs: 6000, rebalanceTimeoutMs: 6000 },
      fetchMaxWaitMs: 200,
    });
    buses.push(events);
    const topic = events.topicOf('platform.ping');
    const subjects = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    const seen = new Set<string>();
    await events.subscribe({
      group: 'partial',
      types: ['platform.ping'],
      handler: async (e) => {
        seen.add(e.id);
      },
    });

    // One request to the broker for both partitions: the one holding an event too large for the
    // topic is refused, the other one is written. kafkajs then takes back the sequence numbers of
    // both partitions, so the written one's next batch is "out of order" for the broker, for good,
    // unless the producer is replaced (kafkajs issue #598).
    await setTopicMessageLimit(admin, topic, 1024);
    const first = pings(subjects.length, subjects);
    const big = { ...first[0]!, data: { note: 'x'.repeat(2000) } } as EventEnvelope;
    await expect(events.publish([big, ...first.slice(1)])).rejects.toThrow(/larger than|too large/i);
    await setTopicMessageLimit(admin, topic, 1024 * 1024);

    const second = pings(3, subjects.slice(1, 4), 1);
    await events.publish(second);
    await events.publish([big, ...first.slice(1)]);
    const owed = [big, ...first.slice(1), ...second].map((e) => e.id);
    await eventually(() => owed.every((id) => seen.has(id)), {
      timeoutMs: 30_000,
      what: 'every event published after the partial failure',
    });
    expect(events.metrics.producerResets).toBe(1);
  }, 90_000);
});
