import type { EventEnvelope } from '@innerview/contracts';
import type { Redis } from 'ioredis';
import type { SubscribeOptions } from './bus.ts';
import {
  defaultMaxAttempts,
  defaultRetryDelayMs,
  type EventsLogger,
  errorText,
  eventRef,
  hashSubject,
  isPoison,
  isStopped,
  retryDelay,
  settlesWithin,
  sleep,
} from './delivery.ts';
import type { RedisEventBus } from './redis-bus.ts';

/** The Redis bus's consumer side: partition leases, take-over, delivery, retries and dead letters. */

export interface Settings {
  prefix: string;
  partitions: number;
  maxLen: number;
  deadLetterMaxLen: number;
  leaseMs: number;
  claimIdleMs: number;
  blockMs: number;
  batchSize: number;
  log: EventsLogger;
}

// Renew or release a lease only while we still hold it.
const renewScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
export const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Attempt counters outlive a crash loop, not the event: they expire a week after the last try. */
const attemptsTtlMs = 7 * 24 * 3600 * 1000;

export type StreamEntry = [id: string, fields: string[] | null];
type ReadReply = [key: string, entries: StreamEntry[]][] | null;

/** One subscription: a member of its group that holds, reads and hands over partitions. */
export class RedisConsumer {
  readonly #bus: RedisEventBus;
  readonly #s: Settings;
  readonly #options: SubscribeOptions;
  readonly #name: string;
  readonly #redis: Redis;
  /** Blocking reads hold a connection: each consumer has its own. */
  readonly #reader: Redis;
  readonly #maxAttempts: number;
  readonly #retryDelayMs: number;
  readonly #keyPartition = new Map<string, number>();
  /** Partitions whose lease we hold; `clean` once no entry of it is left with another consumer. */
  readonly #held = new Map<number, { clean: boolean }>();
  /** Held beyond our fair share: given back at the next batch boundary. */
  readonly #surplus = new Set<number>();
  #ownPendingPossible = true;
  #stopping = false;
  #abandoned = false;
  #loop: Promise<void> | undefined;
  #tick: Promise<void> | undefined;
  #tickTimer: NodeJS.Timeout | undefined;
  #stopped: Promise<void> | undefined;

  constructor(bus: RedisEventBus, settings: Settings, options: SubscribeOptions, name: string) {
    this.#bus = bus;
    this.#s = settings;
    this.#options = options;
    this.#name = name;
    this.#redis = bus.redis;
    this.#reader = bus.redis.duplicate({ maxRetriesPerRequest: null });
    this.#reader.on('error', () => {});
    this.#maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
    this.#retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
    for (let p = 0; p < settings.partitions; p++) {
      for (const type of options.types) this.#keyPartition.set(bus.streamKey(type, p), p);
    }
  }

