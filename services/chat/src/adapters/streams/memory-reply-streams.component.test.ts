import { eventually } from '@innerview/kit/testing/eventually';
import { describe, expect, it, vi } from 'vitest';
import { MemoryReplyStreams } from './memory-reply-streams.ts';
import type { ReplyChunk, ReplyEnd, ReplyFollower } from './reply-streams.ts';

function recorder(): ReplyFollower & { chunks: ReplyChunk[]; ends: ReplyEnd[] } {
  const chunks: ReplyChunk[] = [];
  const ends: ReplyEnd[] = [];
  return { chunks, ends, chunk: (c) => chunks.push(c), end: (e) => ends.push(e) };
}

const streams = (orphanGraceMs = 10_000, retentionMs = 10_000) =>
  new MemoryReplyStreams({ orphanGraceMs, retentionMs });

describe('in-memory reply streams', () => {
  it('numbers pieces from 1 and gives a late reader the rest with no gap and no duplicate', () => {
    const s = streams();
    const writer = s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r1' })!;
    const early = recorder();
    s.follow('s1', 0, early);
    expect([writer.append('a'), writer.append('b'), writer.append('c')]).toEqual([1, 2, 3]);
    const late = recorder();
    s.follow('s1', 2, late);
    writer.append('d');
    writer.end({ kind: 'done' });
    expect(early.chunks.map((c) => c.content).join('')).toBe('abcd');
    expect(late.chunks).toEqual([
      { id: 3, content: 'c' },
      { id: 4, content: 'd' },
    ]);
    expect(early.ends).toEqual([{ kind: 'done' }]);
    expect(late.ends).toEqual([{ kind: 'done' }]);
    expect(s.info('s1')).toMatchObject({ content: 'abcd', lastId: 4, ended: { kind: 'done' } });
  });

  it('keeps one reply per session at a time, and lists a user’s running replies', () => {
    const s = streams();
    const writer = s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r1' })!;
    expect(s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r2' })).toBeNull();
    s.begin({ sessionId: 's2', userId: 'u1', replyId: 'r3' });
    expect(s.running('u1').map((r) => r.sessionId)).toEqual(['s1', 's2']);
    writer.end({ kind: 'done' });
    expect(s.running('u1').map((r) => r.sessionId)).toEqual(['s2']);
    // A finished reply makes way for the next one.
    expect(s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r4' })?.replyId).toBe('r4');
  });

  it('replays a finished reply (with its end) during the retention, then forgets it', async () => {
    const s = streams(10_000, 50);
    const writer = s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r1' })!;
    writer.append('x');
    writer.end({ kind: 'error', detail: 'failed', code: 'SERVICE_UNAVAILABLE' });
    const late = recorder();
    expect(s.follow('s1', 0, late)).not.toBeNull();
    expect(late.chunks).toEqual([{ id: 1, content: 'x' }]);
    expect(late.ends).toEqual([{ kind: 'error', detail: 'failed', code: 'SERVICE_UNAVAILABLE' }]);
    await eventually(async () => s.info('s1') === undefined, 2000);
    expect(s.follow('s1', 0, recorder())).toBeNull();
  });

  it('stops on request with the reason, and aborts a reply nobody reads after the grace', () => {
    // The grace is a timer: moved on fake time, to the millisecond, instead of waited out.
    vi.useFakeTimers();
    try {
      const s = streams(40);
      const stopped = s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r1' })!;
      expect(s.stop('s1')).toBe(true);
      expect(stopped.signal.aborted).toBe(true);
      expect(stopped.abortReason()).toBe('stopped');
      expect(s.stop('nope')).toBe(false);

      const orphan = s.begin({ sessionId: 's2', userId: 'u1', replyId: 'r2' })!;
      const reader = s.follow('s2', 0, recorder())!;
      vi.advanceTimersByTime(80);
      expect(orphan.signal.aborted).toBe(false);
      reader.stop();
      // A reconnect within the grace keeps it going.
      vi.advanceTimersByTime(39);
      const again = s.follow('s2', 0, recorder())!;
      vi.advanceTimersByTime(80);
      expect(orphan.signal.aborted).toBe(false);
      again.stop();
      vi.advanceTimersByTime(39);
      expect(orphan.signal.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(orphan.signal.aborted).toBe(true);
      expect(orphan.abortReason()).toBe('orphaned');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells when the first piece is written, or that the reply ended without one', async () => {
    const s = streams();
    const written = s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r1' })!;
    let started: boolean | undefined;
    void written.firstPiece.then((value) => {
      started = value;
    });
    await Promise.resolve();
    expect(started).toBeUndefined();
    written.append('Hi');
    written.append(' there');
    expect(await written.firstPiece).toBe(true);
    const failed = s.begin({ sessionId: 's2', userId: 'u1', replyId: 'r2' })!;
    failed.end({ kind: 'error', detail: 'failed', code: 'SERVICE_UNAVAILABLE' });
    expect(await failed.firstPiece).toBe(false);
  });

  it("lists one person's running replies among many, and forgets finished ones after the retention", async () => {
    const s = streams(10_000, 30);
    for (let i = 0; i < 1000; i++) s.begin({ sessionId: `s${i}`, userId: `u${i % 500}`, replyId: `r${i}` });
    expect(s.running('u7').map((r) => r.sessionId)).toEqual(['s7', 's507']);
    const writer = s.begin({ sessionId: 'mine', userId: 'me', replyId: 'rm' })!;
    writer.append('a');
    writer.append('b');
    expect(s.running('me')).toMatchObject([{ sessionId: 'mine', content: 'ab', lastId: 2 }]);
    writer.end({ kind: 'done' });
    expect(s.running('me')).toEqual([]);
    await eventually(async () => s.info('mine') === undefined, 2000);
    // Its session starts a new reply as if the first had never been.
    expect(s.begin({ sessionId: 'mine', userId: 'me', replyId: 'rm2' })).not.toBeNull();
    expect(s.running('me').map((r) => r.replyId)).toEqual(['rm2']);
  });

  it('stops everything at shutdown', () => {
    const s = streams();
    const a = s.begin({ sessionId: 's1', userId: 'u1', replyId: 'r1' })!;
    const b = s.begin({ sessionId: 's2', userId: 'u2', replyId: 'r2' })!;
    s.stopAll();
    expect([a.abortReason(), b.abortReason()]).toEqual(['shutdown', 'shutdown']);
  });
});
