import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../runtime-config.ts';
import { localesPath, REMOTE_NAMESPACES } from './locales-path.ts';

const frontends = path.resolve(import.meta.dirname, '../../..');

function namespacesOf(app: string): string[] {
  return readdirSync(path.join(frontends, app, 'locales', 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
}

const config: RuntimeConfig = {
  apiBase: 'http://localhost:8080/api/v1',
  remotes: {
    chat: 'https://chat.example.ch/v2/mf-manifest.json',
    account: 'http://localhost:8080/remotes/account/mf-manifest.json',
  },
  mode: 'embedded',
};

describe('localesPath', () => {
  it("loads the shell's namespaces from the shell's origin", () => {
    expect(localesPath('fr', 'shell', config)).toBe('/locales/fr/shell.json');
    expect(localesPath('de', 'common', undefined)).toBe('/locales/de/common.json');
  });

  it("loads a remote's namespace from beside that remote's manifest", () => {
    expect(localesPath('it', 'chat', config)).toBe('https://chat.example.ch/v2/locales/it/chat.json');
    expect(localesPath('es', 'account', config)).toBe(
      'http://localhost:8080/remotes/account/locales/es/account.json',
    );
  });

  it("knows every remote's namespaces and no namespace of the shell", () => {
    const expected = Object.fromEntries([
      ...namespacesOf('chat').map((ns) => [ns, 'chat']),
      ...namespacesOf('account').map((ns) => [ns, 'account']),
    ]);
    expect(REMOTE_NAMESPACES).toEqual(expected);
    for (const ns of namespacesOf('shell'))
      expect(localesPath('en', ns, config)).toBe(`/locales/en/${ns}.json`);
    expect(localesPath('fr', 'help', config)).toBe(
      'http://localhost:8080/remotes/account/locales/fr/help.json',
    );
  });

  it('never lets a language or namespace leave the locales folder', () => {
    expect(localesPath('../x', 'shell', config)).toBe('/locales/..%2Fx/shell.json');
  });
});
