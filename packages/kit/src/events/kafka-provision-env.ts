import { z } from 'zod';
import { kafkaEnvSchema } from './kafka-settings.ts';
import type { TopicSettings } from './kafka-topics.ts';

/**
 * The environment of the provisioning step (`npm run events -- provision`, the deployment Job):
 * the connection settings every service has, plus the topics' shape. Unset topic settings take the
 * defaults of `resolveTopicSettings` (8 partitions, 3 replicas or as many brokers as there are,
 * min.insync.replicas one less, 7 days of events, 30 days of dead letters).
 */
const optionalCount = z.coerce.number().int().min(1).optional();
const optionalMs = z.coerce.number().int().min(60_000).optional();

export const kafkaProvisionEnvSchema = z.object({
  KAFKA_BROKERS: z.string().trim().min(1, 'required: the brokers to provision'),
  ...kafkaEnvSchema,
  KAFKA_TOPIC_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('innerview'),
  KAFKA_TOPIC_PARTITIONS: optionalCount,
  KAFKA_REPLICATION_FACTOR: optionalCount,
  KAFKA_MIN_INSYNC_REPLICAS: optionalCount,
  KAFKA_RETENTION_MS: optionalMs,
  KAFKA_DLQ_RETENTION_MS: optionalMs,
});

export type KafkaProvisionEnv = z.infer<typeof kafkaProvisionEnvSchema>;

export function topicSettingsFromEnv(env: KafkaProvisionEnv): TopicSettings {
  return {
    partitions: env.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: env.KAFKA_REPLICATION_FACTOR,
    minInsyncReplicas: env.KAFKA_MIN_INSYNC_REPLICAS,
    retentionMs: env.KAFKA_RETENTION_MS,
    deadLetterRetentionMs: env.KAFKA_DLQ_RETENTION_MS,
  };
}
