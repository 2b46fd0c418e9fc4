// The shell starts the federation runtime itself (federation-host.ts) with its own modules as the
// shared singletons (host-shared.ts). What a remote would see: every module of the shared list, at
// the shell's version, already loaded, and the very instance the shell's screens import.
import path from 'node:path';
import * as apiClient from '@innerview/api-client';
import * as ui from '@innerview/ui';
import * as reactRedux from 'react-redux';
import * as reactRouter from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sharedVersions } from './federation-shared.ts';
import { hostShared, SHELL_PROVIDERS } from './host-shared.ts';

// The subset re-exports react-router's build under a bundler alias (frontend-config.ts) that
// vitest does not have; react-router-client.test.ts checks the subset itself.
vi.mock('./react-router-client.mjs', () => import('react-router'));

const shellDir = path.resolve(import.meta.dirname, '..');
const versions = sharedVersions(shellDir);

type Entry = { version: string; lib: () => unknown; shareConfig: Record<string, unknown> };

describe('the shell as federation host', () => {
  it('provides exactly the shared list of federation-shared.ts', () => {
    expect(Object.keys(SHELL_PROVIDERS).sort()).toEqual(Object.keys(versions).sort());
  });

  it('provides its own module instances, as loaded singletons at its versions', async () => {
    const shared = (await hostShared(versions)) as unknown as Record<string, Entry>;
    const lib = (request: string) => shared[request]!.lib() as Record<string, unknown>;
    expect(lib('@innerview/ui').ToastProvider).toBe(ui.ToastProvider);
    expect(lib('@innerview/api-client').api).toBe(apiClient.api);
    expect(lib('react-redux').Provider).toBe(reactRedux.Provider);
    expect(lib('react-router').RouterProvider).toBe(reactRouter.RouterProvider);
    expect(shared.react?.version).toBe(versions.react?.version);
    expect(shared['react-redux']?.shareConfig).toEqual({
      singleton: true,
      requiredVersion: versions['react-redux']?.requiredVersion,
      strictVersion: false,
    });
  });

  it('refuses a shared module without a version', async () => {
    const { react: _left, ...withoutReact } = versions;
    await expect(hostShared(withoutReact)).rejects.toThrow(/react/);
  });

  it('starts the runtime as "shell" on first use, every shared module loaded, then registers remotes', async () => {
    Object.assign(globalThis, { INNERVIEW_SHARED_VERSIONS: versions });
    const runtime = await import('./federation-host.ts');
    expect(runtime.getInstance()).toBeNull();

    runtime.registerRemotes([{ name: 'chat', entry: 'http://localhost/remotes/chat/mf-manifest.json' }]);
    const instance = await runtime.federationHost();
    expect(instance.name).toBe('shell');
    const scope = instance.shareScopeMap.default ?? {};
    for (const request of Object.keys(versions)) {
      const entry = scope[request]?.[versions[request]!.version];
      expect(entry, request).toMatchObject({ from: 'shell', loaded: true });
    }
    expect(instance.options.remotes.map((remote) => remote.name)).toEqual(['chat']);
  });
});
