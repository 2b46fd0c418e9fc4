// The shell's Module Federation runtime. The shell is built WITHOUT the federation build plugin
// (frontend-config.ts): it bundles its own libraries like any app, and starts the federation
// runtime only when it first loads a remote. In the shell's bundle `@module-federation/enhanced/runtime`
// resolves to this module, so the remote loader's `registerRemotes` / `loadRemote` run on an
// instance that already provides the shell's shared singletons (host-shared.ts). /login, which
// shows no remote, downloads none of the runtime.
import { init } from '@module-federation/runtime';
import { hostShared, type SharedVersions } from './host-shared.ts';

// Written by the build (frontend-config.ts) from the installed versions and the app's package.json.
declare const INNERVIEW_SHARED_VERSIONS: SharedVersions;

// Top-level await: the remote loader importing this module waits until the shell's modules are
// loaded and registered, before it registers and loads any remote.
init({ name: 'shell', remotes: [], shared: await hostShared(INNERVIEW_SHARED_VERSIONS) });

export * from '@module-federation/runtime';
