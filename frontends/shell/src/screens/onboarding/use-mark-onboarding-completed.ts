import { loggedIn, selectSessionUser, useAppDispatch, useAppSelector } from '@innerview/api-client';
import { useCallback } from 'react';

/**
 * After submission the auth service marks onboarding completed when it receives the event, a
 * moment later. The session user is updated at once, so the guards send the person on to /chat
 * (and never back to the invitation) without waiting for that.
 */
export function useMarkOnboardingCompleted(): () => void {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  return useCallback(() => {
    if (user)
      dispatch(loggedIn({ user: { ...user, user: { ...user.user, is_onboarding_completed: true } } }));
  }, [dispatch, user]);
}
