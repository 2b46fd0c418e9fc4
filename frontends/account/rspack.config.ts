import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../shell/build/frontend-config.ts';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// `rspack serve` runs the account remote alone (with the shell's `common` texts) for its own development.
export default (env: Record<string, unknown>) =>
  frontendConfig(
    {
      appDir,
      name: 'account',
      role: 'remote',
      title: 'Innerview account (standalone)',
      publicPath: 'auto',
      exposes: {
        './ProfilePage': './src/profile-page.tsx',
        './SettingsPage': './src/settings-page.tsx',
        './HelpHubPage': './src/help-hub-page.tsx',
        './GoalsPage': './src/goals-page.tsx',
      },
      dev: { port: 3002 },
      devStatic: [
        { directory: fileURLToPath(new URL('../shell/locales', import.meta.url)), publicPath: '/locales' },
      ],
    },
    !env.RSPACK_SERVE,
  );
