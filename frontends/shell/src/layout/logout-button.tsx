import { logOut, useAppDispatch } from '@innerview/api-client';
import { Button, useToast } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../routing/paths.ts';

/** Spec §4: logout closes the chat sessions first, and still logs out (with a warning) if that fails. */
export function LogoutButton() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    const { closedChatSessions } = await dispatch(logOut());
    setBusy(false);
    toast({ title: t('toasts.loggedOut'), variant: 'success' });
    if (!closedChatSessions) toast({ title: t('toasts.logoutCloseFailed'), variant: 'destructive' });
    navigate(PATHS.root, { replace: true });
  };
  return (
    <Button variant="ghost" size="sm" loading={busy} onClick={onClick}>
      {t('layout.logout')}
    </Button>
  );
}
