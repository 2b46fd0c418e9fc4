import { checkinSweepJob, sweepDueCheckins } from '../actions/checkins.ts';
import { sweepReflections } from '../actions/reflections.ts';
import { backfillSearchIndex, searchBackfillJob } from '../actions/search-backfill.ts';
import type { ChatContext } from '../chat-context.ts';

/**
 * Job processors and repeating schedules of the chat service (replies run as tasks, not jobs):
 * the goals' check-in sweep and the weekly reflections (docs/product.md#goals), and the search
 * backfill (ADR 0063), which runs at start and then on its schedule so no message stays unfound.
 */
export async function registerJobs(chat: ChatContext): Promise<void> {
  const { service } = chat;
  service.jobs.process(checkinSweepJob, async () => {
    await sweepDueCheckins(chat);
    await sweepReflections(chat);
  });
  await service.jobs.repeat(checkinSweepJob, { everyMs: service.config.CHAT_CHECKIN_SWEEP_MS });
  // A stopping service ends the run between batches; the next start carries on from what committed.
  let stopping = false;
  service.onStop(() => {
    stopping = true;
  });
  service.jobs.process(searchBackfillJob, async () => {
    await backfillSearchIndex(chat, { stopping: () => stopping });
  });
  await service.jobs.repeat(searchBackfillJob, { everyMs: service.config.CHAT_SEARCH_BACKFILL_MS });
}
