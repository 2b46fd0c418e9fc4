import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { normalizeLanguage } from './languages.ts';

/** Where the chosen language is cached, in local AND session storage (docs/product.md#language-detection-and-storage). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** docs/product.md#guards: "A language can be chosen by a lang query parameter". */
export const LANGUAGE_QUERY_PARAM = 'lang';
export const LANGUAGE_COOKIE = 'i18next';

/**
 * docs/product.md#language-detection-and-storage lists query parameter, cookie, local storage, session storage, browser settings and the
 * page language tag; docs/product.md#languages-translations-and-themes gives a shorter order (storage, storage, browser, tag) without the first
 * two. The full list is used: an explicit `?lang=` must beat a language cached earlier.
 */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
];

export const detectionOptions: DetectorOptions = {
  order: DETECTION_ORDER,
  lookupQuerystring: LANGUAGE_QUERY_PARAM,
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage', 'sessionStorage'],
  // Regional variants become their base language before matching and caching; an unsupported
  // code is passed on unchanged so i18next skips it and tries the next source.
  convertDetectedLanguage: (lng: string) => normalizeLanguage(lng) ?? lng,
};

/** A detector configured as above, for `i18next.use()`. */
export function createLanguageDetector(): LanguageDetector {
  return new LanguageDetector(undefined, detectionOptions);
}
