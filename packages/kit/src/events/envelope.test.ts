import { describe, expect, it } from 'vitest';
import { createEvent } from './envelope.ts';

describe('createEvent', () => {
  const userId = '0190a5b4-4c1e-7000-8000-000000000001';

  it('builds a version 1 envelope with a fresh, time-ordered uuid v7 and the current time', () => {
    const before = Date.now();
    const first = createEvent('auth.user.verified', userId, { userId });
    const second = createEvent('auth.user.verified', userId, { userId });
    expect(first).toMatchObject({
      type: 'auth.user.verified',
      version: 1,
      subject: userId,
      data: { userId },
    });
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.id > first.id).toBe(true);
    expect(Date.parse(first.occurredAt)).toBeGreaterThanOrEqual(before - 1);
  });

  it('keeps a given id, time and version', () => {
    const event = createEvent(
      'auth.user.verified',
      userId,
      { userId },
      { id: userId, occurredAt: '2026-01-02T03:04:05.000Z', version: 2 },
    );
    expect(event).toMatchObject({ id: userId, occurredAt: '2026-01-02T03:04:05.000Z', version: 2 });
  });

  it('refuses data that breaks the type’s contract', () => {
    expect(() => createEvent('auth.user.verified', userId, { userId: 'not-a-uuid' })).toThrow();
    expect(() => createEvent('platform.ping', 's', { note: 42 } as unknown as { note: string })).toThrow();
  });
});
