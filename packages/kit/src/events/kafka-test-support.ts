import { eventTypes } from '@innerview/contracts';
import kafkajs, { type Admin, AssignerProtocol, Kafka, logLevel } from 'kafkajs';
import { eventually } from '../testing/eventually.ts';
import { type KafkaConnection, kafkaClientConfig } from './kafka-settings.ts';
import { provisionKafkaTopics, safePrefix } from './kafka-topics.ts';

/** Test helpers for the Kafka tests (not part of the public API). */

/**
 * The broker of the Kafka tests. Under CI a missing KAFKA_BROKERS is a failure, never a skip
 * (.ci/run starts one and sets it); locally the broker of `npm run kafka` is used.
 */
export function kafkaBrokers(): string[] {
  const brokers = (process.env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (brokers.length > 0) return brokers;
  if (process.env.CI)
    throw new Error('KAFKA_BROKERS must list the Kafka brokers for the Kafka tests (.ci/run starts one)');
  return ['127.0.0.1:9092'];
}

/** Provisions the topics of every contract event type under `prefix`, one replica (one broker). */
export async function provisionForTest(
  prefix: string,
  options: { connection?: KafkaConnection; partitions?: number; types?: readonly string[] } = {},
): Promise<void> {
  await provisionKafkaTopics({
    connection: options.connection ?? { brokers: kafkaBrokers(), clientId: 'events-test' },
    prefix,
    types: options.types ?? eventTypes,
    settings: { partitions: options.partitions ?? 4, replicationFactor: 1, minInsyncReplicas: 1 },
  });
}

/**
 * Waits until the broker's group coordinator answers: a consumer joins a group on a topic of its
 * own. A fresh broker creates its offsets topic on the first group and loads it, which on a busy
 * machine takes longer than a test's wait for its first delivery; call it in `beforeAll`.
 */
export async function warmUpGroups(prefix: string, timeoutMs = 150_000): Promise<void> {
  await provisionForTest(`${prefix}-warmup`, { types: ['platform.ping'], partitions: 1 });
  const kafka = new Kafka({
    brokers: kafkaBrokers(),
    clientId: 'events-test-warmup',
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `${safePrefix(prefix)}-warmup`, allowAutoTopicCreation: false });
  try {
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.connect();
    await consumer.subscribe({ topics: [`${safePrefix(prefix)}-warmup.platform.ping`] });
    await consumer.run({ eachMessage: async () => {} });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no Kafka consumer group formed within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    await Promise.race([joined, timeout]).finally(() => clearTimeout(timer));
  } finally {
    await consumer.disconnect();
  }
}

/**
 * Waits until every consumer group of the bus on `prefix` is Stable (its rebalance finished) and
 * its members hold all the partitions of the topics they subscribe to: what is published next is
 * shared by the members there are now (the bus contract's `settled`). A group whose members all
 * stopped (Empty) is left out; at least one group must be live.
 */
export async function groupsSettled(prefix: string, timeoutMs = 30_000): Promise<void> {
  const admin = new Kafka({
    brokers: kafkaBrokers(),
    clientId: 'events-test-settled',
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const own = `${safePrefix(prefix)}.`;
    await eventually(
      async () => {
        const ids = (await admin.listGroups()).groups
          .map((g) => g.groupId)
          .filter((id) => id.startsWith(own));
        const live = (await admin.describeGroups(ids)).groups.filter(
          (g) => g.state !== 'Empty' && g.state !== 'Dead',
        );
        if (live.length === 0) return false;
        for (const group of live) {
          if (group.state !== 'Stable') return false;
          const topics = new Set<string>();
          const held = new Set<string>();
          for (const member of group.members) {
            for (const t of AssignerProtocol.MemberMetadata.decode(member.memberMetadata)?.topics ?? [])
              topics.add(t);
            const assignment = AssignerProtocol.MemberAssignment.decode(member.memberAssignment)?.assignment;
            for (const [topic, partitions] of Object.entries(assignment ?? {}))
              for (const p of partitions) held.add(`${topic}/${p}`);
          }
          const metadata = await admin.fetchTopicMetadata({ topics: [...topics] });
          const all = metadata.topics.flatMap((t) => t.partitions.map((p) => `${t.name}/${p.partitionId}`));
          if (topics.size === 0 || !all.every((tp) => held.has(tp))) return false;
        }
        return true;
      },
      {
        timeoutMs,
        what: `the consumer groups of ${prefix} stable with their partitions shared`,
        intervalMs: 50,
      },
    );
  } finally {
    await admin.disconnect();
  }
}

/** Deletes every topic whose name starts with `prefix` (test clean-up). */
export async function deleteTopicsStartingWith(prefix: string, connection?: KafkaConnection): Promise<void> {
  const config = kafkaClientConfig(
    connection ?? { brokers: kafkaBrokers(), clientId: 'events-test-cleanup' },
    {
      warn: () => {},
      error: () => {},
    },
  );
  const admin = new Kafka({ ...config, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(safePrefix(prefix)));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

/** Sets a topic's `max.message.bytes`: a message over it is a real refusal by the broker. */
export async function setTopicMessageLimit(admin: Admin, topic: string, bytes: number): Promise<void> {
  await admin.alterConfigs({
    validateOnly: false,
    resources: [
      {
        type: kafkajs.ConfigResourceTypes.TOPIC,
        name: topic,
        configEntries: [{ name: 'max.message.bytes', value: String(bytes) }],
      },
    ],
  });
}
