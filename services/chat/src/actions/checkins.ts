import { toLanguageCode } from '@innerview/contracts';
import { goalTitleAad } from '@innerview/contracts/goals';
import { sealPayload } from '@innerview/crypto';
import type { ChatContext } from '../chat-context.ts';
import { advanceCheckin, dueGoals, type GoalRow } from '../db/goals.ts';
import { findProfile } from '../db/profiles.ts';
import { nextCheckin } from '../domain/goals.ts';
import { chatEvent } from './events.ts';
import { goalTitle } from './goals.ts';

export const checkinSweepJob = 'chat.goals.checkin-sweep';
const BATCH = 200;

/**
 * docs/product.md#goals "Check-ins": every active goal whose check-in time has passed gets one
 * `chat.goal.checkin_due` (the reminder the notifications service sends) and its next check-in
 * date, in one transaction; it is also marked pending so the next new chat opens with it. Safe to
 * run twice or on two replicas: the move is conditional on the date read, so one run wins.
 * Returns how many check-ins were published.
 */
export async function sweepDueCheckins(chat: ChatContext): Promise<number> {
  const { service } = chat;
  let published = 0;
  for (;;) {
    const now = service.clock.now();
    const due = await dueGoals(service.db, now, BATCH);
    let moved = 0;
    for (const goal of due) {
      if (goal.checkin === 'none') continue;
      const rhythm = goal.checkin;
      const done = await checkIn(chat, goal, rhythm, now).catch((err: Error) => {
        // One goal that cannot be read (its key gone) must not stop the others: it is tried again.
        service.log.warn({ goalId: goal.id, err: err.message }, 'check-in not published');
        return false;
      });
      if (done) {
        published += 1;
        moved += 1;
      }
    }
    // A full batch of which nothing moved (another replica took them) ends the run, never a loop.
    if (due.length < BATCH || moved === 0) return published;
  }
}

/** One goal's check-in: the next date and the event, in one transaction; false when another run took it. */
async function checkIn(
  chat: ChatContext,
  goal: GoalRow,
  rhythm: 'daily' | 'weekly',
  now: Date,
): Promise<boolean> {
  const title = await goalTitle(chat, goal);
  const profile = await findProfile(chat.service.db, goal.userId);
  return chat.service.transaction(async (tx, emit) => {
    if (!(await advanceCheckin(tx, goal, nextCheckin(rhythm, goal.nextCheckinAt!, now), now))) return false;
    await emit(
      chatEvent(chat, 'chat.goal.checkin_due', goal.userId, {
        userId: goal.userId,
        goalId: goal.id,
        language: toLanguageCode(profile?.language) ?? 'en',
        checkin: rhythm,
        sealedTitle: sealPayload(chat.eventPayloadKeys, title, goalTitleAad(goal.userId, goal.id)),
      }),
    );
    return true;
  });
}
