import { describe, expect, it } from 'vitest';
import { runWorker, WorkerFailedError, WorkerTimeoutError } from './run-worker.ts';

const fixture = new URL('../../testing/worker-fixture.ts', import.meta.url);

describe('runWorker', () => {
  it('answers with the worker’s message', async () => {
    expect(await runWorker(fixture, { mode: 'echo', value: 42 }, { timeoutMs: 5000 })).toEqual({ echo: 42 });
  });

  it('terminates a worker stuck in an endless loop at the time limit', async () => {
    const started = Date.now();
    await expect(runWorker(fixture, { mode: 'spin' }, { timeoutMs: 300 })).rejects.toBeInstanceOf(
      WorkerTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a worker that runs out of memory, without harming this process', async () => {
    await expect(
      runWorker(
        fixture,
        { mode: 'hog' },
        { timeoutMs: 20_000, resourceLimits: { maxOldGenerationSizeMb: 32 } },
      ),
    ).rejects.toBeInstanceOf(WorkerFailedError);
  });

  it('reports a worker that throws', async () => {
    await expect(runWorker(fixture, { mode: 'throw' }, { timeoutMs: 5000 })).rejects.toBeInstanceOf(
      WorkerFailedError,
    );
  });
});
