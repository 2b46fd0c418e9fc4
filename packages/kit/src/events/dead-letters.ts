import type { EventEnvelope } from '@innerview/contracts';
import { and, asc, count, eq, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db.ts';
import { cutoff } from './outbox.ts';
import { kitDeadLetters, kitDeliveryAttempts } from './schema.ts';

/**
 * The durable side of delivery, in the consuming service's own database: the try counter that
 * outlives a crash, and the dead letters with their replay (ADR 35, ADR 36).
 */

/** A dead letter as stored and listed. */
export interface StoredDeadLetter {
  id: string;
  group: string;
  eventId: string;
  eventType: string;
  subject: string | null;
  /** The envelope as published. */
  envelope: unknown;
  error: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
  replayRequestedAt: Date | null;
  replayedAt: Date | null;
}

const letterColumns = {
  id: kitDeadLetters.id,
  group: kitDeadLetters.consumerGroup,
  eventId: kitDeadLetters.eventId,
  eventType: kitDeadLetters.eventType,
  subject: kitDeadLetters.subject,
  envelope: kitDeadLetters.envelope,
  error: kitDeadLetters.error,
  attempts: kitDeadLetters.attempts,
  firstFailedAt: kitDeadLetters.firstFailedAt,
  lastFailedAt: kitDeadLetters.lastFailedAt,
  replayRequestedAt: kitDeadLetters.replayRequestedAt,
  replayedAt: kitDeadLetters.replayedAt,
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Counts the start of a try in its own commit, before the handler runs, and says whether the
 * event already sits in the dead letters. `givenBack` is the number of earlier tries that ended
 * transiently but could not be given back then (the database was down).
 */
export async function beginTry(
  db: Queryable,
  group: string,
  event: EventEnvelope,
  givenBack: number,
): Promise<{ attempts: number; deadLettered: boolean; lastError: string | null }> {
  const result = await db.execute(sql`
    insert into kit_delivery_attempts (consumer_group, event_id, event_type, attempts)
    values (${group}, ${event.id}, ${event.type}, 1)
    on conflict (consumer_group, event_id) do update
      set attempts = greatest(1, kit_delivery_attempts.attempts + 1 - ${givenBack}::int), updated_at = now()
    returning attempts, last_error, exists (
      select 1 from kit_dead_letters d
      where d.consumer_group = ${group} and d.event_id = ${event.id} and d.replayed_at is null
    ) as dead_lettered`);
  const row = rowsOf<{ attempts: number; dead_lettered: boolean; last_error: string | null }>(result)[0];
  return {
    attempts: Number(row?.attempts ?? 1),
    deadLettered: row?.dead_lettered === true,
    lastError: row?.last_error ?? null,
  };
}

/** Records how a try failed; a transient failure gives its try back. */
export async function recordFailure(
  db: Queryable,
  group: string,
  eventId: string,
  transient: boolean,
  error: string,
): Promise<void> {
  await db
    .update(kitDeliveryAttempts)
    .set({
      attempts: transient
        ? sql`greatest(0, ${kitDeliveryAttempts.attempts} - 1)`
        : kitDeliveryAttempts.attempts,
      lastError: error,
      firstFailedAt: sql`coalesce(${kitDeliveryAttempts.firstFailedAt}, now())`,
      lastFailedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(kitDeliveryAttempts.consumerGroup, group), eq(kitDeliveryAttempts.eventId, eventId)));
}

/** Forgets the tries of an event: called in the transaction that applies it. */
export async function clearAttempts(tx: Queryable, group: string, eventId: string): Promise<void> {
  await tx
    .delete(kitDeliveryAttempts)
    .where(and(eq(kitDeliveryAttempts.consumerGroup, group), eq(kitDeliveryAttempts.eventId, eventId)));
}

export interface NewDeadLetter {
  group: string;
  /** Whatever arrived; for an invalid event, possibly not an envelope at all. */
  envelope: unknown;
  error: string;
  attempts: number;
  firstFailedAt?: Date;
}

/** What a stored envelope says about itself, bounded; safe for invalid ones. */
export function describeEnvelope(envelope: unknown): {
  eventId: string;
  eventType: string;
  subject: string | null;
} {
  const e = (envelope ?? {}) as { id?: unknown; type?: unknown; subject?: unknown };
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.length > 0 ? value.slice(0, 200) : fallback;
  return {
    eventId: text(e.id, 'unknown'),
    eventType: text(e.type, 'unknown'),
    subject: typeof e.subject === 'string' ? e.subject.slice(0, 200) : null,
  };
}

/**
 * Keeps a dead letter (one per group and event: a second failure updates it and reopens it after
 * a replay) and forgets the event's try count, in one transaction. Returns the letter's id.
 */
export async function recordDeadLetter(db: Db, letter: NewDeadLetter): Promise<string> {
  const { eventId, eventType, subject } = describeEnvelope(letter.envelope);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(kitDeadLetters)
      .values({
        consumerGroup: letter.group,
        eventId,
        eventType,
        subject,
        envelope: letter.envelope ?? null,
        error: letter.error,
        attempts: letter.attempts,
        ...(letter.firstFailedAt ? { firstFailedAt: letter.firstFailedAt } : {}),
      })
      .onConflictDoUpdate({
        target: [kitDeadLetters.consumerGroup, kitDeadLetters.eventId],
        set: {
          envelope: sql`excluded.envelope`,
          error: sql`excluded.error`,
          attempts: sql`excluded.attempts`,
          lastFailedAt: sql`now()`,
          replayRequestedAt: null,
          replayedAt: null,
        },
      })
      .returning({ id: kitDeadLetters.id });
    if (/^[0-9a-f-]{36}$/i.test(eventId)) await clearAttempts(tx, letter.group, eventId);
    return row!.id;
  });
}

