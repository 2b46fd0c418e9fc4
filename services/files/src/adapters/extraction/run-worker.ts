import { type ResourceLimits, Worker } from 'node:worker_threads';

export class WorkerTimeoutError extends Error {
  override name = 'WorkerTimeoutError';
}

export class WorkerFailedError extends Error {
  override name = 'WorkerFailedError';
}

/** A worker may not grow past these: a crafted file then kills its worker, not the service. */
const limits: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

/**
 * Runs the worker module `url` on `input` and resolves with the first message it posts. The worker
 * is terminated when it answers, fails or runs out of time, so nothing it does can outlive `timeoutMs`
 * (a parser stuck in a loop included: termination stops running JavaScript).
 */
export function runWorker<T>(
  url: URL,
  input: unknown,
  options: { timeoutMs: number; transfer?: ArrayBuffer[]; resourceLimits?: ResourceLimits },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: input,
      transferList: options.transfer,
      resourceLimits: options.resourceLimits ?? limits,
      stdout: true,
      stderr: true,
    });
    // Parser chatter (warnings about fonts and such) is not our log; drain and drop it.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new WorkerTimeoutError(`worker timed out after ${options.timeoutMs} ms`))),
      options.timeoutMs,
    );
    worker.once('message', (message: T) => finish(() => resolve(message)));
    worker.once('error', (err) => finish(() => reject(new WorkerFailedError(err.message))));
    worker.once('exit', (code) =>
      finish(() => reject(new WorkerFailedError(`worker exited with code ${code} without an answer`))),
    );
  });
}
