import { setTimeout as delay } from 'node:timers/promises';
import { type EventEnvelope, parseEvent } from '@innerview/contracts';
import type { Db, Tx } from '../db.ts';
import {
  beginTry,
  clearAttempts,
  markReplayed,
  markReplayFailed,
  nextReplay,
  recordDeadLetter,
  recordFailure,
} from './dead-letters.ts';
import {
  DeliveryStoppedError,
  type EventsLogger,
  errorText,
  eventRef,
  isTransient,
  jitteredDelay,
  PoisonEventError,
} from './delivery.ts';
import { kitInbox } from './schema.ts';

/**
 * How `subscribeHandlers` delivers one event, the same on every bus (ADR 35): the handler runs
 * through the inbox; a transient failure (a dependency down) is retried with jittered backoff for
 * the retry window, pausing while the service is not ready; a permanent one is retried
 * `maxAttempts` times, counted in the database before each try so a try that kills the process
 * counts too; then the event goes to the service's own dead letters (and to the bus's). The event
 * in hand is not acknowledged meanwhile, so later events of its subject wait behind it.
 */

export interface DeliveryPolicy {
  /** Tries for a failure retrying cannot fix, or a try that never ends (crash); default 5. */
  maxAttempts: number;
  /** First retry delay; doubles per failure, with full jitter; default 200 ms. */
  retryDelayMs: number;
  /** Cap of one retry delay; default 30 s. */
  maxRetryDelayMs: number;
  /** How long transient failures are retried while the service is ready; default 10 min. */
  retryWindowMs: number;
}

export const defaultDeliveryPolicy: DeliveryPolicy = {
  maxAttempts: 5,
  retryDelayMs: 200,
  maxRetryDelayMs: 30_000,
  retryWindowMs: 10 * 60_000,
};

export interface DeliveryCounts {
  /** Events applied (each once, through the inbox). */
  processed: number;
  /** Deliveries of an event the inbox had already applied. */
  duplicates: number;
  /** Failed tries followed by another try. */
  retried: number;
  /** Events moved to the dead letters. */
  deadLettered: number;
  /** Dead letters replayed (applied now, or found applied already). */
  replayed: number;
}

/** The counters of a handlers subscription, in total and per event type (read by the metrics). */
export interface HandlersMetrics extends DeliveryCounts {
  /** True while consumption waits for the service to be ready again. */
  paused: boolean;
  byType: Record<string, DeliveryCounts>;
}

export function newHandlersMetrics(): HandlersMetrics {
  return { ...emptyCounts(), paused: false, byType: {} };
}

function emptyCounts(): DeliveryCounts {
  return { processed: 0, duplicates: 0, retried: 0, deadLettered: 0, replayed: 0 };
}

type Handle = (event: EventEnvelope, tx: Tx) => Promise<void>;

/**
 * Answers "may consumption go on?" from the service's readiness callback, asked at most once per
 * `pollMs` while things go well and again after each transient failure; while the answer is no,
 * every delivery waits (polling) and `metrics.paused` is set.
 */
export class ReadinessGate {
  readonly #ready: (() => Promise<unknown>) | undefined;
  readonly #pollMs: number;
  readonly #timeoutMs: number;
  readonly #signal: AbortSignal;
  readonly #metrics: HandlersMetrics;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #check: Promise<boolean> | undefined;
  #waiting = 0;

  constructor(options: {
    ready: (() => Promise<unknown>) | undefined;
    pollMs: number;
    timeoutMs: number;
    signal: AbortSignal;
    metrics: HandlersMetrics;
  }) {
    this.#ready = options.ready;
    this.#pollMs = options.pollMs;
    this.#timeoutMs = options.timeoutMs;
    this.#signal = options.signal;
    this.#metrics = options.metrics;
  }

  /** The next `pass()` asks again. */
  invalidate(): void {
    this.#checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** Resolves once ready; true when it had to wait. Throws `DeliveryStoppedError` when stopping. */
  async pass(): Promise<boolean> {
    if (!this.#ready) return false;
    if (Date.now() - this.#checkedAt < this.#pollMs) return false;
    if (await this.#isReady()) return false;
    this.#waiting++;
    this.#metrics.paused = true;
    try {
      do await sleepUnlessStopped(this.#pollMs, this.#signal);
      while (!(await this.#isReady()));
    } finally {
      this.#waiting--;
      if (this.#waiting === 0) this.#metrics.paused = false;
    }
    return true;
  }

  #isReady(): Promise<boolean> {
    // One question at a time, however many deliveries wait on the answer.
    this.#check ??= this.#ask().finally(() => {
      this.#check = undefined;
    });
    return this.#check;
  }

  async #ask(): Promise<boolean> {
    if (this.#signal.aborted) throw new DeliveryStoppedError();
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        this.#ready!(),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), this.#timeoutMs);
        }),
      ]);
      const ready = answer !== false;
      if (ready) this.#checkedAt = Date.now();
      return ready;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}

export async function sleepUnlessStopped(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await delay(ms, undefined, { signal });
  } catch {
    throw new DeliveryStoppedError();
  }
}

type TryOutcome =
  | { kind: 'applied'; ran: boolean }
  | { kind: 'dead-lettered-before' }
  | { kind: 'never-finished'; attempts: number; lastError: string | null }
  | { kind: 'failed'; error: unknown; counted: boolean; attempts: number };

export class DurableDelivery {
  readonly #db: Db;
  readonly #group: string;
  readonly #byType: Map<string, { handle: Handle }>;
  readonly #log: EventsLogger;
  readonly #policy: DeliveryPolicy;
  readonly #gate: ReadinessGate;
  readonly #metrics: HandlersMetrics;
  readonly #signal: AbortSignal;

