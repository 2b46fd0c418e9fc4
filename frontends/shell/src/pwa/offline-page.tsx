import { type OfflineConversation, readOfflineConversation } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

function useKeptConversation(): OfflineConversation | null | 'reading' {
  const [kept, setKept] = useState<OfflineConversation | null | 'reading'>('reading');
  useEffect(() => {
    let current = true;
    void readOfflineConversation().then((conversation) => {
      if (current) setKept(conversation);
    });
    return () => {
      current = false;
    };
  }, []);
  return kept;
}

function KeptConversation({ conversation }: { conversation: OfflineConversation }) {
  const { t, i18n } = useTranslation('shell');
  const saved = new Date(conversation.savedAt);
  const date = Number.isNaN(saved.getTime())
    ? ''
    : new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeStyle: 'short' }).format(saved);
  return (
    <section className="iv-shell-offline__conversation" aria-labelledby="iv-offline-conversation">
      <p className="iv-shell-offline__label">{t('offline.conversationLabel')}</p>
      <h2 id="iv-offline-conversation">{conversation.title}</h2>
      {date && <p className="iv-shell-offline__saved">{t('offline.savedAt', { date })}</p>}
      <ol className="iv-shell-offline__messages" data-testid="offline-conversation">
        {conversation.messages.map((message, index) => (
          // The kept messages have no ids; their order never changes on this page.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className={`iv-shell-offline__message iv-shell-offline__message--${message.role}`}>
            <span className="iv-shell-offline__author">
              {message.role === 'user' ? t('offline.you') : t('offline.coach')}
            </span>
            <p>{message.content}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What the app shows while the browser has no connection (ADR 54): what works offline (the last
 * opened conversation, read-only, kept on this device) and what needs the connection. It goes
 * back to the app by itself when the connection returns (root-layout.tsx).
 */
export function OfflinePage() {
  const { t } = useTranslation(['shell', 'common']);
  const kept = useKeptConversation();
  return (
    <div className="iv-shell-public iv-shell-offline">
      <header className="iv-shell-public__header">
        <span className="iv-shell-brand">{t('common:appName')}</span>
      </header>
      <main id="main" className="iv-shell-offline__main" tabIndex={-1}>
        <h1>{t('shell:offline.title')}</h1>
        <p>{t('shell:offline.intro')}</p>
        <div className="iv-shell-offline__lists">
          <section aria-labelledby="iv-offline-works">
            <h2 id="iv-offline-works">{t('shell:offline.worksTitle')}</h2>
            <ul>
              <li>{t('shell:offline.works')}</li>
            </ul>
          </section>
          <section aria-labelledby="iv-offline-needs">
            <h2 id="iv-offline-needs">{t('shell:offline.needsTitle')}</h2>
            <ul>
              <li>{t('shell:offline.needsSend')}</li>
              <li>{t('shell:offline.needsChats')}</li>
              <li>{t('shell:offline.needsFiles')}</li>
              <li>{t('shell:offline.needsAccount')}</li>
            </ul>
          </section>
        </div>
        <p>{t('shell:offline.back')}</p>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('shell:offline.retry')}
        </Button>
        {kept === 'reading' ? null : kept ? (
          <KeptConversation conversation={kept} />
        ) : (
          <p className="iv-shell-offline__nothing">{t('shell:offline.nothingSaved')}</p>
        )}
      </main>
    </div>
  );
}
