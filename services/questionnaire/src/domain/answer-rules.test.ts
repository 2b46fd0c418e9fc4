import { describe, expect, it } from 'vitest';
import { characterCount, checkAnswer, isBlank } from './answer-rules.ts';

describe('checkAnswer (docs/product.md#questionnaire-answers: at most 1900 characters, trimmed, blank allowed)', () => {
  it('trims and accepts up to 1900 characters', () => {
    expect(checkAnswer('  I grew up by the lake.\n')).toEqual({
      ok: true,
      text: 'I grew up by the lake.',
      answered: true,
    });
    expect(checkAnswer('x'.repeat(1900))).toMatchObject({ ok: true, answered: true });
  });

  it('refuses 1901 characters, but not 1900 with surrounding white space', () => {
    expect(checkAnswer('x'.repeat(1901))).toEqual({ ok: false, problem: 'too_long', length: 1901 });
    expect(checkAnswer(`   ${'x'.repeat(1900)}\n\n`)).toMatchObject({ ok: true, answered: true });
  });

  it('counts characters as people see them: an emoji or an accented letter is one', () => {
    expect(characterCount('🌱é')).toBe(2);
    expect(checkAnswer('🌱'.repeat(1900))).toMatchObject({ ok: true });
    expect(checkAnswer('🌱'.repeat(1901))).toMatchObject({ ok: false, length: 1901 });
  });

  it('allows blank and whitespace-only answers, which count as not answered', () => {
    expect(checkAnswer('')).toEqual({ ok: true, text: '', answered: false });
    expect(checkAnswer(' \t\n ')).toEqual({ ok: true, text: '', answered: false });
    expect(checkAnswer('\u200b')).toMatchObject({ ok: true, answered: false });
  });

  it('knows blank from short', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('\u00a0\u2003')).toBe(true);
    expect(isBlank('.')).toBe(false);
    expect(isBlank('ok')).toBe(false);
  });
});
