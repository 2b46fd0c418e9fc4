// The chat remote on its own (`npm run dev -w frontends/chat`): the exposed ChatApp inside the
// same providers the shell gives it, for developing the chat without the shell. Not used when
// the shell loads the remote (only the exposed module is fetched then).
import '@innerview/ui/styles.css';
import { createStore } from '@innerview/api-client';
import { initI18n } from '@innerview/i18n';
import { ThemeProvider } from '@innerview/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import ChatApp from './chat-app.tsx';

async function main() {
  const i18n = await initI18n({
    namespaces: ['chat', 'common'],
    defaultNS: 'chat',
    loadPath: (lng, ns) => `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`,
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={createStore()}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider>
            <BrowserRouter>
              <div style={{ display: 'flex', minHeight: '100dvh' }}>
                <ChatApp />
              </div>
            </BrowserRouter>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

void main();
