import './chat.css';
import { PageHeader } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

/**
 * Exposed as `chat/ChatApp`: the chat area and its sidebar. Until the chat feature lands both are
 * titled placeholders; the sidebar keeps its place so the layout is already the real one.
 */
export default function ChatApp() {
  const { t } = useTranslation('chat');
  return (
    <div className="iv-chat" data-remote="chat">
      <aside className="iv-chat__sidebar" aria-label={t('sidebar.label')}>
        <h2 className="iv-chat__sidebar-title">{t('sidebar.title')}</h2>
      </aside>
      <section className="iv-chat__area">
        <PageHeader title={t('title')} description={t('notYetAvailable')} />
      </section>
    </div>
  );
}
