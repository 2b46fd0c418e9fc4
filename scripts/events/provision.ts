// `npm run events -- provision [--prefix innerview]`: makes the Kafka topics of every event type
// and the dead letters exist, idempotently. The command itself lives in the kit
// (packages/kit/src/events/kafka-provision-command.ts), so that a service image can run it too.
// Settings come from the environment: KAFKA_BROKERS, TLS and SASL (KAFKA_SSL, KAFKA_SSL_CA_FILE,
// KAFKA_SASL_*), KAFKA_TOPIC_PARTITIONS, KAFKA_REPLICATION_FACTOR, KAFKA_MIN_INSYNC_REPLICAS,
// KAFKA_RETENTION_MS, KAFKA_DLQ_RETENTION_MS, KAFKA_TOPIC_PREFIX.
import { runProvisionCommand } from '@innerview/kit/events/kafka-provision-command';

export function run(args: string[]): Promise<number> {
  return runProvisionCommand(args);
}
