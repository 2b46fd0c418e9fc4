import { NEW_CHAT_TITLE } from '@innerview/contracts/chat';
import { ConfirmDialog, classNames, useToast } from '@innerview/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ChatSessionSummary, useRemoveChatSessionMutation } from '../chat-api.ts';
import { formatSessionAge } from './relative-time.ts';
import { RenameDialog } from './rename-dialog.tsx';
import { SessionMenu } from './session-menu.tsx';

type SessionItemProps = {
  session: ChatSessionSummary;
  active: boolean;
  now: Date;
  /** Called after the link is followed (the drawer closes on phones). */
  onNavigate?: () => void;
  /** Called after the session was removed (focus moves on: its row is gone). */
  onRemoved: () => void;
};

/** One chat in the history: its link (title and age) and its menu (rename, remove). */
export function SessionItem({ session, active, now, onNavigate, onRemoved }: SessionItemProps) {
  const { t, i18n } = useTranslation('sidebar');
  const { toast } = useToast();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rename' | 'remove' | null>(null);
  const [remove] = useRemoveChatSessionMutation();
  const linkRef = useRef<HTMLAnchorElement>(null);
  // The open chat is scrolled into view in a long history (on load, and when another one opens).
  useEffect(() => {
    if (active) linkRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  // The rename and remove dialogs give focus back to the menu button themselves (the UI kit returns
  // it to whatever had it when they opened; the menu focuses its button before it opens one).
  // A session keeps the service's 'new chat' title until its first exchange names it.
  const title = session.session_title === NEW_CHAT_TITLE ? t('history.untitled') : session.session_title;

  async function confirmRemove() {
    try {
      await remove(session.id).unwrap();
    } catch (error) {
      toast({ title: t('remove.failed'), variant: 'destructive' });
      throw error; // keeps the confirmation open: the person may retry or cancel
    }
    onRemoved();
    if (active) await navigate('/chat');
  }

  return (
    <li className={classNames('iv-sidebar-session', active && 'iv-sidebar-session--active')}>
      <Link
        ref={linkRef}
        to={`/chat/${encodeURIComponent(session.id)}`}
        className="iv-sidebar-session__link"
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        <span className="iv-sidebar-session__title">{title}</span>
        <time className="iv-sidebar-session__age" dateTime={session.updated_at}>
          {formatSessionAge(session.updated_at, now, i18n.language)}
        </time>
      </Link>
      <SessionMenu
        label={t('history.actions', { title })}
        items={[
          { key: 'rename', label: t('rename.action'), onSelect: () => setDialog('rename') },
          {
            key: 'remove',
            label: t('remove.action'),
            onSelect: () => setDialog('remove'),
            destructive: true,
          },
        ]}
      />
      {dialog === 'rename' && (
        <RenameDialog
          sessionId={session.id}
          currentTitle={session.session_title === NEW_CHAT_TITLE ? '' : session.session_title}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('remove.title')}
        description={t('remove.description', { title })}
        confirmLabel={t('remove.confirm')}
        cancelLabel={t('remove.cancel')}
        onConfirm={confirmRemove}
        destructive
      />
    </li>
  );
}
