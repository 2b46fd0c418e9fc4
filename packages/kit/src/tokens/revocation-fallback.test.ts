import { describe, expect, it } from 'vitest';
import { withRevocationFallback } from './revocation-fallback.ts';

function scene() {
  let time = 1_000;
  const asked = { primary: 0, durable: 0 };
  let primaryDown = false;
  const revokedInDatabase = new Set(['gone']);
  const reader = withRevocationFallback({
    primary: {
      isRevoked: async (sid) => {
        asked.primary++;
        if (primaryDown) throw new Error('connection is closed');
        return sid === 'gone';
      },
    },
    durable: async (sid) => {
      asked.durable++;
      return revokedInDatabase.has(sid);
    },
    primaryPauseMs: 5_000,
    now: () => time,
  });
  return {
    reader,
    asked,
    setPrimaryDown: (down: boolean) => {
      primaryDown = down;
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('revocations read with a durable fallback', () => {
  it('reads the store while it answers, and never bothers the durable source', async () => {
    const s = scene();
    expect(await s.reader.isRevoked('gone')).toBe(true);
    expect(await s.reader.isRevoked('kept')).toBe(false);
    expect(s.asked).toEqual({ primary: 2, durable: 0 });
  });

  it('answers from the durable source when the store fails: the revoked stays refused', async () => {
    const s = scene();
    s.setPrimaryDown(true);
    expect(await s.reader.isRevoked('gone')).toBe(true);
    expect(await s.reader.isRevoked('kept')).toBe(false);
    // After one failure the store is left alone for the pause, not asked (and waited for) each time.
    expect(s.asked).toEqual({ primary: 1, durable: 2 });
  });

  it('goes back to the store once the pause is over and it answers again', async () => {
    const s = scene();
    s.setPrimaryDown(true);
    await s.reader.isRevoked('kept');
    s.setPrimaryDown(false);
    s.advance(4_999);
    await s.reader.isRevoked('kept');
    expect(s.asked).toEqual({ primary: 1, durable: 2 });
    s.advance(1);
    await s.reader.isRevoked('kept');
    expect(s.asked).toEqual({ primary: 2, durable: 2 });
  });

  it('fails when neither can answer, so the caller can answer 503 instead of guessing', async () => {
    const reader = withRevocationFallback({
      primary: { isRevoked: async () => Promise.reject(new Error('redis down')) },
      durable: async () => Promise.reject(new Error('auth down')),
    });
    await expect(reader.isRevoked('any')).rejects.toThrow('auth down');
  });
});
