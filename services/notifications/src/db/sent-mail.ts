import type { Queryable } from '@innerview/kit';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MailTemplateName } from '../domain/templates/types.ts';
import { type MailStatus, sentMail } from './schema.ts';

export interface SentMailKey {
  id: string;
  userId: string;
  eventId: string;
  template: MailTemplateName;
  language: string;
}

/** Whether the user was already sent a verification mail (the next one is the "resend" mail). */
export async function hasVerificationMail(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sentMail.id })
    .from(sentMail)
    .where(
      and(eq(sentMail.userId, userId), inArray(sentMail.template, ['verification', 'verification-resend'])),
    )
    .limit(1);
  return rows.length > 0;
}

/** Records a mail as queued; a mail already recorded keeps its row. */
export async function recordQueued(db: Queryable, key: SentMailKey): Promise<void> {
  await db
    .insert(sentMail)
    .values({ ...key, status: 'queued' })
    .onConflictDoNothing();
}

export async function mailStatus(db: Queryable, id: string): Promise<MailStatus | undefined> {
  const [row] = await db.select({ status: sentMail.status }).from(sentMail).where(eq(sentMail.id, id));
  return row?.status as MailStatus | undefined;
}

/**
 * Records the outcome of a try. An upsert, because the job may run before the transaction that
 * queued it commits (the row then arrives, or already exists, and is updated either way).
 */
export async function recordAttempt(
  db: Queryable,
  key: SentMailKey,
  outcome: { status: MailStatus; attempt: number; sentAt?: string },
): Promise<void> {
  const sentAt = outcome.sentAt ? new Date(outcome.sentAt) : null;
  await db
    .insert(sentMail)
    .values({ ...key, status: outcome.status, attempts: outcome.attempt, sentAt })
    .onConflictDoUpdate({
      target: sentMail.id,
      set: {
        status: outcome.status,
        attempts: sql`greatest(${sentMail.attempts}, ${outcome.attempt})`,
        sentAt,
      },
    });
}

/** Forgets every mail of a user (the 90-day erasure). */
export async function deleteUserMails(db: Queryable, userId: string): Promise<void> {
  await db.delete(sentMail).where(eq(sentMail.userId, userId));
}

/** Every mail recorded for a user, oldest first (the data export). */
export async function listUserMails(db: Queryable, userId: string) {
  return db
    .select({
      template: sentMail.template,
      language: sentMail.language,
      status: sentMail.status,
      createdAt: sentMail.createdAt,
      sentAt: sentMail.sentAt,
    })
    .from(sentMail)
    .where(eq(sentMail.userId, userId))
    .orderBy(asc(sentMail.createdAt));
}
