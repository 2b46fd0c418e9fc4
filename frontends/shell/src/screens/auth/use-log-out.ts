import { logOut, readToken, revokeServerSession, useAppDispatch } from '@innerview/api-client';
import { useToast } from '@innerview/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';

/**
 * Logout (docs/product.md#session-lifetime-and-sign-out): the api-client's `logOut` closes all chat sessions first, then clears the
 * token and local state and tells the other tabs (which leave their signed-in screens). If the
 * chats could not be closed it still logs out, and the user is warned. The server session is
 * revoked right after, so the old token is refused even if someone copied it.
 */
export function useLogOut(): () => Promise<void> {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  return useCallback(async () => {
    const token = readToken();
    const { closedChatSessions } = await dispatch(logOut());
    if (token) void revokeServerSession(token);
    toast({ title: t('toasts.loggedOut'), variant: 'success' });
    if (!closedChatSessions) toast({ title: t('toasts.logoutCloseFailed'), variant: 'destructive' });
    await navigate(PATHS.root, { replace: true });
  }, [dispatch, navigate, t, toast]);
}
