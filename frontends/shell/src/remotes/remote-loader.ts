import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName, runtimeConfig } from '../runtime-config.ts';
import type { RemoteModuleId, RemoteModules } from './remote-modules.ts';

/** A remote (or the configuration naming it) could not be loaded; the UI offers a retry. */
export class RemoteLoadError extends Error {
  remote: RemoteName;

  constructor(remote: RemoteName, cause: unknown) {
    super(`The ${remote} remote could not be loaded`, { cause });
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
}

let registered = false;
const failed = new Set<RemoteName>();

function remoteOf(id: RemoteModuleId): RemoteName {
  const name = id.slice(0, id.indexOf('/'));
  const remote = REMOTE_NAMES.find((candidate) => candidate === name);
  if (!remote) throw new Error(`Unknown remote in ${id}`);
  return remote;
}

/**
 * Loads a module exposed by a remote, registering the remotes from /config.json on first use.
 * After a failure the remote is registered again with `force`, which drops the federation
 * runtime's cached manifest and entry, so a retry really fetches them again.
 */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  const remote = remoteOf(id);
  try {
    const config = await runtimeConfig();
    if (!registered) {
      registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: config.remotes[name] })));
      registered = true;
    } else if (failed.has(remote)) {
      registerRemotes([{ name: remote, entry: config.remotes[remote] }], { force: true });
    }
    const module = await loadRemote<RemoteModules[Id]>(id);
    if (!module) throw new Error(`${id} resolved to nothing`);
    failed.delete(remote);
    return module;
  } catch (error) {
    failed.add(remote);
    throw error instanceof RemoteLoadError ? error : new RemoteLoadError(remote, error);
  }
}
