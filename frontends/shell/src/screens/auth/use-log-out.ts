import { apiFetch, logOut, readToken, useAppDispatch } from '@innerview/api-client';
import { useToast } from '@innerview/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';

/**
 * Ends the server session of a token that this browser no longer holds: the gateway refuses the
 * token from the next request on (POST /login/logout, services/auth/README.md). Best effort: a
 * token that could not be revoked still expires with its session.
 */
export async function revokeServerSession(token: string): Promise<boolean> {
  try {
    await apiFetch('/login/logout', {
      method: 'POST',
      // The token is passed by hand: it has just been cleared from storage, and a 401 must not
      // be retried or trigger a session check.
      auth: false,
      headers: { authorization: `Bearer ${token}` },
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Logout (spec §4): the api-client's `logOut` closes all chat sessions first, then clears the
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
