import { fileURLToPath } from 'node:url';
import { devRuntimeConfig } from './build/dev-runtime-config.ts';
import { frontendConfig } from './build/frontend-config.ts';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// `rspack serve` sets RSPACK_SERVE; `rspack build` makes the production bundle the gateway serves.
export default (env: Record<string, unknown>) =>
  frontendConfig(
    {
      appDir,
      name: 'shell',
      role: 'host',
      title: 'Innerview',
      publicPath: '/',
      // In development the shell's own server answers /config.json (the gateway does in
      // production): remotes on their own dev servers, the API through the dev proxy.
      dev: { port: 3000, runtimeConfig: () => devRuntimeConfig(process.env) },
    },
    !env.RSPACK_SERVE,
  );