export interface DeadLetterFilter {
  group?: string | undefined;
  type?: string | undefined;
  /** Also those already replayed; default only the open ones. */
  includeReplayed?: boolean;
  limit?: number;
}

function filterWhere(filter: DeadLetterFilter): SQL | undefined {
  return and(
    filter.group ? eq(kitDeadLetters.consumerGroup, filter.group) : undefined,
    filter.type ? eq(kitDeadLetters.eventType, filter.type) : undefined,
    filter.includeReplayed ? undefined : isNull(kitDeadLetters.replayedAt),
  );
}

/** Dead letters, oldest failure first. */
export async function listDeadLetters(
  db: Queryable,
  filter: DeadLetterFilter = {},
): Promise<StoredDeadLetter[]> {
  return db
    .select(letterColumns)
    .from(kitDeadLetters)
    .where(filterWhere(filter))
    .orderBy(asc(kitDeadLetters.lastFailedAt), asc(kitDeadLetters.id))
    .limit(filter.limit ?? 1000);
}

/** One letter by id, or every open one; either narrowed to a group and an event type. */
export type ReplayTarget = ({ id: string } | { all: true }) & {
  group?: string | undefined;
  type?: string | undefined;
};

/**
 * Asks the consuming service to replay dead letters: marks them, and the service's subscription
 * runs each through its handler and the inbox within `replayPollMs` (so a letter whose event was
 * applied meanwhile does nothing). Returns the letters marked and those already replayed.
 */
export async function requestReplay(
  db: Queryable,
  target: ReplayTarget,
): Promise<{ queued: StoredDeadLetter[]; alreadyReplayed: StoredDeadLetter[] }> {
  const byTarget = and(
    'id' in target ? eq(kitDeadLetters.id, target.id) : undefined,
    target.group ? eq(kitDeadLetters.consumerGroup, target.group) : undefined,
    target.type ? eq(kitDeadLetters.eventType, target.type) : undefined,
  );
  const queued = await db
    .update(kitDeadLetters)
    .set({ replayRequestedAt: sql`now()` })
    .where(and(byTarget, isNull(kitDeadLetters.replayedAt)))
    .returning(letterColumns);
  const alreadyReplayed =
    'id' in target
      ? await db
          .select(letterColumns)
          .from(kitDeadLetters)
          .where(and(byTarget, isNotNull(kitDeadLetters.replayedAt)))
      : [];
  return { queued, alreadyReplayed };
}

/** Reads letters back by id (the command waits on their replay). */
export async function deadLettersById(db: Queryable, ids: string[]): Promise<StoredDeadLetter[]> {
  if (ids.length === 0) return [];
  return db
    .select(letterColumns)
    .from(kitDeadLetters)
    .where(or(...ids.map((id) => eq(kitDeadLetters.id, id))));
}

/** The next letter of `group` whose replay was asked for, locked for this transaction. */
export async function nextReplay(tx: Queryable, group: string): Promise<StoredDeadLetter | undefined> {
  const [letter] = await tx
    .select(letterColumns)
    .from(kitDeadLetters)
    .where(
      and(
        eq(kitDeadLetters.consumerGroup, group),
        isNotNull(kitDeadLetters.replayRequestedAt),
        isNull(kitDeadLetters.replayedAt),
      ),
    )
    .orderBy(asc(kitDeadLetters.replayRequestedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return letter;
}

export async function markReplayed(tx: Queryable, id: string): Promise<void> {
  await tx
    .update(kitDeadLetters)
    .set({ replayedAt: sql`now()`, replayRequestedAt: null })
    .where(eq(kitDeadLetters.id, id));
}

/**
 * A replay that failed: the letter stays open with the new error. A transient failure leaves the
 * request standing (tried again at the next pass); a permanent one clears it.
 */
export async function markReplayFailed(
  db: Queryable,
  id: string,
  error: string,
  transient: boolean,
): Promise<void> {
  await db
    .update(kitDeadLetters)
    .set({
      error,
      lastFailedAt: sql`now()`,
      ...(transient ? {} : { attempts: sql`${kitDeadLetters.attempts} + 1`, replayRequestedAt: null }),
    })
    .where(eq(kitDeadLetters.id, id));
}

/** Open and replayed dead letters per group and type: a gauge for the metrics. */
export async function deadLetterCounts(
  db: Queryable,
): Promise<{ group: string; type: string; open: number; replayed: number }[]> {
  const rows = await db
    .select({
      group: kitDeadLetters.consumerGroup,
      type: kitDeadLetters.eventType,
      open: count(sql`case when ${kitDeadLetters.replayedAt} is null then 1 end`),
      replayed: count(kitDeadLetters.replayedAt),
    })
    .from(kitDeadLetters)
    .groupBy(kitDeadLetters.consumerGroup, kitDeadLetters.eventType);
  return rows.map((r) => ({ ...r, open: Number(r.open), replayed: Number(r.replayed) }));
}

/**
 * Deletes delivery history older than `olderThanMs`: try counters nobody touched since (their event
 * was dead-lettered or is gone from the bus) and dead letters replayed that long ago. Open dead
 * letters stay until someone deals with them.
 */
export async function pruneDeliveryHistory(db: Queryable, olderThanMs: number, now?: Date): Promise<number> {
  const attempts = await db
    .delete(kitDeliveryAttempts)
    .where(lt(kitDeliveryAttempts.updatedAt, cutoff(olderThanMs, now)))
    .returning({ eventId: kitDeliveryAttempts.eventId });
  const letters = await db
    .delete(kitDeadLetters)
    .where(lt(kitDeadLetters.replayedAt, cutoff(olderThanMs, now)))
    .returning({ id: kitDeadLetters.id });
  return attempts.length + letters.length;
}
