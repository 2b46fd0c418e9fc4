import { describe, expect, it } from 'vitest';
import { outdatedRemotesCaches, remoteBases, remoteFileKind, remotesCacheName } from './caching-rules.ts';

const origin = 'https://app.example.ch';
const config = {
  apiBase: '/api/v1',
  remotes: {
    chat: '/remotes/chat/mf-manifest.json',
    account: 'https://account.example.ch/v2/mf-manifest.json',
  },
};

describe('remote files', () => {
  const bases = remoteBases(config, origin);

  it('are found from the runtime configuration, relative or on another origin', () => {
    expect(bases).toEqual(['https://app.example.ch/remotes/chat/', 'https://account.example.ch/v2/']);
    expect(remoteBases({ remotes: { chat: 'javascript:alert(1)', bad: 42 } }, origin)).toEqual([]);
    expect(remoteBases(null, origin)).toEqual([]);
  });

  it('manifests, entries and texts come from the network first; hashed chunks are kept', () => {
    const kind = (href: string) => remoteFileKind(new URL(href, origin), bases);
    expect(kind('/remotes/chat/mf-manifest.json')).toBe('current');
    expect(kind('/remotes/chat/remoteEntry.js')).toBe('current');
    expect(kind('/remotes/chat/locales/fr/chat.json')).toBe('current');
    expect(kind('/remotes/chat/412.a1b2c3d4.js')).toBe('immutable');
    expect(kind('https://account.example.ch/v2/__federation_expose_SettingsPage.9f8e7d6c.js')).toBe(
      'immutable',
    );
  });

  it('nothing else is a remote file: the API and the shell are not', () => {
    const kind = (href: string) => remoteFileKind(new URL(href, origin), bases);
    expect(kind('/api/v1/chat-sessions/')).toBeNull();
    expect(kind('/main.3f9a1c2b.js')).toBeNull();
    expect(kind('https://account.example.ch/other/x.12345678.js')).toBeNull();
  });
});

describe('remotes caches per shell release', () => {
  it('a new release drops the remote files cached under the others, and nothing else', () => {
    const names = [remotesCacheName('aaa'), remotesCacheName('bbb'), 'innerview-config', 'innerview-offline'];
    expect(outdatedRemotesCaches(names, 'bbb')).toEqual([remotesCacheName('aaa')]);
  });
});
