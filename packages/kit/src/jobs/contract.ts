import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { JobQueueClosedError } from './options.ts';
import type { JobFailure, JobQueue, JobQueueHooks } from './queue.ts';

/**
 * The one behaviour suite every `JobQueue` adapter passes. `makeQueue` returns a fresh, empty queue
 * each call (for Redis: a prefix no other call uses); the suite closes every queue it made.
 * Delays are tens to hundreds of milliseconds, so timing bounds are generous on the late side.
 *
 * Time itself is under test here: delays, retry backoffs and schedule rates are kept by the
 * adapter (BullMQ keeps them in Redis, on its own clock), so no clock can be moved for them. The
 * tests wait for conditions (a run, an empty queue), never for a fixed time. What must NOT happen
 * (a retry after success, a run after close, a third job beside two) is shown by a later run that
 * would have come after it: a sentinel job of the same name due later than the unwanted run, or
 * a twin queue doing the same work. Handlers that must last a while wait on a gate the test opens.
 */
export function jobQueueContract(
  name: string,
  makeQueue: (hooks: JobQueueHooks) => JobQueue | Promise<JobQueue>,
): void {
  describe(`JobQueue contract: ${name}`, () => {
    const opened: JobQueue[] = [];
    const open = async (hooks: JobQueueHooks = {}) => {
      const queue = await makeQueue(hooks);
      opened.push(queue);
      return queue;
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close()));
    });

    it('runs a job once, with its data and attempt 1', async () => {
      const queue = await open();
      const seen: unknown[] = [];
      queue.process('greet', async (job) => {
        seen.push(job);
      });
      await queue.add('greet', { to: 'ada', count: 1 });
      await eventually(() => seen.length === 1);
      // The next job of the name runs after it: a second run of the first would show between.
      await queue.add('greet', { to: 'bo', count: 2 });
      await eventually(() => seen.length >= 2);
      expect(seen).toEqual([
        { name: 'greet', data: { to: 'ada', count: 1 }, attempt: 1 },
        { name: 'greet', data: { to: 'bo', count: 2 }, attempt: 1 },
      ]);
    });

    it('keeps a job added before its handler until the handler is registered', async () => {
      const queue = await open();
      await queue.add('early', { n: 7 });
      await eventually(async () => (await queue.depth()).early === 1);
      const seen: unknown[] = [];
      queue.process('early', async (job) => {
        seen.push(job.data);
      });
      await eventually(() => seen.length === 1);
      expect(seen).toEqual([{ n: 7 }]);
    });

    it('runs a delayed job after its delay and not before', async () => {
      const queue = await open();
      const runAt: number[] = [];
      queue.process('remind', async () => {
        runAt.push(Date.now());
      });
      const addedAt = Date.now();
      await queue.add('remind', {}, { delayMs: 400 });
      await eventually(() => runAt.length === 1);
      // Not before its delay: the run's own time says so, with no pause to watch for an early one.
      expect(runAt[0]! - addedAt).toBeGreaterThanOrEqual(390);
    });

    it('retries a failing job with growing delays until an attempt succeeds', async () => {
      const failures: JobFailure[] = [];
      const queue = await open({ onJobFailed: (failure) => failures.push(failure) });
      const tries: { attempt: number; at: number }[] = [];
      let sentinelRan = false;
      queue.process<{ sentinel?: true }>('flaky', async (job) => {
        if (job.data.sentinel) {
          sentinelRan = true;
          return;
        }
        tries.push({ attempt: job.attempt, at: Date.now() });
        if (job.attempt < 3) throw new Error(`not yet (${job.attempt})`);
      });
      // 300 ms, not less: a loaded machine picks a due job up to about 110 ms late (CI, 2026-11-28:
      // 209 ms for a 100 ms backoff), which must not make the 2× second wait look shorter.
      await queue.add('flaky', {}, { attempts: 5, backoffMs: 300 });
      await eventually(() => tries.length === 3);
      // No fourth try after the success: it would come 1,200 ms after the third (the backoff), so
      // before a job of the same name due 1,500 ms after the third try was seen.
      await queue.add('flaky', { sentinel: true }, { delayMs: 1500 });
      await eventually(() => sentinelRan);
      expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
      const firstWait = tries[1]!.at - tries[0]!.at;
      const secondWait = tries[2]!.at - tries[1]!.at;
      expect(firstWait).toBeGreaterThanOrEqual(295);
      expect(secondWait).toBeGreaterThanOrEqual(595);
      expect(secondWait).toBeGreaterThan(firstWait);
      expect(failures.map(({ name, attempt, final }) => ({ name, attempt, final }))).toEqual([
        { name: 'flaky', attempt: 1, final: false },
        { name: 'flaky', attempt: 2, final: false },
      ]);
      expect(failures[0]?.error).toMatchObject({ message: 'not yet (1)' });
    });

    it('stops retrying a job that always fails after its attempts', async () => {
      const failures: JobFailure[] = [];
      const queue = await open({ onJobFailed: (failure) => failures.push(failure) });
      const attempts: number[] = [];
      let sentinelRan = false;
      queue.process<{ sentinel?: true }>('doomed', async (job) => {
        if (job.data.sentinel) {
          sentinelRan = true;
          return;
        }
        attempts.push(job.attempt);
        throw new Error('boom');
      });
      await queue.add('doomed', {}, { attempts: 3, backoffMs: 30, jobId: 'doomed:1' });
      await eventually(() => attempts.length === 3);
      // No fourth attempt after the last: it would come 240 ms after the third (the backoff), so
      // before a job of the same name due 400 ms after the third attempt was seen.
      await queue.add('doomed', { sentinel: true }, { delayMs: 400 });
      await eventually(() => sentinelRan);
      expect(attempts).toEqual([1, 2, 3]);
      expect(failures.map(({ jobId, attempt, final }) => ({ jobId, attempt, final }))).toEqual([
        { jobId: 'doomed:1', attempt: 1, final: false },
        { jobId: 'doomed:1', attempt: 2, final: false },
        { jobId: 'doomed:1', attempt: 3, final: true },
      ]);
    });

    it('adds a jobId once while it is queued or running, and again once it has finished', async () => {
      const queue = await open();
      const runs: unknown[] = [];
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      queue.process('digest', async (job) => {
        runs.push(job.data);
        await gate;
      });
      await queue.add('digest', { v: 1 }, { jobId: 'user-1:digest' });
      await queue.add('digest', { v: 2 }, { jobId: 'user-1:digest' });
      await eventually(() => runs.length === 1);
      await queue.add('digest', { v: 3 }, { jobId: 'user-1:digest' });
      await queue.add('digest', { v: 4 }, { jobId: 'user-2:digest' });
      release();
      await eventually(() => runs.length === 2);
      // Nothing else waits: the two refused adds were never queued (a run records itself first).
      await eventually(async () => (await queue.depth()).digest === 0);
      expect(runs).toEqual([{ v: 1 }, { v: 4 }]);

      await queue.add('digest', { v: 5 }, { jobId: 'user-1:digest' });
      await eventually(() => runs.length === 3);
      expect(runs[2]).toEqual({ v: 5 });
    });

    it('keeps the jobId of a delayed job until it runs', async () => {
      const queue = await open();
      const runs: unknown[] = [];
      queue.process('trial-reminder', async (job) => {
        runs.push(job.data);
      });
      await queue.add('trial-reminder', { v: 1 }, { jobId: 'user-1', delayMs: 200 });
      await queue.add('trial-reminder', { v: 2 }, { jobId: 'user-1', delayMs: 50 });
      // Had the second been queued, its shorter delay would have run it first.
      await eventually(() => runs.length >= 1);
      await eventually(async () => (await queue.depth())['trial-reminder'] === 0);
      expect(runs).toEqual([{ v: 1 }]);
    });

    it('fires a repeating schedule repeatedly, and registering it again does not double it', async () => {
      const queue = await open();
      const runs: { at: number; data: unknown }[] = [];
      queue.process('sweep', async (job) => {
        runs.push({ at: Date.now(), data: job.data });
      });
      await queue.repeat('sweep', { everyMs: 100, data: { round: 1 } });
      await eventually(() => runs.length >= 3);
      expect(runs[0]?.data).toEqual({ round: 1 });

      // Every replica and every restart registers its schedules again: that replaces, never adds.
      await queue.repeat('sweep', { everyMs: 100, data: { round: 2 } });
      await queue.repeat('sweep', { everyMs: 100, data: { round: 2 } });
      const before = runs.length;
      // A rate, read from the runs' own times: ten runs of one 100 ms schedule span about 900 ms,
      // of a doubled one about 450 ms.
      await eventually(() => runs.length >= before + 11);
      const during = runs.slice(before + 1, before + 11);
      expect(during.at(-1)!.at - during[0]!.at).toBeGreaterThanOrEqual(700);
      expect(during.at(-1)?.data).toEqual({ round: 2 });
    });

    it('never overlaps a repeating run with the previous one, whatever the concurrency', async () => {
      const queue = await open();
      let running = 0;
      let mostAtOnce = 0;
      let runs = 0;
      let sentinelRan = false;
      const firstRun = gate();
      // A schedule without data hands its runs no data.
      queue.process<{ sentinel?: true } | undefined>(
        'slow-sweep',
        async (job) => {
          if (job.data?.sentinel) {
            sentinelRan = true;
            return;
          }
          running += 1;
          runs += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          // The first run lasts until the test opens its gate; the others end at once.
          if (runs === 1) await firstRun.promise;
          running -= 1;
        },
        { concurrency: 3 },
      );
      await queue.repeat('slow-sweep', { everyMs: 50 });
      await eventually(() => runs === 1);
      // The first run is held for five periods of its schedule: a one-off job of the name due
      // 250 ms later (a free slot of the three takes it) comes after any overlapping run would have.
      await queue.add('slow-sweep', { sentinel: true }, { delayMs: 250 });
      await eventually(() => sentinelRan);
      expect(runs).toBe(1);
      firstRun.open();
      await eventually(() => runs >= 2);
      expect(mostAtOnce).toBe(1);
    });

    it('runs at most `concurrency` jobs of one name at once', async () => {
      // A twin queue allowed three does the same work beside it: once the twin runs three at once,
      // a third would be running here too if the cap of two did not hold.
      const [queue, twin] = await Promise.all([open(), open()]);
      const held = gate();
      const worker = (concurrency: number) => {
        const state = { running: 0, mostAtOnce: 0, done: [] as number[] };
        return {
          state,
          handle: async (job: { data: { n: number } }) => {
            state.running += 1;
            state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
            await held.promise;
            state.running -= 1;
            state.done.push(job.data.n);
          },
          concurrency,
        };
      };
      const capped = worker(2);
      const wider = worker(3);
      queue.process<{ n: number }>('export', capped.handle, { concurrency: capped.concurrency });
      twin.process<{ n: number }>('export', wider.handle, { concurrency: wider.concurrency });
      for (const n of [1, 2, 3, 4, 5]) {
        await Promise.all([queue.add('export', { n }), twin.add('export', { n })]);
      }
      await eventually(() => capped.state.running === 2 && wider.state.running === 3);
      expect(capped.state.mostAtOnce).toBe(2);
      held.open();
      await eventually(() => capped.state.done.length === 5);
      expect(capped.state.mostAtOnce).toBe(2);
      expect([...capped.state.done].sort()).toEqual([1, 2, 3, 4, 5]);
    });

    it('close() waits for running jobs, then nothing else runs and nothing is accepted', async () => {
      // A twin queue, left open, is given the same delayed job and schedule: once its delayed job
      // and its ticks have run, the closed queue's would have run too had it not stopped.
      const [queue, twin] = await Promise.all([open(), open()]);
      let twinLaterRan = false;
      let twinTicks = 0;
      twin.process('later', async () => {
        twinLaterRan = true;
      });
      twin.process('tick', async () => {
        twinTicks += 1;
      });
      const started: string[] = [];
      let longFinished = false;
      let ticks = 0;
      let finishLong = () => {};
      queue.process('long', async () => {
        started.push('long');
        await new Promise<void>((resolve) => {
          finishLong = resolve;
        });
        longFinished = true;
      });
      queue.process('later', async () => {
        started.push('later');
      });
      queue.process('tick', async () => {
        ticks += 1;
      });
      await queue.add('long', {});
      await Promise.all([queue.add('later', {}, { delayMs: 400 }), twin.add('later', {}, { delayMs: 400 })]);
      await Promise.all([queue.repeat('tick', { everyMs: 100 }), twin.repeat('tick', { everyMs: 100 })]);
      await eventually(() => started.includes('long') && ticks >= 1);

      let closed = false;
      const closing = queue.close().then(() => {
        closed = true;
      });
      // Closing refuses new jobs at once, and waits for the running one: it ends once the job does.
      await expect(queue.add('long', {})).rejects.toThrow(JobQueueClosedError);
      expect(closed).toBe(false);
      finishLong();
      await closing;
      expect(longFinished).toBe(true);
      const ticksAtClose = ticks;
      const twinTicksAtClose = twinTicks;
      // Nothing runs after close: the twin's delayed job has run since, and three of its ticks.
      await eventually(() => twinLaterRan && twinTicks >= twinTicksAtClose + 3);
      expect(started).toEqual(['long']);
      expect(ticks).toBe(ticksAtClose);
      await expect(queue.add('long', {})).rejects.toThrow(JobQueueClosedError);
      await expect(queue.ping()).rejects.toThrow(JobQueueClosedError);
    });

    it('answers ping while open', async () => {
      const queue = await open();
      await expect(queue.ping()).resolves.toBeUndefined();
    });

    it('refuses bad names, options and a second handler for one name', async () => {
      const queue = await open();
      await expect(queue.add('no spaces', {})).rejects.toThrow(TypeError);
      await expect(queue.add('ok', {}, { attempts: 0 })).rejects.toThrow(RangeError);
      await expect(queue.add('ok', {}, { delayMs: -1 })).rejects.toThrow(RangeError);
      await expect(queue.add('ok', {}, { jobId: '' })).rejects.toThrow(TypeError);
      await expect(queue.repeat('ok', { everyMs: 0 })).rejects.toThrow(RangeError);
      expect(() => queue.process('ok', async () => {}, { concurrency: 0 })).toThrow(RangeError);
      queue.process('ok', async () => {});
      expect(() => queue.process('ok', async () => {})).toThrow(/already registered/);
    });
  });
}

/** A promise the test resolves when it chooses: a handler awaits it to last until then. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
