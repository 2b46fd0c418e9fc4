import { toLanguageCode } from '@innerview/contracts';
import { reflectionSummaryAad, type WeeklySummary } from '@innerview/contracts/goals';
import { sealPayload } from '@innerview/crypto';
import type { ChatContext } from '../chat-context.ts';
import { listOwnGoals } from '../db/goals.ts';
import { findProfile } from '../db/profiles.ts';
import {
  advanceReflection,
  dueReflections,
  findReflection,
  messagesSince,
  type ReflectionRow,
  saveReflection,
} from '../db/reflections.ts';
import { nextCheckin } from '../domain/goals.ts';
import { topicOf } from '../domain/offline-coach/requests.ts';
import { chatEvent } from './events.ts';
import { goalView } from './goals.ts';
import { decryptMessage } from './stored-text.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function reflectionSetting(chat: ChatContext, userId: string) {
  return { weekly_reflection: (await findReflection(chat.service.db, userId))?.weekly ?? false };
}

/** On: the first reflection a week from now. Off: none is due. */
export async function setReflection(chat: ChatContext, userId: string, on: boolean) {
  const now = chat.service.clock.now();
  const current = await findReflection(chat.service.db, userId);
  // Turning it on again keeps the date already set, so toggling does not postpone it.
  const nextAt = on
    ? current?.weekly && current.nextAt
      ? current.nextAt
      : new Date(now.getTime() + WEEK_MS)
    : null;
  await saveReflection(chat.service.db, userId, on, nextAt, now);
  return { weekly_reflection: on };
}

/**
 * The week's facts (docs/product.md#goals "Weekly reflection"): how many conversations and
 * messages, the three themes the person's messages name most (the offline coach's topics, by their
 * words), and the goals with the progress notes of the week. Never a message's text.
 */
export async function weeklySummary(chat: ChatContext, userId: string, since: Date): Promise<WeeklySummary> {
  const db = chat.service.db;
  const language = toLanguageCode((await findProfile(db, userId))?.language) ?? 'en';
  const messages = await messagesSince(db, userId, since);
  const themes = new Map<string, number>();
  for (const message of messages) {
    const topic = topicOf(await decryptMessage(chat, message), language);
    if (topic) themes.set(topic, (themes.get(topic) ?? 0) + 1);
  }
  const goals = await Promise.all((await listOwnGoals(db, userId)).map((row) => goalView(chat, row)));
  return {
    conversations: new Set(messages.map((m) => m.sessionId)).size,
    messages: messages.length,
    themes: [...themes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([topic]) => topic) as WeeklySummary['themes'],
    goals: goals
      .filter(
        (goal) =>
          goal.status === 'active' ||
          Date.parse(goal.created_at) >= since.getTime() ||
          goal.notes.some((n) => Date.parse(n.created_at) >= since.getTime()),
      )
      .map((goal) => ({
        title: goal.title,
        status: goal.status,
        notes: goal.notes.filter((n) => Date.parse(n.created_at) >= since.getTime()).length,
      })),
  };
}

async function publishReflection(chat: ChatContext, row: ReflectionRow, now: Date): Promise<boolean> {
  const { service } = chat;
  const due = row.nextAt!;
  const summary = await weeklySummary(chat, row.userId, new Date(due.getTime() - WEEK_MS));
  const language = toLanguageCode((await findProfile(service.db, row.userId))?.language) ?? 'en';
  return service.transaction(async (tx, emit) => {
    if (!(await advanceReflection(tx, row, nextCheckin('weekly', due, now)))) return false;
    await emit(
      chatEvent(chat, 'chat.reflection.weekly_due', row.userId, {
        userId: row.userId,
        language,
        sealedSummary: sealPayload(
          chat.eventPayloadKeys,
          JSON.stringify(summary),
          reflectionSummaryAad(row.userId),
        ),
      }),
    );
    return true;
  });
}

/** Every weekly reflection due now: one event each, and the next one a week on. */
export async function sweepReflections(chat: ChatContext): Promise<number> {
  const now = chat.service.clock.now();
  let published = 0;
  for (const row of await dueReflections(chat.service.db, now, 200)) {
    const done = await publishReflection(chat, row, now).catch((err: Error) => {
      // One person's summary that cannot be made must not stop the others: it is tried again.
      chat.service.log.warn({ err: err.message }, 'weekly reflection not published');
      return false;
    });
    if (done) published += 1;
  }
  return published;
}
