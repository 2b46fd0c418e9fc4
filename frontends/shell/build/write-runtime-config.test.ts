import { describe, expect, it } from 'vitest';
import { devRuntimeConfig } from './dev-runtime-config.ts';
import { runtimeConfigFromEnv } from './write-runtime-config.ts';

describe('runtime configuration from the environment', () => {
  it('defaults to the embedded layout, each part overridable', () => {
    expect(runtimeConfigFromEnv({})).toEqual({
      apiBase: '/api/v1',
      remotes: { chat: '/remotes/chat/mf-manifest.json', account: '/remotes/account/mf-manifest.json' },
      mode: 'container',
    });
    expect(
      runtimeConfigFromEnv({ INNERVIEW_ACCOUNT_REMOTE: 'https://account.example.ch/mf-manifest.json' })
        .remotes.account,
    ).toBe('https://account.example.ch/mf-manifest.json');
  });

  it('refuses a value the browser could not use', () => {
    expect(() => runtimeConfigFromEnv({ INNERVIEW_CHAT_REMOTE: 'file:///etc/passwd' })).toThrow(
      'remotes.chat must be an http(s) URL',
    );
  });

  it('points development at the remotes’ own development servers', () => {
    expect(devRuntimeConfig({}).remotes).toEqual({
      chat: 'http://127.0.0.1:3001/mf-manifest.json',
      account: 'http://127.0.0.1:3002/mf-manifest.json',
    });
  });
});
