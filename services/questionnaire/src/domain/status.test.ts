import { describe, expect, it } from 'vitest';
import { changeStatus, statusAfterAnswer } from './status.ts';

const now = new Date('2026-05-01T10:00:00.000Z');
const fresh = { status: 'not_started' as const, completedAt: null };

describe('changeStatus (PUT /questionnaire/me)', () => {
  it('records in_progress and completed, completed_at defaulting to now or kept', () => {
    expect(changeStatus(fresh, { status: 'in_progress' }, now)).toEqual({
      ok: true,
      state: { status: 'in_progress', completedAt: null },
    });
    expect(changeStatus(fresh, { status: 'completed' }, now)).toEqual({
      ok: true,
      state: { status: 'completed', completedAt: now },
    });
    const earlier = new Date('2026-04-30T08:00:00.000Z');
    expect(
      changeStatus({ status: 'completed', completedAt: earlier }, { status: 'completed' }, now),
    ).toMatchObject({
      state: { completedAt: earlier },
    });
    expect(changeStatus(fresh, { status: 'completed', completedAt: earlier }, now)).toMatchObject({
      state: { completedAt: earlier },
    });
  });

  it('clears completed_at when going back to in progress', () => {
    expect(changeStatus({ status: 'completed', completedAt: now }, { status: 'in_progress' }, now)).toEqual({
      ok: true,
      state: { status: 'in_progress', completedAt: null },
    });
  });

  it('refuses submitted (POST /questionnaire/submit does that), stray or future completed_at', () => {
    expect(changeStatus(fresh, { status: 'submitted' }, now)).toMatchObject({ ok: false, field: 'status' });
    expect(changeStatus(fresh, { status: 'in_progress', completedAt: now }, now)).toMatchObject({
      ok: false,
      field: 'completed_at',
    });
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(changeStatus(fresh, { status: 'completed', completedAt: tomorrow }, now)).toMatchObject({
      ok: false,
      message: 'completed_at cannot be in the future.',
    });
  });

  it('changes nothing once submitted', () => {
    expect(changeStatus({ status: 'submitted', completedAt: now }, { status: 'in_progress' }, now)).toEqual({
      ok: false,
      problem: 'submitted',
    });
  });

  it('moves only a not-started questionnaire into progress when an answer is saved', () => {
    expect(statusAfterAnswer('not_started')).toBe('in_progress');
    expect(statusAfterAnswer('in_progress')).toBe('in_progress');
    expect(statusAfterAnswer('completed')).toBe('completed');
  });
});
