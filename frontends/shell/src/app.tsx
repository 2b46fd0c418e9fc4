import type { AppStore } from '@innerview/api-client';
import { Spinner, ThemeProvider, ToastProvider } from '@innerview/ui';
import type { i18n } from 'i18next';
import { type ReactNode, StrictMode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
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

function TranslatedToasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <ToastProvider
      closeLabel={t('toast.close')}
      regionLabel={t('toast.region')}
      announceLabel={t('toast.announce')}
    >
      {children}
    </ToastProvider>
  );
}

export type AppProps = { store: AppStore; i18n: i18n; router?: ReturnType<typeof createBrowserRouter> };

/** The providers every screen (and every remote) relies on: one store, one i18n, theme, toasts. */
export function App({ store, i18n, router = createBrowserRouter(routes) }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider>
            <Suspense fallback={<BootFallback />}>
              <TranslatedToasts>
                <ErrorBoundary>
                  <RouterProvider router={router} />
                </ErrorBoundary>
              </TranslatedToasts>
            </Suspense>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
