import './sidebar.css';
import { Button, Dialog } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../icons.tsx';
import { AccountLinks } from './account-links.tsx';
import { PlanStatus } from './plan-status.tsx';
import { QuestionnaireReminder } from './questionnaire-reminder.tsx';
import { SessionHistory } from './session-history.tsx';
import { useIsMobile } from './use-is-mobile.ts';

export type ChatSidebarProps = {
  /** The session open in the conversation (marked `aria-current` in the history). */
  activeSessionId: string | null;
  onNewChat(): void;
  /** Phones only: whether the drawer is open. The desktop column is always shown. */
  open: boolean;
  onClose(): void;
};

/**
 * The chat sidebar of docs/product.md#chat-sidebar: new chat, history, the questionnaire reminder, the trial or plan,
 * and the account links with log out. From 768 px a fixed column; below, a modal drawer (focus
 * trapped, Escape and the backdrop close it, focus returns to the button that opened it), closed
 * again whenever a link in it is followed.
 */
export function ChatSidebar({ activeSessionId, onNewChat, open, onClose }: ChatSidebarProps) {
  const { t } = useTranslation('sidebar');
  const mobile = useIsMobile();
  const onNavigate = mobile ? onClose : undefined;

  const content = (
    <div className="iv-sidebar">
      <Button
        className="iv-sidebar__new-chat"
        block
        onClick={() => {
          onNewChat();
          onNavigate?.();
        }}
      >
        <PlusIcon /> {t('newChat')}
      </Button>
      <QuestionnaireReminder onNavigate={onNavigate} />
      <SessionHistory activeSessionId={activeSessionId} onNavigate={onNavigate} />
      <div className="iv-sidebar__foot">
        <PlanStatus onNavigate={onNavigate} />
        <AccountLinks onNavigate={onNavigate} />
      </div>
    </div>
  );

  if (!mobile) {
    return (
      <aside className="iv-sidebar-column" aria-label={t('label')} data-testid="chat-sidebar">
        {content}
      </aside>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('label')}
      hideTitle
      closeLabel={t('close')}
      className="iv-sidebar-drawer"
    >
      <div data-testid="chat-sidebar">{content}</div>
    </Dialog>
  );
}
