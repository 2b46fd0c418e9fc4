import { ThemeProvider, ToastProvider } from '@innerview/ui';
import { type ComponentProps, type ReactNode, StrictMode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AppStore } from './store.ts';

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

type AppProvidersProps = {
  store: AppStore;
  i18n: ComponentProps<typeof I18nextProvider>['i18n'];
  /** Shown while texts the toasts or the screens need are still loading. */
  fallback?: ReactNode;
  children: ReactNode;
};

/**
 * The providers every screen (and every remote) relies on: one store, one i18n, the theme, and the
 * toasts with their labels translated. The shell renders its routes in them; a remote run on its
 * own (`npm run dev -w frontends/<remote>`) renders its screens in the same ones.
 */
export function AppProviders({ store, i18n, fallback = null, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider>
            <Suspense fallback={fallback}>
              <TranslatedToasts>{children}</TranslatedToasts>
            </Suspense>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
