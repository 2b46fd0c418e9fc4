export type { DeadLetter, EventBus, SubscribeOptions, Subscription } from './bus.ts';
export { type CreateEventBusOptions, createEventBus } from './create-bus.ts';
export {
  type DeadLetterFilter,
  deadLetterCounts,
  deadLettersById,
  listDeadLetters,
  pruneDeliveryHistory,
  type ReplayTarget,
  requestReplay,
  type StoredDeadLetter,
} from './dead-letters.ts';
export {
  type BusMetrics,
  type EventsLogger,
  isTransient,
  PoisonEventError,
  TransientError,
} from './delivery.ts';
export {
  type DeliveryCounts,
  type DeliveryPolicy,
  defaultDeliveryPolicy,
  type HandlersMetrics,
} from './durable-delivery.ts';
export { type CreateEventOptions, createEvent } from './envelope.ts';
export {
  consume,
  type EventHandler,
  type EventHandlerDefinition,
  type HandlersSubscription,
  on,
  pruneInbox,
  type SubscribeHandlersOptions,
  subscribeHandlers,
} from './inbox.ts';
export { type KafkaBusOptions, KafkaEventBus } from './kafka-bus.ts';
export type { KafkaMetrics } from './kafka-consumer.ts';
export {
  groupTimingFromEnv,
  type KafkaConnection,
  type KafkaGroupTiming,
  kafkaConnectionFromEnv,
  kafkaEnvSchema,
} from './kafka-settings.ts';
export {
  deadLetterTopic,
  eventTopic,
  MissingTopicsError,
  type ProvisionedTopic,
  type ProvisionOptions,
  type ProvisionReport,
  provisionKafkaTopics,
  type TopicSettings,
} from './kafka-topics.ts';
export { type MemoryBusOptions, MemoryEventBus } from './memory-bus.ts';
export { kitMigrationsFolder, migrateKitTables } from './migrations.ts';
export {
  OutboxRelay,
  type OutboxRelayMetrics,
  type OutboxRelayOptions,
  pruneOutbox,
  writeEvents,
} from './outbox.ts';
export { type RedisBusOptions, RedisEventBus } from './redis-bus.ts';
export { kitDeadLetters, kitDeliveryAttempts, kitInbox, kitOutbox } from './schema.ts';
