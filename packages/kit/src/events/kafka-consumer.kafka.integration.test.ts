import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import kafkajs, { Kafka, logLevel } from 'kafkajs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import type { DeadLetter } from './bus.ts';
import { KafkaEventBus } from './kafka-bus.ts';
import {
  deleteTopicsStartingWith,
  kafkaBrokers,
  provisionForTest,
  setTopicMessageLimit,
  warmUpGroups,
} from './kafka-test-support.ts';
import { MissingTopicsError, provisionKafkaTopics } from './kafka-topics.ts';
import { pings } from './test-support.ts';

// What the Kafka adapter does beyond the shared contract, on the real broker: poison messages,
// heartbeats during a slow handler, a dead letter the broker refuses, topics never made by a client,
// and the provisioning step.
const brokers = kafkaBrokers();
const runPrefix = `test-kafka-${randomBytes(4).toString('hex')}`;
const admin = new Kafka({ brokers, clientId: 'kafka-consumer-test', logLevel: logLevel.NOTHING }).admin();
const buses: KafkaEventBus[] = [];
let tests = 0;

// A fresh broker forms its first consumer group slowly: not inside a test's delivery wait.
beforeAll(() => warmUpGroups(runPrefix), 160_000);

async function provisioned(types = ['platform.ping'], partitions = 4): Promise<string> {
  const prefix = `${runPrefix}-${++tests}`;
  await provisionForTest(prefix, { types, partitions });
  return prefix;
}

function bus(prefix: string, options: Partial<ConstructorParameters<typeof KafkaEventBus>[0]> = {}) {
  const b = new KafkaEventBus({
    brokers,
    prefix,
    timing: { sessionTimeoutMs: 6000, rebalanceTimeoutMs: 6000 },
    ...options,
  });
  buses.push(b);
  return b;
}

beforeAll(() => admin.connect());
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  await admin.disconnect();
  await deleteTopicsStartingWith(runPrefix);
}, 60_000);

