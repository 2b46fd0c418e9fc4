// The shell's Module Federation runtime. The shell is built WITHOUT the federation build plugin
// (frontend-config.ts): it bundles its own libraries like any app, and starts the federation
// runtime only when it first loads a remote. In the shell's bundle `@module-federation/enhanced/runtime`
// resolves to this module, so the remote loader's `registerRemotes` / `loadRemote` run on an
// instance that already provides the shell's shared singletons (host-shared.ts). /login, which
// shows no remote, downloads none of the runtime.
import {
  getInstance,
  init,
  loadRemote as loadRemoteNow,
  type ModuleFederation,
  registerRemotes as registerRemotesNow,
} from '@module-federation/runtime';
import { hostShared, type SharedVersions } from './host-shared.ts';

// Written by the build (frontend-config.ts) from the installed versions and the app's package.json.
declare const INNERVIEW_SHARED_VERSIONS: SharedVersions;

// The shell's modules load (a few chunks) before the runtime starts with them; a start that failed
// (a chunk that did not arrive) is tried again by the next call, so the remote's Retry retries it.
let started: Promise<ModuleFederation> | undefined;
function start(): Promise<ModuleFederation> {
  started ??= hostShared(INNERVIEW_SHARED_VERSIONS)
    .then((shared) => init({ name: 'shell', remotes: [], shared }))
    .catch((error: unknown) => {
      started = undefined;
      throw error;
    });
  return started;
}

// Every call waits its turn behind the start and the calls made before it, in order.
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(call: () => T | Promise<T>): Promise<T> {
  const result = queue.then(start).then(call);
  // A failed call fails for its caller only; the next one still runs.
  queue = result.catch(() => {});
  return result;
}

/** The started runtime instance (after the calls made before this one). */
export function federationHost(): Promise<ModuleFederation> {
  return inTurn(() => getInstance()!);
}

/** As the runtime's, once the shell's shared modules are registered; failures reach `loadRemote`. */
export function registerRemotes(...args: Parameters<typeof registerRemotesNow>): void {
  void inTurn(() => registerRemotesNow(...args)).catch((error: unknown) => console.error(error));
}

/** As the runtime's, once the shell's shared modules and the remotes before it are registered. */
export function loadRemote<T>(...args: Parameters<typeof loadRemoteNow>): Promise<T | null> {
  return inTurn(() => loadRemoteNow<T>(...args));
}

export * from '@module-federation/runtime';
