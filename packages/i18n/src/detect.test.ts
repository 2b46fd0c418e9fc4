import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './detect.ts';
import { createI18n } from './init.ts';

const resources = {
  en: { shell: { hello: 'Hello' } },
  fr: { shell: { hello: 'Bonjour' } },
  de: { shell: { hello: 'Hallo' } },
  it: { shell: { hello: 'Ciao' } },
  es: { shell: { hello: 'Hola' } },
};

function detected() {
  const i18n = createI18n({ namespaces: ['shell'], defaultNS: 'shell', resources });
  return { language: i18n.language, text: i18n.t('hello') };
}

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up
  document.cookie = value;
}

let navigatorLanguages: string[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setCookie('i18next=; path=/; Max-Age=0');
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('lang');
  navigatorLanguages = [];
  vi.spyOn(navigator, 'languages', 'get').mockImplementation(() => navigatorLanguages);
  vi.spyOn(navigator, 'language', 'get').mockImplementation(() => navigatorLanguages[0] ?? '');
});
afterEach(() => vi.restoreAllMocks());

describe('language detection (docs/product.md#language-detection-and-storage order)', () => {
  it('with nothing to go on, English', () => {
    expect(detected()).toEqual({ language: 'en', text: 'Hello' });
  });

  it('the lang query parameter beats every other source', () => {
    window.history.replaceState(null, '', '/login?lang=de');
    setCookie('i18next=it; path=/');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    navigatorLanguages = ['it-IT'];
    document.documentElement.lang = 'es';
    expect(detected()).toEqual({ language: 'de', text: 'Hallo' });
  });

  it('then the cookie', () => {
    setCookie('i18next=it; path=/');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    navigatorLanguages = ['de'];
    expect(detected().language).toBe('it');
  });

  it('then local storage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    navigatorLanguages = ['de'];
    expect(detected().language).toBe('fr');
  });

  it('then session storage', () => {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    navigatorLanguages = ['de'];
    expect(detected().language).toBe('es');
  });

  it('then the browser languages, the first supported one', () => {
    navigatorLanguages = ['pt-BR', 'it-CH', 'de'];
    document.documentElement.lang = 'fr';
    expect(detected()).toEqual({ language: 'it', text: 'Ciao' });
  });

  it('then the page language tag', () => {
    navigatorLanguages = ['pt-BR'];
    document.documentElement.lang = 'es';
    expect(detected().language).toBe('es');
  });

  it('an unsupported query language falls through to the next source', () => {
    window.history.replaceState(null, '', '/?lang=pt');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(detected().language).toBe('de');
  });

  it('a regional variant is used as its base language and cached as such', () => {
    window.history.replaceState(null, '', '/?lang=fr-CH');
    expect(detected()).toEqual({ language: 'fr', text: 'Bonjour' });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('caches the detected language in local and session storage and on the page', () => {
    window.history.replaceState(null, '', '/?lang=es');
    detected();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    // The next visit without the parameter keeps it.
    window.history.replaceState(null, '', '/');
    expect(detected().language).toBe('es');
  });
});
