import { AppProviders, type AppStore } from '@innerview/api-client';
import { Spinner } from '@innerview/ui';
import type { i18n } from 'i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { routes } from './routing/routes.tsx';

/**
 * While the first texts load there is nothing translated to say: a spinner that only shows up if
 * the wait gets long (CSS delay), so a normal start does not flash it.
 */
function BootFallback() {
  return (
    <div className="iv-shell-centered iv-shell-boot" aria-busy="true">
      <Spinner size="lg" />
    </div>
  );
}

export type AppProps = { store: AppStore; i18n: i18n; router?: ReturnType<typeof createBrowserRouter> };

/** The shell's routes in the providers every screen (and every remote) relies on. */
export function App({ store, i18n, router = createBrowserRouter(routes) }: AppProps) {
  return (
    <AppProviders store={store} i18n={i18n} fallback={<BootFallback />}>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </AppProviders>
  );
}
