import { parseArgs } from 'node:util';
import { eventTypes } from '@innerview/contracts';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import {
  describeConnection,
  kafkaConfigProblem,
  kafkaConnectionFromEnv,
  kafkaEnvSchema,
} from './kafka-settings.ts';
import { provisionKafkaTopics, type TopicSettings } from './kafka-topics.ts';

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

/**
 * The provisioning command: `npm run events -- provision [--prefix p]` in the repository, or
 * `node packages/kit/src/events/kafka-provision-command.ts [--prefix p]` in any service image (a
 * deployment Job). Prints one line per topic; resolves to the exit code (0 done, 1 failed, 2 bad
 * settings). Secrets are never printed.
 */
export async function runProvisionCommand(args: string[], env = process.env): Promise<number> {
  const { values } = parseArgs({ args, options: { prefix: { type: 'string' } }, strict: true });
  let config: KafkaProvisionEnv;
  try {
    config = loadConfig(kafkaProvisionEnvSchema, env);
    const problem = kafkaConfigProblem(config);
    if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  try {
    const connection = kafkaConnectionFromEnv(config, config.KAFKA_CLIENT_ID ?? 'innerview-provision');
    const prefix = values.prefix ?? config.KAFKA_TOPIC_PREFIX;
    console.log(`kafka: ${describeConnection(connection)}, prefix ${prefix}`);
    const report = await provisionKafkaTopics({
      connection,
      prefix,
      types: eventTypes,
      settings: topicSettingsFromEnv(config),
      log: { warn: () => {}, error: (fields) => console.error('kafka:', JSON.stringify(fields)) },
    });
    console.log(
      `${report.brokers} broker(s); ${report.partitions} partitions, replication factor ${report.replicationFactor}, min.insync.replicas ${report.minInsyncReplicas}`,
    );
    for (const t of report.topics)
      console.log(`${t.action.padEnd(9)} ${t.topic}${t.notes.length > 0 ? `  (${t.notes.join('; ')})` : ''}`);
    return 0;
  } catch (error) {
    console.error(`kafka: provisioning failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await runProvisionCommand(process.argv.slice(2));
