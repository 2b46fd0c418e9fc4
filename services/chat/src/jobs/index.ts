import { checkinSweepJob, sweepDueCheckins } from '../actions/checkins.ts';
import { sweepReflections } from '../actions/reflections.ts';
import type { ChatContext } from '../chat-context.ts';

/**
 * Job processors and repeating schedules of the chat service (replies run as tasks, not jobs):
 * the goals' check-in sweep and the weekly reflections (docs/product.md#goals).
 */
export async function registerJobs(chat: ChatContext): Promise<void> {
  const { service } = chat;
  service.jobs.process(checkinSweepJob, async () => {
    await sweepDueCheckins(chat);
    await sweepReflections(chat);
  });
  await service.jobs.repeat(checkinSweepJob, { everyMs: service.config.CHAT_CHECKIN_SWEEP_MS });
}
