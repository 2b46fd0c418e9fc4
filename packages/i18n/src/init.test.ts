import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './detect.ts';
import { changeLanguage, createI18n, initI18n } from './init.ts';

const files: Record<string, Record<string, string>> = {
  '/locales/en/shell.json': { greeting: 'Hello {{name}}', onlyEnglish: 'Only in English' },
  '/locales/fr/shell.json': { greeting: 'Bonjour {{name}}' },
  '/locales/de/shell.json': { greeting: 'Hallo {{name}}' },
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      files[url]
        ? new Response(JSON.stringify(files[url]), { headers: { 'content-type': 'application/json' } })
        : new Response('not found', { status: 404 }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const loadPath = (lng: string, ns: string) => `/locales/${lng}/${ns}.json`;

describe('createI18n / initI18n', () => {
  it('loads the namespace for the detected language, with English as fallback', async () => {
    window.history.replaceState(null, '', '/?lang=fr');
    const i18n = await initI18n({ namespaces: ['shell'], defaultNS: 'shell', loadPath });
    expect(i18n.language).toBe('fr');
    expect(i18n.t('greeting', { name: '<Ana>' })).toBe('Bonjour <Ana>');
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.options.supportedLngs).toEqual(['en', 'fr', 'de', 'it', 'es', 'cimode']);
  });

  it('an unsupported language gives English', async () => {
    const i18n = await initI18n({ namespaces: ['shell'], defaultNS: 'shell', loadPath, lng: 'pt' });
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting', { name: 'Ana' })).toBe('Hello Ana');
  });

  it('is bound to react-i18next', () => {
    const i18n = createI18n({ namespaces: ['shell'], defaultNS: 'shell', resources: { en: { shell: {} } } });
    expect(i18n.modules.external.some((m) => m.type === '3rdParty')).toBe(true);
  });
});

describe('changeLanguage', () => {
  it('switches, loads the namespace and persists in local and session storage', async () => {
    const i18n = await initI18n({ namespaces: ['shell'], defaultNS: 'shell', loadPath });
    expect(await changeLanguage('de-CH', i18n)).toBe('de');
    expect(i18n.t('greeting', { name: 'Ana' })).toBe('Hallo Ana');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('persists even for an instance without detection', async () => {
    const i18n = await initI18n({ namespaces: ['shell'], defaultNS: 'shell', loadPath, lng: 'en' });
    await changeLanguage('fr', i18n);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('ignores a language that is not one of the five, and defaults to the last created instance', async () => {
    const i18n = await initI18n({ namespaces: ['shell'], defaultNS: 'shell', loadPath, lng: 'fr' });
    expect(await changeLanguage('pt')).toBeNull();
    expect(i18n.language).toBe('fr');
    expect(await changeLanguage('en')).toBe('en');
    expect(i18n.language).toBe('en');
  });
});
