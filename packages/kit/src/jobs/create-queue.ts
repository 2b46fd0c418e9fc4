import { createBullmqJobQueue } from './bullmq-queue.ts';
import { createMemoryJobQueue } from './memory-queue.ts';
import type { JobQueue, JobQueueHooks } from './queue.ts';

export interface CreateJobQueueOptions extends JobQueueHooks {
  /** `memory` in embedded mode (one process), `bullmq` when several replicas share Redis. */
  kind: 'memory' | 'bullmq';
  /** `redis://…` or `rediss://…`; required for `bullmq`. */
  redisUrl?: string;
  /** Key prefix for `bullmq`; one per service (`innerview:<service>`), see `BullmqJobQueueOptions`. */
  prefix?: string;
}

export function createJobQueue(options: CreateJobQueueOptions): JobQueue {
  const { kind, redisUrl, prefix, onJobFailed, onError } = options;
  if (kind === 'memory') return createMemoryJobQueue({ onJobFailed, onError });
  if (kind !== 'bullmq')
    throw new Error(`unknown job queue kind ${JSON.stringify(kind)}: use memory or bullmq`);
  if (!redisUrl || !/^rediss?:\/\//.test(redisUrl)) {
    throw new Error('the bullmq job queue needs redisUrl, a redis:// or rediss:// URL');
  }
  return createBullmqJobQueue({ redisUrl, prefix, onJobFailed, onError });
}
