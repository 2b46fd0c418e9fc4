// Test-only: the kit's rate limiter (rate-limiter-flexible's memory store) reads `Date.now()` and
// takes no clock (docs/adr/0064-one-rate-limiter-in-the-kit.md), so a test that lets a window pass
// moves `Date` and the service's clock together, here.
import { afterAll, beforeAll, vi } from 'vitest';
import type { ManualClock } from '../clock.ts';

/**
 * Fakes `Date` (only: timers stay real, so I/O and `eventually` run) for the calling file from its
 * next `beforeAll` on, and returns `advance`, which moves `Date.now()` and, when given, the service's
 * clock by the same amount. Call it after the `beforeAll` that starts the service.
 */
export function moveDateWith(clock?: () => ManualClock): (ms: number) => void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  return (ms) => {
    clock?.().advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };
}
