import type { EventBus } from './bus.ts';
import type { EventsLogger } from './delivery.ts';
import { type KafkaBusOptions, KafkaEventBus } from './kafka-bus.ts';
import { MemoryEventBus } from './memory-bus.ts';
import { RedisEventBus } from './redis-bus.ts';

export interface CreateEventBusOptions {
  kind: 'memory' | 'redis' | 'kafka';
  /** Required for `redis`. */
  redisUrl?: string;
  /** Required for `kafka`: `host:port` entries. */
  kafkaBrokers?: string[];
  /** Kafka TLS, SASL and group timing (`kafkaConnectionFromEnv`, `groupTimingFromEnv`). */
  kafka?: Omit<KafkaBusOptions, 'brokers' | 'prefix' | 'log'>;
  /** Names keys, streams and topics (and, in memory, which handles share one bus); default `innerview`. */
  prefix?: string;
  /** Who connects (Kafka client id, consumer names); e.g. the service name. */
  clientId?: string;
  log?: EventsLogger;
}

/** The bus adapter the configuration asks for. */
export async function createEventBus(options: CreateEventBusOptions): Promise<EventBus> {
  const prefix = options.prefix ?? 'innerview';
  switch (options.kind) {
    case 'memory':
      return new MemoryEventBus({ prefix });
    case 'redis': {
      if (!options.redisUrl) throw new Error('EVENT_BUS=redis needs REDIS_URL');
      return new RedisEventBus({
        redisUrl: options.redisUrl,
        prefix,
        clientId: options.clientId,
        log: options.log,
      });
    }
    case 'kafka': {
      const brokers = (options.kafkaBrokers ?? []).map((b) => b.trim()).filter(Boolean);
      if (brokers.length === 0) throw new Error('EVENT_BUS=kafka needs KAFKA_BROKERS');
      return new KafkaEventBus({
        clientId: options.clientId,
        ...options.kafka,
        brokers,
        prefix,
        log: options.log,
      });
    }
  }
}
