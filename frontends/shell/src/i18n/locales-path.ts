import type { RemoteName, RuntimeConfig } from '../runtime-config.ts';

/**
 * Namespaces whose texts ship with a remote, in its `locales/` beside its mf-manifest.json. A
 * remote that adds a namespace adds it here; locales-path.test.ts checks this list against the
 * remotes' locales folders, so a namespace cannot be forgotten.
 */
export const REMOTE_NAMESPACES: Readonly<Record<string, RemoteName>> = {
  chat: 'chat',
  sidebar: 'chat',
  attachments: 'chat',
  account: 'account',
  help: 'account',
  subscription: 'account',
  goals: 'account',
  memory: 'account',
};

/**
 * Where one namespace's translations are fetched. The shell's own (`shell`, `common`, `legal` …)
 * come from the shell's origin; a remote's come from wherever that remote is deployed (the folder
 * of the manifest named in /config.json), so a remote ships its texts with its code.
 */
export function localesPath(lng: string, ns: string, config: RuntimeConfig | undefined): string {
  const file = `locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;
  const remote = Object.hasOwn(REMOTE_NAMESPACES, ns) ? REMOTE_NAMESPACES[ns] : undefined;
  if (remote && config) return new URL(file, config.remotes[remote]).href;
  return `/${file}`;
}
