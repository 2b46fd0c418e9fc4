import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config.ts';

const page = 'http://localhost:8080/login';

describe('parseRuntimeConfig', () => {
  it('resolves the paths the gateway sends against the page', () => {
    const config = parseRuntimeConfig(
      {
        apiBase: '/api/v1',
        remotes: { chat: '/remotes/chat/mf-manifest.json', account: '/remotes/account/mf-manifest.json' },
        mode: 'embedded',
      },
      page,
    );
    expect(config).toEqual({
      apiBase: 'http://localhost:8080/api/v1',
      remotes: {
        chat: 'http://localhost:8080/remotes/chat/mf-manifest.json',
        account: 'http://localhost:8080/remotes/account/mf-manifest.json',
      },
      mode: 'embedded',
    });
  });

  it('keeps remotes deployed on other origins', () => {
    const config = parseRuntimeConfig(
      {
        apiBase: 'https://api.innerview.ch/api/v1/',
        remotes: { chat: 'https://chat.cdn.ch/mf-manifest.json', account: 'https://acc.cdn.ch/m.json' },
      },
      page,
    );
    expect(config.apiBase).toBe('https://api.innerview.ch/api/v1');
    expect(config.remotes.chat).toBe('https://chat.cdn.ch/mf-manifest.json');
    expect(config.mode).toBe('unknown');
  });

  it.each([
    [null, 'config must be a JSON object'],
    [{ apiBase: '/api/v1' }, 'remotes must be an object'],
    [{ remotes: { chat: '/c.json' } }, 'remotes.account must be a non-empty string'],
    [{ remotes: { chat: 'javascript:alert(1)', account: '/a.json' } }, 'remotes.chat must be an http(s) URL'],
    [{ remotes: { chat: '/c.json', account: '/a.json' }, mode: 3 }, 'mode must be a string'],
  ])('rejects %j', (value, message) => {
    expect(() => parseRuntimeConfig(value, page)).toThrow(message);
  });
});