  get #groupKey(): string {
    return `${this.#s.prefix}:group:${this.#options.group}`;
  }

  #leaseKey(partition: number): string {
    return `${this.#groupKey}:lease:${partition}`;
  }

  async start(): Promise<void> {
    await whenReady(this.#redis, 10_000, true);
    await this.#ensureGroups();
    await this.#heartbeat();
    this.#scheduleHeartbeat();
    this.#loop = this.#run();
  }

  /**
   * Creates the group on every stream it reads. A group new to a stream starts at its oldest entry
   * (`0`); an existing one keeps its place. Also run when Redis answers NOGROUP: a Redis that came
   * back empty (restart without persistence, failover) lost streams and groups alike, and what is
   * published after that must still be consumed (ADR 38).
   */
  async #ensureGroups(): Promise<void> {
    const pipeline = this.#redis.pipeline();
    for (const key of this.#keyPartition.keys()) {
      pipeline.xgroup('CREATE', key, this.#options.group, '0', 'MKSTREAM');
    }
    for (const [error] of (await pipeline.exec()) ?? []) {
      if (error && !String(error.message).includes('BUSYGROUP')) throw error;
    }
  }

  stop(): Promise<void> {
    this.#stopped ??= this.#stop();
    return this.#stopped;
  }

  async #stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#tickTimer);
    const stopTimeoutMs = this.#options.stopTimeoutMs ?? 10_000;
    const finished = !this.#loop || (await settlesWithin(this.#loop, stopTimeoutMs + this.#s.blockMs));
    await this.#tick;
    if (!finished) {
      // Give the event in hand up as a crashed consumer would: our leases and membership lapse,
      // and another consumer claims what we held once it has been idle long enough.
      this.#abandoned = true;
      this.#reader.disconnect();
      return;
    }
    try {
      const pipeline = this.#redis.pipeline();
      for (const partition of this.#held.keys()) {
        pipeline.eval(releaseScript, 1, this.#leaseKey(partition), this.#name);
      }
      pipeline.zrem(`${this.#groupKey}:members`, this.#name);
      await pipeline.exec();
    } catch (error) {
      this.#s.log.warn({ err: errorText(error) }, 'redis bus: could not release leases; they will lapse');
    }
    this.#held.clear();
    await this.#reader.quit().catch(() => this.#reader.disconnect());
  }

  #scheduleHeartbeat(): void {
    if (this.#stopping) return;
    this.#tickTimer = setTimeout(
      () => {
        this.#tick = this.#heartbeat()
          .catch((error) => this.#s.log.warn({ err: errorText(error) }, 'redis bus heartbeat failed'))
          .finally(() => this.#scheduleHeartbeat());
      },
      Math.max(10, Math.floor(this.#s.leaseMs / 3)),
    );
  }

  /** Stays a member, renews our leases, gives back surplus and takes free partitions up to our share. */
  async #heartbeat(): Promise<void> {
    if (this.#stopping) return;
    const members = `${this.#groupKey}:members`;
    const now = Date.now();
    const reply = await this.#redis
      .multi()
      .zadd(members, now + this.#s.leaseMs, this.#name)
      .zremrangebyscore(members, '-inf', now)
      .zcard(members)
      .pexpire(members, this.#s.leaseMs * 10)
      .exec();
    const live = Math.max(1, Number(reply?.[2]?.[1] ?? 1));
    const share = Math.ceil(this.#s.partitions / live);

    const held = [...this.#held.keys()];
    if (held.length > 0) {
      const pipeline = this.#redis.pipeline();
      for (const p of held) pipeline.eval(renewScript, 1, this.#leaseKey(p), this.#name, this.#s.leaseMs);
      const renewed = (await pipeline.exec()) ?? [];
      held.forEach((p, i) => {
        if (Number(renewed[i]?.[1]) !== 1) {
          this.#held.delete(p);
          this.#surplus.delete(p);
        }
      });
    }
    if (this.#stopping) return;
    const keep = [...this.#held.keys()].filter((p) => !this.#surplus.has(p));
    for (const p of keep.slice(share)) this.#surplus.add(p);
    let wanted = share - Math.min(keep.length, share);
    // Start looking at a spot of our own, so that joining consumers do not all race for partition 0.
    const start = hashSubject(this.#name) % this.#s.partitions;
    for (let i = 0; i < this.#s.partitions && wanted > 0; i++) {
      const p = (start + i) % this.#s.partitions;
      if (this.#held.has(p)) continue;
      const taken = await this.#redis.set(this.#leaseKey(p), this.#name, 'PX', this.#s.leaseMs, 'NX');
      if (taken === 'OK' && !this.#stopping) {
        this.#held.set(p, { clean: false });
        this.#ownPendingPossible = true;
        wanted--;
      }
    }
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      try {
        await whenReady(this.#redis, 5000, true);
        await whenReady(this.#reader, 5000, true);
        await this.#giveBackSurplus();
        const ready = await this.#readyPartitions();
        if (ready.length === 0) {
          await sleep(Math.min(this.#s.blockMs, 100));
          continue;
        }
        const keys = ready.flatMap((p) => this.#options.types.map((t) => this.#bus.streamKey(t, p)));
        let reply: ReadReply = null;
        if (this.#ownPendingPossible) {
          // Entries already ours (claimed from a dead consumer, or left by a stop mid-retry) first.
          reply = await this.#read(keys, '0', false);
          if (!reply?.some(([, entries]) => entries.length > 0)) {
            this.#ownPendingPossible = false;
            reply = null;
          }
        }
        reply ??= await this.#read(keys, '>', true);
        for (const [key, entries] of reply ?? []) {
          const partition = this.#keyPartition.get(key)!;
          for (const [id, fields] of entries) {
            if (this.#stopping || !this.#held.has(partition)) break;
            await this.#deliver(key, id, fields);
            if (this.#abandoned) return;
          }
        }
      } catch (caught) {
        let error = caught;
        // An entry may be left unfinished or unacknowledged in our pending list: take it up again
        // before anything newer, so the order holds.
        this.#ownPendingPossible = true;
        if (this.#stopping) break;
        if (String((error as Error)?.message).startsWith('NOGROUP')) {
          this.#s.log.warn(
            { group: this.#options.group },
            'redis bus: consumer group missing; creating it again',
          );
          try {
            await this.#ensureGroups();
            continue;
          } catch (again) {
            error = again;
          }
        }
        this.#s.log.warn({ err: errorText(error), group: this.#options.group }, 'redis bus read failed');
        await sleep(Math.min(this.#s.blockMs, 500));
      }
    }
  }

  #read(keys: string[], from: '0' | '>', block: boolean): Promise<ReadReply> {
    const args: (string | number)[] = ['GROUP', this.#options.group, this.#name, 'COUNT', this.#s.batchSize];
    if (block) args.push('BLOCK', this.#s.blockMs);
    args.push('STREAMS', ...keys, ...keys.map(() => from));
    return this.#reader.call('XREADGROUP', ...args) as Promise<ReadReply>;
  }

  async #giveBackSurplus(): Promise<void> {
    for (const p of [...this.#surplus]) {
      this.#surplus.delete(p);
      this.#held.delete(p);
      await this.#redis.eval(releaseScript, 1, this.#leaseKey(p), this.#name);
    }
  }

  /**
   * Held partitions we may read: on taking one over we first claim what the previous holder left
   * pending, and read nothing new from it while entries remain with another consumer.
   */
  async #readyPartitions(): Promise<number[]> {
    const ready: number[] = [];
    for (const [p, state] of this.#held) {
      if (!state.clean) {
        let foreign = 0;
        for (const type of this.#options.types) {
          const key = this.#bus.streamKey(type, p);
          let cursor = '0-0';
          do {
            const reply = (await this.#redis.call(
              'XAUTOCLAIM',
              key,
              this.#options.group,
              this.#name,
              this.#s.claimIdleMs,
              cursor,
              'COUNT',
              100,
              'JUSTID',
            )) as [string, string[]];
            cursor = reply[0];
            if (reply[1].length > 0) this.#ownPendingPossible = true;
          } while (cursor !== '0-0');
          const summary = (await this.#redis.xpending(key, this.#options.group)) as [
            number,
            string | null,
            string | null,
            [string, string][] | null,
          ];
          for (const [consumer, count] of summary[3] ?? []) {
            if (consumer !== this.#name) foreign += Number(count);
          }
        }
        if (foreign > 0 || !this.#held.has(p)) continue;
        state.clean = true;
      }
      ready.push(p);
    }
    return ready;
  }

  async #deliver(key: string, id: string, fields: string[] | null): Promise<void> {
    const group = this.#options.group;
    const raw = fieldMap(fields).event;
    let event: EventEnvelope;
    try {
      if (raw === undefined) throw new Error('entry without event');
      event = JSON.parse(raw) as EventEnvelope;
    } catch {
      // Trimmed while pending, or not written by this bus: nothing to hand over.
      await this.#redis.xack(key, group, id);
      return;
    }
    const attemptsKey = `${this.#groupKey}:attempts`;
    const field = `${key}|${id}`;
    for (;;) {
      const counted = await this.#redis
        .multi()
        .hincrby(attemptsKey, field, 1)
        .pexpire(attemptsKey, attemptsTtlMs)
        .exec();
      const attempt = Number(counted?.[0]?.[1] ?? 1);
      if (attempt > this.#maxAttempts) {
        // Earlier tries never finished (their consumer died): treat it as poison too.
        await this.#deadLetter(key, id, field, event, 'consumer stopped during every try', attempt - 1);
        return;
      }
      try {
        await this.#options.handler(structuredClone(event));
      } catch (error) {
        if (this.#abandoned) return;
        if (isStopped(error)) {
          // The handler's subscription is stopping: not a try. Left pending for whoever comes next.
          await this.#redis.hincrby(attemptsKey, field, -1).catch(() => {});
          this.#ownPendingPossible = true;
          return;
        }
        this.#bus.counters.failed++;
        if (attempt >= this.#maxAttempts || isPoison(error)) {
          await this.#deadLetter(key, id, field, event, errorText(error), attempt);
          return;
        }
        this.#s.log.warn(
          { ...eventRef(event), group, attempt, err: errorText(error) },
          'event handler failed',
        );
        await sleep(retryDelay(this.#retryDelayMs, attempt));
        if (this.#stopping) {
          // Left pending with its count: whoever takes the partition next carries on.
          this.#ownPendingPossible = true;
          return;
        }
        continue;
      }
      if (this.#abandoned) return;
      await this.#redis.multi().xack(key, group, id).hdel(attemptsKey, field).exec();
      this.#bus.counters.consumed++;
      return;
    }
  }

  async #deadLetter(
    key: string,
    id: string,
    field: string,
    event: EventEnvelope,
    error: string,
    attempts: number,
  ): Promise<void> {
    const group = this.#options.group;
    await this.#redis
      .multi()
      .xadd(
        this.#bus.deadLetterKey(),
        'MAXLEN',
        '~',
        this.#s.deadLetterMaxLen,
        '*',
        'event',
        JSON.stringify(event),
        'group',
        group,
        'error',
        error,
        'attempts',
        String(attempts),
        'failedAt',
        new Date().toISOString(),
      )
      .xack(key, group, id)
      .hdel(`${this.#groupKey}:attempts`, field)
      .exec();
    this.#bus.counters.deadLettered++;
    this.#s.log.error({ ...eventRef(event), group, attempts }, 'event dead-lettered');
  }
}

/**
 * Resolves once `redis` can take commands. While it first connects (or, with
 * `throughReconnect`, reconnects) it waits up to `timeoutMs`; otherwise it fails at once.
 */
export function whenReady(redis: Redis, timeoutMs: number, throughReconnect: boolean): Promise<void> {
  const status = redis.status;
  if (status === 'ready') return Promise.resolve();
  const connecting = ['wait', 'connecting', 'connect'].includes(status);
  if (!connecting && !(throughReconnect && status === 'reconnecting')) {
    return Promise.reject(new Error(`redis is ${status}`));
  }
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('end', onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => done();
    const onEnd = () => done(new Error('redis connection ended'));
    const timer = setTimeout(() => done(new Error(`redis not ready within ${timeoutMs} ms`)), timeoutMs);
    redis.on('ready', onReady);
    redis.on('end', onEnd);
  });
}

export function fieldMap(fields: string[] | null): Record<string, string | undefined> {
  const map: Record<string, string> = {};
  for (let i = 0; fields && i + 1 < fields.length; i += 2) map[fields[i]!] = fields[i + 1]!;
  return map;
}
