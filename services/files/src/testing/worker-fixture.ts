import { parentPort, workerData } from 'node:worker_threads';

// A worker for the tests of `runWorker`: answers, loops forever, eats memory, or throws.
const input = workerData as { mode: 'echo' | 'spin' | 'hog' | 'throw'; value?: unknown };
if (input.mode === 'echo') parentPort?.postMessage({ echo: input.value });
if (input.mode === 'spin') for (;;) {}
if (input.mode === 'hog') {
  const hoard: string[][] = [];
  for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => `item ${i}`));
}
if (input.mode === 'throw') throw new Error('worker failed');
