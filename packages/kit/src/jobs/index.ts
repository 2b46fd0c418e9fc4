// The jobs port and its adapters. The contract suite (`contract.ts`) is not re-exported: it imports
// vitest and is only for adapter tests.
export { type BullmqJobQueueOptions, createBullmqJobQueue } from './bullmq-queue.ts';
export { type CreateJobQueueOptions, createJobQueue } from './create-queue.ts';
export { createMemoryJobQueue } from './memory-queue.ts';
export { defaultAttempts, defaultBackoffMs, JobQueueClosedError } from './options.ts';
export type {
  AddOptions,
  JobFailure,
  JobHandler,
  JobQueue,
  JobQueueHooks,
  ProcessOptions,
} from './queue.ts';
