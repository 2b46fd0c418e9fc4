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
