import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../shell/build/frontend-config.ts';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// `rspack serve` runs the chat remote alone (with the shell's `common` texts) for its own development.
export default (env: Record<string, unknown>) =>
  frontendConfig(
    {
      appDir,
      name: 'chat',
      role: 'remote',
      title: 'Innerview chat (standalone)',
      publicPath: 'auto',
      exposes: { './ChatApp': './src/chat-app.tsx' },
      dev: { port: 3001 },
      devStatic: [
        { directory: fileURLToPath(new URL('../shell/locales', import.meta.url)), publicPath: '/locales' },
      ],
    },
    !env.RSPACK_SERVE,
  );
