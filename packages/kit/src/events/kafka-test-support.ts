import { eventTypes } from '@innerview/contracts';
import { Kafka, logLevel } from 'kafkajs';
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
