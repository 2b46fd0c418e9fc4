// Test-only: the one way a test waits for something asynchronous (an event handled, a row written, a
// job run) to become true, instead of a fixed pause that is too short under load and too long alone.

export interface EventuallyOptions {
  /** How long the condition gets before the test fails (default 5 s). */
  timeoutMs?: number;
  /** What is awaited, for the failure message. */
  what?: string;
  /** Between two checks (default 10 ms). */
  intervalMs?: number;
}

/**
 * Checks `condition` until it gives a value other than undefined, null or false, and returns that
 * value; fails after `timeoutMs` with what it waited for.
 */
export async function eventually<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: EventuallyOptions | number = {},
): Promise<T> {
  const {
    timeoutMs = 5000,
    what = 'condition',
    intervalMs = 10,
  } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
