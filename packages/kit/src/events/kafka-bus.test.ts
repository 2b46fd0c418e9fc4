import { describe, expect, it } from 'vitest';
import { createEventBus } from './create-bus.ts';
import { KafkaEventBus } from './kafka-bus.ts';

// The contract suite runs against a real broker (kafka-bus.kafka.integration.test.ts, where
// KAFKA_BROKERS is set); these checks need none.
describe('kafka bus without a broker', () => {
  it('names a topic per type and a dead-letter topic under a safe prefix', async () => {
    const bus = new KafkaEventBus({ brokers: ['127.0.0.1:1'], prefix: 'test:run/1' });
    expect(bus.topicOf('billing.subscription.changed')).toBe('test_run_1.billing.subscription.changed');
    expect(bus.deadLetterTopic).toBe('test_run_1.dlq');
    await bus.close();
  });

  it('fails readiness when no broker answers', async () => {
    const bus = new KafkaEventBus({ brokers: ['127.0.0.1:1'] });
    try {
      await expect(bus.ping()).rejects.toThrow();
    } finally {
      await bus.close();
    }
  });

  it('is what createEventBus builds for kind kafka, and needs brokers', async () => {
    const bus = await createEventBus({ kind: 'kafka', kafkaBrokers: ['127.0.0.1:1'] });
    expect(bus.kind).toBe('kafka');
    await bus.close();
    await expect(createEventBus({ kind: 'kafka', kafkaBrokers: [' '] })).rejects.toThrow('KAFKA_BROKERS');
    await expect(createEventBus({ kind: 'redis' })).rejects.toThrow('REDIS_URL');
  });
});
