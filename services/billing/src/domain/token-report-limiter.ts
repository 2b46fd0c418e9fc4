/**
 * A per-user fixed-window counter for `POST /subscriptions/consume-tokens` (the browser's own usage
 * reports): they can only lower the trial quota, so the limit only keeps the table from being
 * hammered. In memory per replica, on the injected clock.
 */
export interface TokenReportLimiter {
  /** True when this report may be counted. */
  take(userId: string, now: Date): boolean;
}

export function createTokenReportLimiter(options: {
  perMinute: number;
  maxUsers?: number;
}): TokenReportLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const maxUsers = options.maxUsers ?? 100_000;
  return {
    take(userId, now) {
      const minute = Math.floor(now.getTime() / 60_000);
      const entry = windows.get(userId);
      if (!entry || entry.start !== minute) {
        if (windows.size >= maxUsers) windows.clear();
        windows.set(userId, { start: minute, count: 1 });
        return true;
      }
      entry.count += 1;
      return entry.count <= options.perMinute;
    },
  };
}
