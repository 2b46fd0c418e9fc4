import '@innerview/ui/styles.css';
import './shell.css';
import { checkSession, createStore, setApiBase, startSessionSync } from '@innerview/api-client';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { createShellI18n } from './i18n/shell-i18n.ts';
import { type RuntimeConfig, runtimeConfig } from './runtime-config.ts';

// How long the first screen waits for /config.json (fetched since index.ts ran) before it goes on
// with the API on this origin, where the gateway serves it; a late configuration still applies.
const CONFIG_WAIT_MS = 2000;

function configOrTimeout(): Promise<RuntimeConfig | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CONFIG_WAIT_MS));
  const config = runtimeConfig().catch((error: unknown) => {
    // The remotes ask again (with retries) when they load; they show the failure with Retry.
    console.error(error);
    return null;
  });
  return Promise.race([config, timeout]);
}

async function main() {
  const i18n = createShellI18n();
  const config = await configOrTimeout();
  if (config) setApiBase(config.apiBase);
  else
    runtimeConfig().then(
      (late) => setApiBase(late.apiBase),
      () => {},
    );

  const store = createStore();
  startSessionSync(store.dispatch);
  // docs/product.md#guards: with a stored token, guarded screens show a loading screen while this runs.
  void store.dispatch(checkSession());

  createRoot(document.getElementById('root')!).render(<App store={store} i18n={i18n} />);
}

void main();
