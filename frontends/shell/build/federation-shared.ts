import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Every module listed here is shared as a singleton by the shell and both remotes, so that one
// React, one router, one Redux store (with the RTK Query `api` the remotes inject into), one i18next
// instance and one copy of the UI kit live in the page. Subpath imports are listed on their own:
// Module Federation matches requests exactly, and an unshared `react-dom/client` would bring a
// second React DOM.
const SINGLETONS: ReadonlyArray<readonly [request: string, packageName: string]> = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react-router', 'react-router'],
  ['@reduxjs/toolkit', '@reduxjs/toolkit'],
  ['@reduxjs/toolkit/query', '@reduxjs/toolkit'],
  ['@reduxjs/toolkit/query/react', '@reduxjs/toolkit'],
  ['react-redux', 'react-redux'],
  ['i18next', 'i18next'],
  ['react-i18next', 'react-i18next'],
  ['@innerview/ui', '@innerview/ui'],
  ['@innerview/api-client', '@innerview/api-client'],
  ['@innerview/i18n', '@innerview/i18n'],
];

type SharedEntry = {
  singleton: true;
  requiredVersion: string;
  version: string;
  strictVersion: false;
  /** The module provided under this name, when it is not the package's own entry. */
  import?: string;
};

/** react-router's browser API only (see react-router-client.mjs); the rest is server code. */
export const REACT_ROUTER_CLIENT = join(import.meta.dirname, 'react-router-client.mjs');

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** Version installed for this app: the first node_modules/<name> up from the app folder, as Node resolves. */
function installedVersion(appDir: string, packageName: string): string {
  let dir = appDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', packageName, 'package.json');
    if (existsSync(candidate)) {
      const version = readJson(candidate).version;
      if (typeof version === 'string') return version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${packageName} is not installed for ${appDir}: run npm install`);
    dir = parent;
  }
}

/**
 * The `shared` option of one front end's ModuleFederationPlugin. `requiredVersion` is the range
 * the app's package.json declares (workspace packages declared as "*" get a caret range of their
 * installed version), so a remote built against an incompatible React logs a clear warning.
 */
export function federationShared(appDir: string): Record<string, SharedEntry> {
  const declared = (readJson(join(appDir, 'package.json')).dependencies ?? {}) as Record<string, string>;
  const shared: Record<string, SharedEntry> = {};
  for (const [request, packageName] of SINGLETONS) {
    const version = installedVersion(appDir, packageName);
    const range = declared[packageName];
    const requiredVersion = range && range !== '*' ? range : `^${version}`;
    shared[request] = { singleton: true, requiredVersion, version, strictVersion: false };
    if (request === 'react-router') shared[request].import = REACT_ROUTER_CLIENT;
  }
  return shared;
}

/** Version and accepted range of each singleton, which the shell's federation runtime provides. */
export function sharedVersions(appDir: string): Record<string, { version: string; requiredVersion: string }> {
  return Object.fromEntries(
    Object.entries(federationShared(appDir)).map(([request, { version, requiredVersion }]) => [
      request,
      { version, requiredVersion },
    ]),
  );
}
