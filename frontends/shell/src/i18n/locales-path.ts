import type { RuntimeConfig } from '../runtime-config.ts';

/** Namespaces whose texts ship with a remote, next to its mf-manifest.json. */
const REMOTE_NAMESPACES = { chat: 'chat', account: 'account' } as const;

/**
 * Where one namespace's translations are fetched. The shell's own (`shell`, `common`) come from
 * the shell's origin; a remote's namespace comes from wherever that remote is deployed, i.e. the
 * `locales/` folder beside the manifest named in /config.json, so a remote ships its texts with
 * its code.
 */
export function localesPath(lng: string, ns: string, config: RuntimeConfig | undefined): string {
  const file = `locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;
  const remote = REMOTE_NAMESPACES[ns as keyof typeof REMOTE_NAMESPACES];
  if (remote && config) return new URL(file, config.remotes[remote]).href;
  return `/${file}`;
}
