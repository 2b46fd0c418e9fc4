import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createLanguageDetector, LANGUAGE_STORAGE_KEY } from './detect.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode, normalizeLanguage } from './languages.ts';
import { translationBackend, translationReadOptions } from './loader.ts';

export type CreateI18nOptions = {
  /** Namespaces to load at start-up (one per front end, e.g. 'shell'); others load on demand. */
  namespaces: string[];
  defaultNS: string;
  /** Where a namespace's file for a language is fetched from; without it only `resources` are used. */
  loadPath?: (lng: string, ns: string) => string;
  /** Translations bundled in code (tests, or a namespace shipped with the bundle). */
  resources?: Resource;
  /** Forces a language instead of detecting it (tests, server rendering). */
  lng?: string;
};

const readiness = new WeakMap<i18n, Promise<unknown>>();
let lastCreated: i18n | null = null;

function setPageLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * A new i18next instance, bound to react-i18next: en default and fallback, the five languages,
 * regional variants loaded as their base language, detection and caching per docs/product.md#language-detection-and-storage, translations
 * through i18next-http-backend with the read limits of docs/product.md#languages-translations-and-themes. Returned at once; with bundled `resources` and no
 * `loadPath` it is ready at once, otherwise await `initI18n` or rely on react-i18next's Suspense.
 */
export function createI18n(options: CreateI18nOptions): i18n {
  const instance = i18next.createInstance();
  if (!options.lng) instance.use(createLanguageDetector());
  const backend = options.loadPath ? translationBackend(options.loadPath) : null;
  if (backend) instance.use(backend.module);
  instance.use(initReactI18next);
  instance.on('languageChanged', setPageLanguage);
  const init = instance.init({
    ...(options.lng ? { lng: normalizeLanguage(options.lng) ?? DEFAULT_LANGUAGE } : {}),
    ...(options.resources ? { resources: options.resources } : {}),
    ...(backend ? { backend: backend.options, ...translationReadOptions } : {}),
    // Bundled resources and loaded files may mix: a language present in code can still load more.
    partialBundledLanguages: Boolean(options.resources && options.loadPath),
    initAsync: Boolean(options.loadPath),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: options.namespaces,
    defaultNS: options.defaultNS,
    fallbackNS: false,
    // React escapes what it renders; escaping here too would show entities to the user.
    interpolation: { escapeValue: false },
  });
  readiness.set(instance, init);
  lastCreated = instance;
  return instance;
}

/** `createI18n`, resolved once the first translations are loaded. */
export async function initI18n(options: CreateI18nOptions): Promise<i18n> {
  const instance = createI18n(options);
  await readiness.get(instance);
  return instance;
}

function persistLanguage(lng: LanguageCode): void {
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      globalThis[kind]?.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Storage disabled: the language still applies to this page.
    }
  }
}

/**
 * Switches the interface language and remembers it in local and session storage (also when the
 * instance has no detector). Accepts regional variants; returns the language applied, or null when
 * the input is not one of the five (nothing changes then).
 */
export async function changeLanguage(
  lng: string,
  instance: i18n | null = lastCreated,
): Promise<LanguageCode | null> {
  const code = normalizeLanguage(lng);
  if (!code || !instance) return null;
  await instance.changeLanguage(code);
  persistLanguage(code);
  return code;
}