  constructor(options: {
    db: Db;
    group: string;
    byType: Map<string, { handle: Handle }>;
    log: EventsLogger;
    policy: DeliveryPolicy;
    gate: ReadinessGate;
    metrics: HandlersMetrics;
    signal: AbortSignal;
  }) {
    this.#db = options.db;
    this.#group = options.group;
    this.#byType = options.byType;
    this.#log = options.log;
    this.#policy = options.policy;
    this.#gate = options.gate;
    this.#metrics = options.metrics;
    this.#signal = options.signal;
  }

  /** The bus handler: resolves once the event is applied or dead-lettered (then throws poison). */
  async deliver(raw: EventEnvelope): Promise<void> {
    this.#assertRunning();
    const { event, handle } = await this.#validate(raw);
    const state = {
      transientFailures: 0,
      permanentFailures: 0,
      givenBack: 0,
      transientSince: undefined as number | undefined,
      firstFailedAt: undefined as Date | undefined,
    };
    for (;;) {
      if (await this.#gate.pass()) {
        // The service itself was down: the window starts again once it is back.
        state.transientSince = undefined;
        state.transientFailures = 0;
      }
      const outcome = await this.#try(event, handle, state.givenBack);
      if (outcome.kind === 'applied') {
        this.#count(event.type, outcome.ran ? 'processed' : 'duplicates');
        return;
      }
      // A subscription stopped (or given up) meanwhile writes nothing more, as a dead process.
      this.#assertRunning();
      if (outcome.kind === 'dead-lettered-before') return;
      if (outcome.kind === 'never-finished') {
        const last = outcome.lastError ? `; last error: ${outcome.lastError}` : '';
        return await this.#giveUp(
          event,
          `gave up after ${outcome.attempts} tries that failed or never finished (the consumer stopped or crashed during them)${last}`,
          outcome.attempts,
          state.firstFailedAt,
        );
      }
      if (outcome.counted) state.givenBack = 0;
      const text = errorText(outcome.error);
      state.firstFailedAt ??= new Date();
      if (isTransient(outcome.error)) {
        state.transientFailures++;
        const now = Date.now();
        state.transientSince ??= now;
        if (now - state.transientSince >= this.#policy.retryWindowMs) {
          return await this.#giveUp(
            event,
            `still failing after the ${this.#policy.retryWindowMs} ms retry window: ${text}`,
            outcome.attempts + state.transientFailures,
            state.firstFailedAt,
          );
        }
        if (outcome.counted) {
          // Gives the try back; if the database cannot take it now, the next try's count does.
          await recordFailure(this.#db, this.#group, event.id, true, text).catch(() => state.givenBack++);
        }
        this.#retrying(event, text, outcome.attempts, true);
        this.#gate.invalidate();
        if (await this.#gate.pass()) {
          state.transientSince = undefined;
          state.transientFailures = 0;
          continue;
        }
        await sleepUnlessStopped(this.#backoff(state.transientFailures), this.#signal);
      } else {
        state.permanentFailures++;
        const attempts = Math.max(outcome.attempts, state.permanentFailures);
        if (attempts >= this.#policy.maxAttempts) {
          return await this.#giveUp(event, text, attempts, state.firstFailedAt);
        }
        if (outcome.counted)
          await recordFailure(this.#db, this.#group, event.id, false, text).catch(() => {});
        this.#retrying(event, text, attempts, false);
        await sleepUnlessStopped(this.#backoff(attempts), this.#signal);
      }
    }
  }

  /**
   * Replays the letters of this group an operator asked for: each in one transaction with its
   * inbox row, so a letter whose event was applied meanwhile (or replayed twice) does nothing.
   */
  async replayRequested(maxLetters = 100): Promise<void> {
    for (let i = 0; i < maxLetters && !this.#signal.aborted; i++) {
      let current: { id: string; eventType: string } | undefined;
      let ran = false;
      try {
        await this.#gate.pass();
        const done = await this.#db.transaction(async (tx) => {
          const letter = await nextReplay(tx, this.#group);
          if (!letter) return false;
          current = letter;
          const { event, handle } = await this.#validate(letter.envelope as EventEnvelope, false);
          await clearAttempts(tx, this.#group, event.id);
          ran = await consumeIn(tx, this.#group, event, (t) => handle(event, t));
          await markReplayed(tx, letter.id);
          return true;
        });
        if (!done) return;
      } catch (error) {
        if (error instanceof DeliveryStoppedError) return;
        const text = errorText(error);
        this.#log.warn(
          { group: this.#group, deadLetter: current?.id, err: text },
          'dead letter replay failed',
        );
        if (current) await markReplayFailed(this.#db, current.id, text, isTransient(error)).catch(() => {});
        // A transient failure waits for the next pass; a permanent one leaves the rest for it too.
        return;
      }
      const type = current!.eventType;
      this.#count(type, 'replayed');
      this.#count(type, ran ? 'processed' : 'duplicates');
    }
  }

  async #validate(
    raw: EventEnvelope,
    deadLetterInvalid = true,
  ): Promise<{ event: EventEnvelope; handle: Handle }> {
    let reason: string;
    try {
      const event = parseEvent(raw);
      const handler = this.#byType.get(event.type);
      if (handler) return { event, handle: handler.handle };
      reason = `no handler for ${event.type}`;
    } catch (error) {
      // The issue list names fields, not their values.
      reason = `invalid event: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!deadLetterInvalid) throw new PoisonEventError(reason);
    this.#log.error(
      { group: this.#group, eventId: raw?.id, eventType: raw?.type },
      'invalid event; dead-lettered',
    );
    return this.#giveUp(raw, `PoisonEventError: ${reason}`, 1, undefined);
  }

  async #try(event: EventEnvelope, handle: Handle, givenBack: number): Promise<TryOutcome> {
    let begun: Awaited<ReturnType<typeof beginTry>>;
    try {
      begun = await beginTry(this.#db, this.#group, event, givenBack);
    } catch (error) {
      return { kind: 'failed', error, counted: false, attempts: 0 };
    }
    if (begun.deadLettered) return { kind: 'dead-lettered-before' };
    if (begun.attempts > this.#policy.maxAttempts) {
      return { kind: 'never-finished', attempts: begun.attempts - 1, lastError: begun.lastError };
    }
    try {
      const ran = await this.#db.transaction(async (tx) => {
        await clearAttempts(tx, this.#group, event.id);
        return consumeIn(tx, this.#group, event, (t) => handle(event, t));
      });
      return { kind: 'applied', ran };
    } catch (error) {
      return { kind: 'failed', error, counted: true, attempts: begun.attempts };
    }
  }

  /**
   * Keeps the dead letter in the database (waiting through transient failures: it must not be
   * lost), then throws poison so the bus acknowledges the event and keeps its own copy.
   */
  async #giveUp(
    envelope: unknown,
    error: string,
    attempts: number,
    firstFailedAt: Date | undefined,
  ): Promise<never> {
    const { id, type } = (envelope ?? {}) as { id?: string; type?: string };
    for (let failures = 1; ; failures++) {
      this.#assertRunning();
      try {
        await recordDeadLetter(this.#db, {
          group: this.#group,
          envelope,
          error,
          attempts,
          ...(firstFailedAt ? { firstFailedAt } : {}),
        });
        break;
      } catch (writeError) {
        if (!isTransient(writeError)) throw writeError;
        this.#log.warn(
          { group: this.#group, eventId: id, err: errorText(writeError) },
          'dead letter not kept yet',
        );
        this.#gate.invalidate();
        if (!(await this.#gate.pass())) await sleepUnlessStopped(this.#backoff(failures), this.#signal);
      }
    }
    this.#count(typeof type === 'string' ? type : 'unknown', 'deadLettered');
    this.#log.error({ group: this.#group, eventId: id, eventType: type, attempts }, 'event dead-lettered');
    throw new PoisonEventError(error);
  }

  #retrying(event: EventEnvelope, error: string, attempt: number, transient: boolean): void {
    this.#count(event.type, 'retried');
    this.#log.warn(
      { ...eventRef(event), group: this.#group, attempt, transient, err: error },
      'event handler failed; retrying',
    );
  }

  #backoff(failures: number): number {
    return jitteredDelay(this.#policy.retryDelayMs, this.#policy.maxRetryDelayMs, failures);
  }

  #count(type: string, counter: keyof DeliveryCounts): void {
    this.#metrics[counter]++;
    this.#metrics.byType[type] ??= emptyCounts();
    this.#metrics.byType[type][counter]++;
  }

  #assertRunning(): void {
    if (this.#signal.aborted) throw new DeliveryStoppedError();
  }
}

/**
 * The inbox step inside an open transaction: inserts the `(group, event)` row and runs `effect`
 * only if the row is new. Returns whether the effect ran.
 */
export async function consumeIn(
  tx: Tx,
  group: string,
  event: EventEnvelope,
  effect: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const inserted = await tx
    .insert(kitInbox)
    .values({ consumerGroup: group, eventId: event.id, eventType: event.type })
    .onConflictDoNothing()
    .returning({ eventId: kitInbox.eventId });
  if (inserted.length === 0) return false;
  await effect(tx);
  return true;
}
