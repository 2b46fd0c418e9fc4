import { describe, expect, it } from 'vitest';
import { sentenceWindows } from './sentences.ts';

describe('the parts of a message (ADR 89)', () => {
  it('splits at sentence ends into parts of at least six words', () => {
    const text =
      "Can you help me plan my week? Honestly I don't see the point of any of it anymore. Also my boss wants the report by Friday.";
    expect(sentenceWindows(text)).toEqual([
      'Can you help me plan my week?',
      "Honestly I don't see the point of any of it anymore.",
      'Also my boss wants the report by Friday.',
    ]);
  });

  it('joins short sentences with the next ones, and a short tail with the last part', () => {
    expect(
      sentenceWindows(
        'Tired. So tired. I gave my cat to my sister today. Sorry.\nThank you for everything you did.',
      ),
    ).toEqual([
      'Tired. So tired. I gave my cat to my sister today.',
      'Sorry. Thank you for everything you did.',
    ]);
    expect(sentenceWindows('I slept badly again this week. Work is a lot right now. Ok.')).toEqual([
      'I slept badly again this week.',
      'Work is a lot right now. Ok.',
    ]);
  });

  it('gives nothing for a message that is one part (the whole is read anyway)', () => {
    expect(sentenceWindows('I want to run a half marathon by June.')).toEqual([]);
    expect(sentenceWindows('Hi. Are you there? Hello!')).toEqual([]);
    expect(sentenceWindows('')).toEqual([]);
  });
});
