import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage } from './languages.ts';

describe('languages', () => {
  it('lists the five interface languages with code, name and native name, English first', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'fr', 'de', 'it', 'es']);
    expect(LANGUAGES.find((l) => l.code === 'de')).toEqual({
      code: 'de',
      name: 'German',
      nativeName: 'Deutsch',
    });
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it.each([
    ['en', 'en'],
    ['fr', 'fr'],
    ['fr-CH', 'fr'],
    ['de_AT', 'de'],
    ['de-CH-1996', 'de'],
    ['IT', 'it'],
    [' es-419 ', 'es'],
    ['en-GB', 'en'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it.each(['pt', 'pt-BR', '', '-', 'english', 'cimode'])('%s is not supported', (input) => {
    expect(normalizeLanguage(input)).toBeNull();
  });

  it('rejects what is not a string', () => {
    expect(normalizeLanguage(undefined)).toBeNull();
    expect(normalizeLanguage(42)).toBeNull();
  });
});
