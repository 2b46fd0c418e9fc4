// Writes the shell's /config.json from the environment, for a container that serves the built
// shell on its own (the gateway answers /config.json itself in embedded mode):
//   INNERVIEW_API_BASE=https://api.example.ch/api/v1 \
//   INNERVIEW_CHAT_REMOTE=https://chat.example.ch/mf-manifest.json \
//   INNERVIEW_ACCOUNT_REMOTE=https://account.example.ch/mf-manifest.json \
//   node frontends/shell/build/write-runtime-config.ts /usr/share/nginx/html/config.json
// Relative values (/api/v1, /remotes/chat/mf-manifest.json) are kept relative: the browser
// resolves them against the page. A missing or malformed value stops with a clear message.
import { writeFileSync } from 'node:fs';
import { parseRuntimeConfig } from '../src/runtime-config.ts';

export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv) {
  const config = {
    apiBase: env.INNERVIEW_API_BASE ?? '/api/v1',
    remotes: {
      chat: env.INNERVIEW_CHAT_REMOTE ?? '/remotes/chat/mf-manifest.json',
      account: env.INNERVIEW_ACCOUNT_REMOTE ?? '/remotes/account/mf-manifest.json',
    },
    mode: env.INNERVIEW_MODE ?? 'container',
  };
  // Validated as the browser will read it (against some page), so a typo fails here, not there.
  parseRuntimeConfig(config, 'http://localhost/');
  return config;
}

if (import.meta.main) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node frontends/shell/build/write-runtime-config.ts <path/to/config.json>');
    process.exit(2);
  }
  try {
    writeFileSync(target, `${JSON.stringify(runtimeConfigFromEnv(process.env), null, 2)}\n`);
    console.log(`Wrote ${target}`);
  } catch (error) {
    console.error(`Invalid runtime configuration: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
