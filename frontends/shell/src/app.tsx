import type { AppStore } from '@innerview/api-client';
import { ThemeProvider, ToastProvider } from '@innerview/ui';
import type { i18n } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { routes } from './routing/routes.tsx';

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
            <TranslatedToasts>
              <ErrorBoundary>
                <RouterProvider router={router} />
              </ErrorBoundary>
            </TranslatedToasts>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
