import './sidebar.css';
import { Button, Dialog } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../icons.tsx';
import { AccountLinks } from './account-links.tsx';
import { ChatSearch } from './chat-search.tsx';
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
 * The chat sidebar of docs/product.md#chat-sidebar. One navigation per size (ADR 60): from 768 px a
 * fixed column with the chat's own items only (new chat, the questionnaire reminder, history, the
 * trial or plan): the shell's top bar carries help, profile, settings and log out. Below, the one
 * menu of the screen: a modal drawer (focus trapped, Escape and the backdrop close it, focus
 * returns to the button that opened it) with new chat, history and the account links, closed again
 * whenever a link in it is followed; the reminder and the trial days stay in view above the
 * conversation instead (PhoneStatus).
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
      {/* While searching, the results take the reminder's and the history's place. */}
      <ChatSearch onNavigate={onNavigate}>
        {!mobile && <QuestionnaireReminder />}
        <SessionHistory activeSessionId={activeSessionId} onNavigate={onNavigate} />
      </ChatSearch>
      <div className="iv-sidebar__foot">
        {mobile ? <AccountLinks onNavigate={onNavigate} /> : <PlanStatus />}
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
