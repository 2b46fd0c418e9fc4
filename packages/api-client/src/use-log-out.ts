import { useToast } from '@innerview/ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from './hooks.ts';
import { logOut, revokeServerSession } from './session.ts';
import { readToken } from './token-storage.ts';

/**
 * "Log out", the same from every screen that offers it (the shell's button, the chat sidebar):
 * docs/product.md#session-lifetime-and-sign-out. `logOut` closes all chat sessions first, then
 * clears the token and local state and tells the other tabs. If the chats could not be closed it
 * still logs out, and the person is warned. The server session is revoked right after, so the old
 * token is refused even if someone copied it. The texts are in the shell's `common` namespace,
 * which every screen of the page has loaded. `busy` is true while it runs, for the button's
 * spinner.
 */
export function useLogOut(): { logOut: () => Promise<void>; busy: boolean } {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(async () => {
    setBusy(true);
    try {
      const token = readToken();
      const { closedChatSessions } = await dispatch(logOut());
      if (token) void revokeServerSession(token);
      toast({ title: t('toasts.loggedOut'), variant: 'success' });
      if (!closedChatSessions) toast({ title: t('toasts.logoutCloseFailed'), variant: 'destructive' });
      await navigate('/', { replace: true });
    } finally {
      setBusy(false);
    }
  }, [dispatch, navigate, t, toast]);
  return { logOut: run, busy };
}
