import { toLanguageCode } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { oneTimeTokenState, REMEMBER_ME_SESSION_MS, SESSION_MS, sessionExpiry } from './lifetimes.ts';
import { defaultSettings, languageOptions, signupLanguage, toTheme } from './settings.ts';

describe('settings values (docs/product.md#input-rules, docs/product.md#numbers-and-limits)', () => {
  it('offers the five languages with name and native name', () => {
    expect(languageOptions.map((l) => l.code)).toEqual(['en', 'fr', 'de', 'it', 'es']);
    expect(languageOptions.find((l) => l.code === 'de')).toEqual({
      code: 'de',
      name: 'German',
      nativeName: 'Deutsch',
    });
  });

  it('maps regional variants to the base language and refuses others', () => {
    expect(toLanguageCode('fr-CH')).toBe('fr');
    expect(toLanguageCode('de_AT')).toBe('de');
    expect(toLanguageCode('pt-BR')).toBeNull();
    expect(signupLanguage('es-MX')).toBe('es');
    expect(signupLanguage('pt')).toBe('en');
    expect(signupLanguage(undefined)).toBe('en');
  });

  it('accepts light, dark and system only; defaults are English and system', () => {
    expect(toTheme('Dark')).toBe('dark');
    expect(toTheme('blue')).toBeNull();
    expect(defaultSettings).toEqual({ language: 'en', theme: 'system' });
  });
});

describe('lifetimes', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  it('sessions last 24 hours, or 10 days with remember me', () => {
    expect(sessionExpiry(now, false).getTime() - now.getTime()).toBe(SESSION_MS);
    expect(SESSION_MS).toBe(24 * 3600_000);
    expect(sessionExpiry(now, true).getTime() - now.getTime()).toBe(REMEMBER_ME_SESSION_MS);
    expect(REMEMBER_ME_SESSION_MS).toBe(10 * 24 * 3600_000);
  });

  it('tells a one-time token expired from invalid or used', () => {
    const expiresAt = new Date(now.getTime() + 1000);
    expect(oneTimeTokenState({ expiresAt, usedAt: null }, now)).toBe('valid');
    expect(oneTimeTokenState({ expiresAt, usedAt: null }, expiresAt)).toBe('expired');
    expect(oneTimeTokenState({ expiresAt, usedAt: now }, now)).toBe('invalid');
    expect(oneTimeTokenState(undefined, now)).toBe('invalid');
  });
});
