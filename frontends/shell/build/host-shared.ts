import type { UserOptions } from '@module-federation/runtime-core';

/**
 * What the shell puts in the federation share scope, request by request (the list of
 * federation-shared.ts). Each entry loads the shell's OWN module, the very instance the shell's
 * screens use, so a remote gets the store, router, i18next instance and UI kit contexts the page
 * already has. The loaders are dynamic imports, run when the first remote loads: what the shell
 * itself does not use on a screen (the UI kit's dialogs, say) is not downloaded before.
 *
 * react-router, Redux Toolkit and react-redux are provided as subsets (the `*-client.mjs` files beside
 * this one): a provided module keeps every export it names in the shell's bundle, /login included,
 * whereas the shell's own imports of a library are tree-shaken to what the shell uses.
 */
export const SHELL_PROVIDERS = {
  react: () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  'react-router': () => import('./react-router-client.mjs'),
  '@reduxjs/toolkit': () => import('./redux-toolkit-client.mjs'),
  '@reduxjs/toolkit/query': () => import('./rtk-query-client.mjs'),
  '@reduxjs/toolkit/query/react': () => import('./rtk-query-react-client.mjs'),
  'react-redux': () => import('./react-redux-client.mjs'),
  i18next: () => import('i18next'),
  'react-i18next': () => import('react-i18next'),
  '@innerview/ui': () => import('@innerview/ui'),
  '@innerview/api-client': () => import('@innerview/api-client'),
  '@innerview/i18n': () => import('@innerview/i18n'),
} satisfies Record<string, () => Promise<unknown>>;

/** Version the shell holds and range it accepts, per shared request (from federation-shared.ts). */
export type SharedVersions = Record<string, { version: string; requiredVersion: string }>;

/**
 * The `shared` option of the shell's federation runtime: its own modules, as singletons, already
 * loaded. Loaded rather than lazy (`get`) on purpose: a remote takes the modules its entry needs
 * at once synchronously, and would fall back to its own copy of any that is not loaded yet.
 */
export async function hostShared(versions: SharedVersions): Promise<NonNullable<UserOptions['shared']>> {
  const entries = await Promise.all(
    Object.entries(SHELL_PROVIDERS).map(async ([request, load]) => {
      const entry = versions[request];
      if (!entry) throw new Error(`No version for the shared module ${request}`);
      const module: unknown = await load();
      const shared = {
        version: entry.version,
        scope: 'default',
        shareConfig: { singleton: true, requiredVersion: entry.requiredVersion, strictVersion: false },
        lib: () => module,
      };
      return [request, shared] as const;
    }),
  );
  return Object.fromEntries(entries);
}