describe('kafka adapter on the real broker', () => {
  it('dead-letters poison messages (not JSON, no envelope, wrong type) with where they came from, and goes on', async () => {
    const prefix = await provisioned();
    const events = bus(prefix);
    const handled: string[] = [];
    await events.subscribe({
      group: 'poison',
      types: ['platform.ping'],
      handler: async (e) => void handled.push(e.id),
    });
    const [good] = pings(1, ['s1']) as [EventEnvelope];
    const wrongType = { ...good, id: '0190a0e0-0000-7000-8000-0000000000aa', type: 'auth.user.verified' };
    const producer = new Kafka({ brokers, logLevel: logLevel.NOTHING }).producer({
      allowAutoTopicCreation: false,
    });
    await producer.connect();
    await producer.send({
      topic: events.topicOf('platform.ping'),
      messages: [
        { key: 's1', value: 'this is not json' },
        { key: 's1', value: JSON.stringify({ email: 'someone@example.com' }) },
        { key: 's1', value: JSON.stringify(wrongType) },
        { key: 's1', value: JSON.stringify(good) },
      ],
    });
    await producer.disconnect();
    await eventually(() => handled.includes(good.id), {
      timeoutMs: 30_000,
      what: 'the good event after the poison ones',
    });
    expect(handled).toEqual([good.id]);
    await eventually(async () => (await events.deadLetters()).length === 3, {
      timeoutMs: 30_000,
      what: 'three dead letters',
    });
    const letters = (await events.deadLetters()) as (DeadLetter & { source: { offset: string } })[];
    expect(letters.map((l) => l.error).sort()).toEqual([
      'PoisonMessage: an event of another type on the topic of platform.ping',
      'PoisonMessage: not JSON',
      'PoisonMessage: not an event envelope (id, type, version, occurredAt, subject, data)',
    ]);
    for (const letter of letters) {
      expect(letter).toMatchObject({
        group: 'poison',
        attempts: 1,
        source: { topic: events.topicOf('platform.ping') },
      });
    }
    const notJson = letters.find((l) => l.error.endsWith('not JSON'));
    expect(notJson?.event).toMatchObject({
      type: 'platform.ping',
      version: 0,
      subject: 's1',
      data: { undecodable: 'this is not json' },
    });
    expect(events.metrics).toMatchObject({ undecodable: 3, deadLettered: 3, consumed: 1 });
  });

  it('keeps heartbeating while a handler runs longer than the session, so the event is handled once', async () => {
    const prefix = await provisioned(['platform.ping'], 1);
    const events = bus(prefix, {
      timing: { sessionTimeoutMs: 6000, rebalanceTimeoutMs: 20_000, heartbeatIntervalMs: 1000 },
    });
    const calls = new Map<string, number>();
    const [slow, next] = pings(2, ['s1']) as [EventEnvelope, EventEnvelope];
    const slowGate = gate();
    await events.subscribe({
      group: 'slow',
      types: ['platform.ping'],
      handler: async (e) => {
        calls.set(e.id, (calls.get(e.id) ?? 0) + 1);
        // The slow event is handled until the test opens the gate: longer than a session. Without
        // heartbeats the broker evicts this member meanwhile, its commit fails and the event is
        // handled a second time.
        if (e.id === slow.id) await slowGate.promise;
      },
    });
    await events.publish([slow, next]);
    await eventually(() => calls.has(slow.id), { timeoutMs: 20_000, what: 'the slow event' });

    // How long is longer than a session: a plain consumer with the same session, in a group of its
    // own, joins after the slow handler started and then holds the same event without a heartbeat.
    // Once the broker has evicted it, it would have evicted a silent member of the slow group too.
    const silentGroup = `${prefix}.silent`;
    const silent = new Kafka({
      brokers,
      clientId: 'kafka-consumer-test-silent',
      logLevel: logLevel.NOTHING,
    }).consumer({
      groupId: silentGroup,
      sessionTimeout: 6000,
      rebalanceTimeout: 6000,
      heartbeatInterval: 1000,
    });
    const silentGate = gate();
    let silentHolding = false;
    await silent.connect();
    try {
      await silent.subscribe({ topic: events.topicOf('platform.ping'), fromBeginning: true });
      await silent.run({
        eachMessage: async () => {
          silentHolding = true;
          await silentGate.promise;
        },
      });
      await eventually(() => silentHolding, {
        timeoutMs: 20_000,
        what: 'the silent consumer holding the event',
      });
      const members = async (group: string) =>
        (await admin.describeGroups([group])).groups[0]?.members.length ?? 0;
      await eventually(async () => (await members(silentGroup)) === 0, {
        timeoutMs: 30_000,
        intervalMs: 250,
        what: 'the broker evicting the silent consumer',
      });
      // The heartbeating member is still in its group, still handling the slow event once.
      expect(await members(`${prefix}.slow`)).toBe(1);
      expect(calls.get(slow.id)).toBe(1);
    } finally {
      silentGate.open();
      await silent.disconnect();
    }
    slowGate.open();
    await eventually(() => calls.has(next.id), { timeoutMs: 40_000, what: 'the event after the slow one' });
    // A second consumer of the group now joins: the partition it might get starts after both.
    const other = bus(prefix);
    const otherGot: string[] = [];
    await other.subscribe({
      group: 'slow',
      types: ['platform.ping'],
      handler: async (e) => void otherGot.push(e.id),
    });
    await eventually(
      async () => {
        const offsets = await admin.fetchOffsets({
          groupId: `${prefix}.slow`,
          topics: [events.topicOf('platform.ping')],
        });
        return offsets[0]?.partitions[0]?.offset === '2';
      },
      { timeoutMs: 20_000, what: 'both offsets committed' },
    );
    expect(Object.fromEntries(calls)).toEqual({ [slow.id]: 1, [next.id]: 1 });
    expect(otherGot).toEqual([]);
  }, 90_000);

  it('pauses the partition, without losing the event, when the broker refuses its dead letter, and resumes', async () => {
    const prefix = await provisioned(['platform.ping'], 1);
    const dlq = `${prefix}.dlq`;
    // A dead-letter topic that takes nothing larger than 1 kB: a real refusal by the broker.
    const setDlqLimit = (bytes: number) => setTopicMessageLimit(admin, dlq, bytes);
    await setDlqLimit(1024);
    const events = bus(prefix, { deadLetterRetry: { attempts: 3, initialDelayMs: 50, pauseMs: 4000 } });
    const [bad, after] = pings(2, ['s1']) as [EventEnvelope, EventEnvelope];
    const big = { ...bad, data: { note: 'x'.repeat(2000) } } as EventEnvelope;
    const tries = new Map<string, number>();
    const order: string[] = [];
    await events.subscribe({
      group: 'refused',
      types: ['platform.ping'],
      maxAttempts: 1,
      handler: async (e) => {
        tries.set(e.id, (tries.get(e.id) ?? 0) + 1);
        order.push(e.id);
        if (e.id === big.id) throw new Error('cannot apply');
      },
    });
    await events.publish([big, after]);
    await eventually(() => events.metrics.deadLetterSendFailures === 1, {
      timeoutMs: 30_000,
      what: 'the refused dead letter',
    });
    expect(events.metrics.pausedPartitions).toBe(1);
    expect(tries.get(after.id)).toBeUndefined();
    // The operator fixes the topic; after the pause the event is tried again and dead-lettered.
    await setDlqLimit(1024 * 1024);
    await eventually(() => tries.get(after.id) === 1, { timeoutMs: 30_000, what: 'the partition resumed' });
    // Paused, the next event of the partition waited and nothing spun: the refused event was
    // tried once before the pause and once after it, and only then the next one.
    expect(order).toEqual([big.id, big.id, after.id]);
    expect(events.metrics).toMatchObject({ deadLettered: 1, pausedPartitions: 0, deadLetterSendFailures: 1 });
    const letters = await events.deadLetters();
    expect(letters.map((l) => l.event.id)).toEqual([big.id]);
  }, 90_000);

  it('never creates a topic: publishing or subscribing to unprovisioned ones is a clear error', async () => {
    const prefix = `${runPrefix}-unprovisioned`;
    const events = bus(prefix);
    await expect(events.publish(pings(1, ['s1']))).rejects.toThrow(
      `Kafka topic ${prefix}.platform.ping does not exist: provision them first (npm run events -- provision)`,
    );
    const subscribing = events.subscribe({ group: 'g', types: ['platform.ping'], handler: async () => {} });
    await expect(subscribing).rejects.toBeInstanceOf(MissingTopicsError);
    await expect(subscribing).rejects.toThrow(`${prefix}.platform.ping, ${prefix}.dlq do not exist`);
    expect((await admin.listTopics()).filter((t) => t.startsWith(prefix))).toEqual([]);
  });

  it('provisions idempotently: partitions, replication, min.insync.replicas and retention from its settings', async () => {
    const prefix = `${runPrefix}-provision`;
    const connection = { brokers };
    const types = ['platform.ping', 'auth.user.verified'];
    const first = await provisionKafkaTopics({
      connection,
      prefix,
      types,
      settings: { partitions: 2, retentionMs: 3_600_000 },
    });
    expect(first).toMatchObject({ brokers: 1, partitions: 2, replicationFactor: 1, minInsyncReplicas: 1 });
    expect(first.topics.map((t) => [t.topic, t.action])).toEqual([
      [`${prefix}.auth.user.verified`, 'created'],
      [`${prefix}.dlq`, 'created'],
      [`${prefix}.platform.ping`, 'created'],
    ]);
    const again = await provisionKafkaTopics({
      connection,
      prefix,
      types,
      settings: { partitions: 2, retentionMs: 3_600_000 },
    });
    expect(again.topics.every((t) => t.action === 'unchanged')).toBe(true);
    const changed = await provisionKafkaTopics({
      connection,
      prefix,
      types,
      settings: { partitions: 3, retentionMs: 7_200_000 },
    });
    expect(changed.topics.find((t) => t.topic === `${prefix}.platform.ping`)).toEqual({
      topic: `${prefix}.platform.ping`,
      action: 'updated',
      notes: ['partitions 2 -> 3', 'retention.ms 3600000 -> 7200000'],
    });
    const { ConfigResourceTypes } = kafkajs;
    // The controller has the change when the call returns; the broker serves it a moment later.
    await eventually(
      async () => {
        const metadata = await admin.fetchTopicMetadata({ topics: [`${prefix}.platform.ping`] });
        const ping = await admin.describeConfigs({
          includeSynonyms: false,
          resources: [{ type: ConfigResourceTypes.TOPIC, name: `${prefix}.platform.ping` }],
        });
        const retention = ping.resources[0]?.configEntries.find((e) => e.configName === 'retention.ms');
        return metadata.topics[0]?.partitions.length === 3 && retention?.configValue === '7200000';
      },
      { timeoutMs: 20_000, what: 'three partitions and the new retention served' },
    );
    const configs = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: `${prefix}.dlq` }],
    });
    const entries = Object.fromEntries(
      configs.resources[0]!.configEntries.map((e) => [e.configName, e.configValue]),
    );
    expect(entries).toMatchObject({ 'retention.ms': String(30 * 24 * 3600_000), 'min.insync.replicas': '1' });
    const fewer = await provisionKafkaTopics({
      connection,
      prefix,
      types,
      settings: { partitions: 1, retentionMs: 7_200_000 },
    });
    expect(fewer.topics.find((t) => t.topic === `${prefix}.platform.ping`)?.notes).toEqual([
      'has 3 partitions, more than the 1 configured (kept)',
    ]);
    await expect(
      provisionKafkaTopics({ connection, prefix, types, settings: { replicationFactor: 3 } }),
    ).rejects.toThrow('replication factor 3 needs as many brokers; the cluster has 1');
  });
});

/** A promise the test resolves when it chooses: a handler awaits it to last until then. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
