// Test-only: one message bubble rendered as the chat renders it, in any of the chat's languages.
import { createI18n } from '@innerview/i18n';
import { ToastProvider } from '@innerview/ui';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import de from '../../locales/de/chat.json' with { type: 'json' };
import en from '../../locales/en/chat.json' with { type: 'json' };
import es from '../../locales/es/chat.json' with { type: 'json' };
import fr from '../../locales/fr/chat.json' with { type: 'json' };
import it_ from '../../locales/it/chat.json' with { type: 'json' };
import type { ChatMessage } from './conversation-state.ts';
import { MessageBubble } from './message-bubble.tsx';

export const LANGUAGES = ['en', 'fr', 'de', 'it', 'es'] as const;
const texts = { en, fr, de, it: it_, es };

export function renderBubble(
  message: ChatMessage,
  props: Partial<Parameters<typeof MessageBubble>[0]> = {},
  lng: (typeof LANGUAGES)[number] = 'en',
) {
  const i18n = createI18n({
    namespaces: ['chat'],
    defaultNS: 'chat',
    lng,
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { chat: texts[l] }])),
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider closeLabel="Close" regionLabel="Notifications ({hotkey})">
        <MemoryRouter>
          <MessageBubble
            message={message}
            attachments={undefined}
            onRetry={() => {}}
            retryDisabled={false}
            {...props}
          />
        </MemoryRouter>
      </ToastProvider>
    </I18nextProvider>,
  );
}
