import { runtimeConfigFromEnv } from './write-runtime-config.ts';

/**
 * Runtime configuration the shell's development server answers at /config.json: the remotes on
 * their own development servers (`npm run dev -w frontends/chat`, `… -w frontends/account`), the
 * API through the development server's /api proxy. The INNERVIEW_* variables override each part.
 */
export function devRuntimeConfig(env: NodeJS.ProcessEnv) {
  return runtimeConfigFromEnv({
    INNERVIEW_CHAT_REMOTE: 'http://127.0.0.1:3001/mf-manifest.json',
    INNERVIEW_ACCOUNT_REMOTE: 'http://127.0.0.1:3002/mf-manifest.json',
    INNERVIEW_MODE: 'development',
    ...env,
  });
}
