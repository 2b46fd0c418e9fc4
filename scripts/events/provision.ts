// `npm run events -- provision [--prefix innerview]`: makes the Kafka topics exist, idempotently
// (see provisionKafkaTopics in packages/kit/src/events/kafka-topics.ts). Settings come from the
// environment, as for the services: KAFKA_BROKERS, TLS and SASL (KAFKA_SSL, KAFKA_SSL_CA_FILE,
// KAFKA_SASL_*), and the topics' KAFKA_TOPIC_PARTITIONS, KAFKA_REPLICATION_FACTOR,
// KAFKA_MIN_INSYNC_REPLICAS, KAFKA_RETENTION_MS, KAFKA_DLQ_RETENTION_MS, KAFKA_TOPIC_PREFIX.
import { parseArgs } from 'node:util';
import { eventTypes } from '@innerview/contracts';
import { ConfigError, loadConfig } from '@innerview/kit';
import { kafkaProvisionEnvSchema, topicSettingsFromEnv } from '@innerview/kit/events/kafka-provision-env';
import { describeConnection, kafkaConnectionFromEnv } from '@innerview/kit/events/kafka-settings';
import { provisionKafkaTopics } from '@innerview/kit/events/kafka-topics';

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { prefix: { type: 'string' } }, strict: true });
  let env: ReturnType<typeof loadConfig<typeof kafkaProvisionEnvSchema>>;
  try {
    env = loadConfig(kafkaProvisionEnvSchema);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const connection = kafkaConnectionFromEnv(env, env.KAFKA_CLIENT_ID ?? 'innerview-provision');
  const prefix = values.prefix ?? env.KAFKA_TOPIC_PREFIX;
  console.log(`kafka: ${describeConnection(connection)}, prefix ${prefix}`);
  const log = { warn: () => {}, error: (o: object) => console.error('kafka:', JSON.stringify(o)) };
  try {
    const report = await provisionKafkaTopics({
      connection,
      prefix,
      types: eventTypes,
      settings: topicSettingsFromEnv(env),
      log,
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
