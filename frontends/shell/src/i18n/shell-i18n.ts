import { createI18n } from '@innerview/i18n';
import type { i18n } from 'i18next';
import { loadedRuntimeConfig } from '../runtime-config.ts';
import { localesPath } from './locales-path.ts';

/** Loaded at start-up; the remotes' `chat` and `account` namespaces load when their screens mount. */
export const SHELL_NAMESPACES = ['shell', 'common'];

/**
 * The one i18next instance of the page (react-i18next is a shared singleton, so remotes use it
 * too). Returned at once; screens suspend until their texts are loaded.
 */
export function createShellI18n(): i18n {
  return createI18n({
    namespaces: SHELL_NAMESPACES,
    defaultNS: 'shell',
    loadPath: (lng, ns) => localesPath(lng, ns, loadedRuntimeConfig()),
  });
}
