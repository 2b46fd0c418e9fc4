import { logOut, readToken, revokeServerSession, useAppDispatch } from '@innerview/api-client';
import { useToast } from '@innerview/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Logout from the sidebar, the same steps as the shell's log-out button (docs/product.md#session-lifetime-and-sign-out): the api-client's
 * `logOut` closes every chat session first, then clears the token and tells the other tabs; the
 * server session is revoked; 'Logged Out' is shown, with a warning if the chats could not be closed.
 */
export function useSidebarLogOut(): () => Promise<void> {
  const { t } = useTranslation('sidebar');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  return useCallback(async () => {
    const token = readToken();
    const { closedChatSessions } = await dispatch(logOut());
    if (token) void revokeServerSession(token);
    toast({ title: t('toasts.loggedOut'), variant: 'success' });
    if (!closedChatSessions) toast({ title: t('toasts.logoutCloseFailed'), variant: 'destructive' });
    await navigate('/', { replace: true });
  }, [dispatch, navigate, t, toast]);
}
