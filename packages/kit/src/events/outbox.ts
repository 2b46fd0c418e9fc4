import { type EventEnvelope, parseEvent } from '@innerview/contracts';
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../db.ts';
import type { EventBus } from './bus.ts';
import { type EventsLogger, errorText, silentLogger } from './delivery.ts';
import { kitOutbox } from './schema.ts';

/**
 * Writes event rows inside the caller's transaction, so they commit or roll back with the change
 * they describe. Each envelope is validated against the contracts first.
 */
export async function writeEvents(tx: Queryable, events: EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((raw) => {
    const event = parseEvent(raw);
    return { id: event.id, type: event.type, subject: event.subject, payload: event };
  });
  await tx.insert(kitOutbox).values(rows);
}

export interface OutboxRelayOptions {
  db: Db;
  bus: EventBus;
  /** Rows per publish; default 100. */
  batchSize?: number;
  /** Idle polling period; default 1000 ms. `nudge()` cuts it short after a commit. */
  pollIntervalMs?: number;
  /** First retry delay after a failed publish, doubling per failure of the row; default 500 ms. */
  retryDelayMs?: number;
  /** Cap of that delay; default 30 s. */
  maxRetryDelayMs?: number;
  /** A publish that takes longer counts as failed (and is retried); default 10 s. */
  publishTimeoutMs?: number;
  /** Where failed passes are reported (never with event data). */
  log?: EventsLogger;
}

export interface OutboxRelayMetrics {
  /** Events published and marked. */
  published: number;
  /** Batches whose publish failed (they are retried). */
  publishFailures: number;
}

/**
 * Publishes committed outbox rows in insertion order and marks them published.
 *
 * Several replicas may run it: each batch is taken `FOR UPDATE SKIP LOCKED`, and a row is only
 * published when no earlier unpublished row of its subject is outside the batch (held by another
 * replica or waiting for a retry), which keeps per-subject order. A failed publish leaves the rows
 * pending with a backoff; a crash between publish and mark only republishes (consumers dedupe with
 * the inbox). A bus that is down therefore only delays events.
 */
export class OutboxRelay {
  readonly metrics: OutboxRelayMetrics = { published: 0, publishFailures: 0 };
  readonly #db: Db;
  readonly #bus: EventBus;
  readonly #batchSize: number;
  readonly #pollIntervalMs: number;
  readonly #retryDelayMs: number;
  readonly #maxRetryDelayMs: number;
  readonly #publishTimeoutMs: number;
  readonly #logger: EventsLogger;
  #running = false;
  #nudged = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(options: OutboxRelayOptions) {
    this.#db = options.db;
    this.#bus = options.bus;
    this.#batchSize = options.batchSize ?? 100;
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.#publishTimeoutMs = options.publishTimeoutMs ?? 10_000;
    this.#logger = options.log ?? silentLogger;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Asks for a pass now (call it after committing a transaction that wrote events). */
  nudge(): void {
    this.#nudged = true;
    this.#wake?.();
  }

  /** Finishes the batch in hand and stops. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
    this.#loop = undefined;
  }

  /** Rows not yet published (for readiness and metrics). */
  async pending(): Promise<number> {
    const [row] = await this.#db.select({ n: count() }).from(kitOutbox).where(isNull(kitOutbox.publishedAt));
    return row?.n ?? 0;
  }

  /** One pass: publishes one batch of due rows. Returns how many were published. */
  async publishBatch(): Promise<{ published: number; more: boolean }> {
    return this.#db.transaction(async (tx) => {
      const earlier = alias(kitOutbox, 'earlier');
      /** No unpublished row of the same subject queued before this one (and matching `which`). */
      const noEarlierPending = (which: SQL) =>
        notExists(
          tx
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.subject, kitOutbox.subject),
                isNull(earlier.publishedAt),
                lt(earlier.seq, kitOutbox.seq),
                which,
              ),
            ),
        );
      // Rows queued behind a row of their subject that waits for a retry cannot go yet: leave them
      // out here so they do not fill the batch and hold up other subjects.
      const candidates = await tx
        .select({ id: kitOutbox.id, payload: kitOutbox.payload })
        .from(kitOutbox)
        .where(
          and(
            isNull(kitOutbox.publishedAt),
            lte(kitOutbox.nextAttemptAt, sql`now()`),
            noEarlierPending(gt(earlier.nextAttemptAt, sql`now()`)),
          ),
        )
        .orderBy(asc(kitOutbox.seq))
        .limit(this.#batchSize)
        .for('update', { skipLocked: true });
      if (candidates.length === 0) return { published: 0, more: false };
      const ids = candidates.map((c) => c.id);
      // A row whose subject has an earlier unpublished row outside this batch (locked by another
      // replica) waits, so per-subject order holds across replicas.
      const eligibleRows = await tx
        .select({ id: kitOutbox.id })
        .from(kitOutbox)
        .where(and(inArray(kitOutbox.id, ids), noEarlierPending(notInArray(earlier.id, ids))));
      const eligible = new Set(eligibleRows.map((r) => r.id));
      const batch = candidates.filter((c) => eligible.has(c.id));
      if (batch.length === 0) return { published: 0, more: false };
      const batchIds = batch.map((c) => c.id);
      try {
        await withTimeout(
          this.#bus.publish(batch.map((c) => c.payload as EventEnvelope)),
          this.#publishTimeoutMs,
          'publish timed out',
        );
      } catch (error) {
        this.metrics.publishFailures++;
        this.#logger.warn(
          { err: errorText(error), events: batch.length },
          'outbox publish failed; will retry',
        );
        await tx
          .update(kitOutbox)
          .set({
            attempts: sql`${kitOutbox.attempts} + 1`,
            lastError: errorText(error),
            nextAttemptAt: sql`now() + make_interval(secs => least(${this.#maxRetryDelayMs}::float8, ${this.#retryDelayMs}::float8 * power(2, ${kitOutbox.attempts})) / 1000.0)`,
          })
          .where(inArray(kitOutbox.id, batchIds));
        return { published: 0, more: false };
      }
      await tx
        .update(kitOutbox)
        .set({ publishedAt: sql`now()`, attempts: sql`${kitOutbox.attempts} + 1` })
        .where(inArray(kitOutbox.id, batchIds));
      this.metrics.published += batch.length;
      return { published: batch.length, more: candidates.length === this.#batchSize };
    });
  }

  async #run(): Promise<void> {
    while (this.#running) {
      this.#nudged = false;
      let more = false;
      try {
        more = (await this.publishBatch()).more;
      } catch (error) {
        // The database is unreachable or the pass failed: try again at the next poll.
        this.#logger.error({ err: errorText(error) }, 'outbox relay pass failed');
      }
      if (!this.#running) break;
      if (more || this.#nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#pollIntervalMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }
}

/**
 * Deletes published rows older than `olderThanMs` (run it from a periodic sweep), measured from
 * `now` (the service's clock, so that a test moving it sees the rows go) or the database's time.
 */
export async function pruneOutbox(db: Queryable, olderThanMs: number, now?: Date): Promise<number> {
  const deleted = await db
    .delete(kitOutbox)
    .where(lt(kitOutbox.publishedAt, cutoff(olderThanMs, now)))
    .returning({ id: kitOutbox.id });
  return deleted.length;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The time `olderThanMs` before `now`, or before the database's time when no `now` is given. */
export function cutoff(olderThanMs: number, now?: Date) {
  return now
    ? sql`${new Date(now.getTime() - olderThanMs).toISOString()}::timestamptz`
    : sql`now() - make_interval(secs => ${olderThanMs}::float8 / 1000.0)`;
}
