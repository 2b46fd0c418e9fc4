import { afterAll, beforeAll } from 'vitest';

/**
 * Starts something a test file shares (a service harness) before its tests and stops it after
 * them: `started` receives it once it runs, so the file keeps it in its own variable. A start that
 * failed leaves nothing to stop.
 */
export function useStarted<T extends { stop(): Promise<void> }>(
  start: () => Promise<T>,
  started: (running: T) => void,
  timeoutMs = 60_000,
): void {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
    started(running);
  }, timeoutMs);
  afterAll(async () => {
    await running?.stop();
  });
}

/**
 * `useStarted` for a harness's start function: `export const useXHarness = hookFor(startXHarness)`
 * gives each service's tests `useXHarness(started, options?, timeoutMs?)`.
 */
export function hookFor<O, T extends { stop(): Promise<void> }>(start: (options?: O) => Promise<T>) {
  return (started: (running: T) => void, options?: O, timeoutMs = 60_000): void =>
    useStarted(() => start(options), started, timeoutMs);
}
