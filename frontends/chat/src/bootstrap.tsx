// The chat remote on its own (`npm run dev -w frontends/chat`): the exposed ChatApp inside the
// same providers the shell gives it, for developing the chat without the shell. Not used when
// the shell loads the remote (only the exposed module is fetched then).
import '@innerview/ui/styles.css';
import { AppProviders, createStore } from '@innerview/api-client';
import { initI18n } from '@innerview/i18n';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import ChatApp from './chat-app.tsx';

async function main() {
  const i18n = await initI18n({
    namespaces: ['chat', 'common'],
    defaultNS: 'chat',
    loadPath: (lng, ns) => `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`,
  });
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={createStore()} i18n={i18n}>
      <BrowserRouter>
        <div style={{ display: 'flex', minHeight: '100dvh' }}>
          <ChatApp />
        </div>
      </BrowserRouter>
    </AppProviders>,
  );
}

void main();
