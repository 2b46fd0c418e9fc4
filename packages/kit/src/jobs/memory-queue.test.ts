import { describe, expect, it } from 'vitest';
import { jobQueueContract, sleep } from './contract.ts';
import { createMemoryJobQueue } from './memory-queue.ts';

jobQueueContract('memory', (hooks) => createMemoryJobQueue(hooks));

describe('memory job queue', () => {
  it('cancels its timers on close, so the process can exit with jobs still pending', async () => {
    const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timeouts();
    const queue = createMemoryJobQueue();
    queue.process('nightly', async () => {});
    await queue.add('nightly', {}, { delayMs: 60_000 });
    await queue.repeat('nightly', { everyMs: 60_000 });
    expect(timeouts()).toBeGreaterThan(before);
    await queue.close();
    expect(timeouts()).toBe(before);
  });

  it('hands a handler the data as JSON would carry it, not the caller’s object', async () => {
    const queue = createMemoryJobQueue();
    const seen: unknown[] = [];
    queue.process('copy', async (job) => {
      seen.push(job.data);
    });
    const data = { at: new Date('2026-01-02T03:04:05.000Z'), list: [1] };
    await queue.add('copy', data);
    data.list.push(2);
    await sleep(20);
    await queue.close();
    expect(seen).toEqual([{ at: '2026-01-02T03:04:05.000Z', list: [1] }]);
  });
});
