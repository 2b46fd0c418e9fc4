import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language.ts';

describe('resolveLanguage', () => {
  it('takes lang first, mapping regional variants', () => {
    expect(resolveLanguage('fr', 'de')).toBe('fr');
    expect(resolveLanguage('de-CH', undefined)).toBe('de');
    expect(resolveLanguage('IT', undefined)).toBe('it');
  });

  it('falls back to Accept-Language by weight, then English', () => {
    expect(resolveLanguage(undefined, 'es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(resolveLanguage('xx', 'pt-BR,pt;q=0.9,it;q=0.5,fr;q=0.7')).toBe('fr');
    expect(resolveLanguage(undefined, 'de;q=0,fr;q=0.1')).toBe('fr');
    expect(resolveLanguage(undefined, '*')).toBe('en');
    expect(resolveLanguage(undefined, 'ja, zh;q=0.8')).toBe('en');
    expect(resolveLanguage(undefined, undefined)).toBe('en');
    expect(resolveLanguage(undefined, ';;;q=abc,,')).toBe('en');
  });
});
