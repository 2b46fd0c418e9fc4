import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteModule, RemoteLoadError } from './remote-loader.ts';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('../runtime-config.ts', async (original) => ({
  ...(await original<typeof import('../runtime-config.ts')>()),
  runtimeConfig: async () => ({
    apiBase: 'http://localhost/api/v1',
    remotes: {
      chat: 'http://localhost/remotes/chat/mf-manifest.json',
      account: 'https://cdn.ch/account/mf-manifest.json',
    },
    mode: 'embedded',
  }),
}));

afterEach(() => vi.clearAllMocks());

describe('loadRemoteModule', () => {
  it('registers both remotes from /config.json once, then forces a fresh registration of a remote that failed', async () => {
    const chatApp = { default: () => null };
    vi.mocked(loadRemote)
      .mockRejectedValueOnce(new Error('manifest unreachable'))
      .mockResolvedValueOnce(chatApp);

    const failure = await loadRemoteModule('chat/ChatApp').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteLoadError);
    expect((failure as RemoteLoadError).remote).toBe('chat');
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'chat', entry: 'http://localhost/remotes/chat/mf-manifest.json' },
      { name: 'account', entry: 'https://cdn.ch/account/mf-manifest.json' },
    ]);

    await expect(loadRemoteModule('chat/ChatApp')).resolves.toBe(chatApp);
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'chat', entry: 'http://localhost/remotes/chat/mf-manifest.json' }],
      { force: true },
    );
    expect(loadRemote).toHaveBeenCalledWith('chat/ChatApp');

    // A healthy remote is not registered again (that would drop what it already loaded).
    vi.mocked(loadRemote).mockResolvedValueOnce({ default: () => null });
    await loadRemoteModule('account/ProfilePage');
    expect(registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('treats a module that resolves to nothing as a failure', async () => {
    vi.mocked(loadRemote).mockResolvedValueOnce(null);
    await expect(loadRemoteModule('account/HelpHubPage')).rejects.toBeInstanceOf(RemoteLoadError);
  });
});
