import '@innerview/ui/styles.css';
import './shell.css';
import { checkSession, createStore, setApiBase, startSessionSync } from '@innerview/api-client';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startShellI18n } from './i18n/shell-i18n.ts';
import { runtimeConfig } from './runtime-config.ts';

async function main() {
  const i18nReady = startShellI18n();
  // The API base comes from /config.json. Should it be unreachable, the API is assumed on this
  // origin (where the gateway serves it); the remotes retry the configuration when they load.
  const config = await runtimeConfig().catch((error: unknown) => {
    console.error(error);
    return null;
  });
  if (config) setApiBase(config.apiBase);

  const store = createStore();
  startSessionSync(store.dispatch);
  // Spec §2: with a stored token, guarded screens show a loading screen while this runs.
  void store.dispatch(checkSession());

  const i18n = await i18nReady;
  createRoot(document.getElementById('root')!).render(<App store={store} i18n={i18n} />);
}

void main();
