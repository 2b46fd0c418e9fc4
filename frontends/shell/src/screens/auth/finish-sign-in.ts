import {
  type ApiError,
  type AppDispatch,
  api,
  isOnboardingCompleted,
  saveToken,
  startSession,
} from '@innerview/api-client';
import { postLoginRoute } from '../../routing/post-login.ts';
import { setPostLoginTarget } from '../../routing/post-login-target.ts';

export type SignInOutcome = { ok: true; to: string } | { ok: false; error: ApiError | null };

const once = { subscribe: false, forceRefetch: true } as const;

/**
 * After the token arrived: where the user goes (docs/product.md#where-a-person-lands-after-signing-in) and the session.
 * The destination is worked out first, with the token stored but the session not started yet, so
 * the public-route guard does not send the user somewhere else while the statuses load; then
 * `startSession` verifies the token and loads the user. A status that cannot be loaded counts as
 * unknown (postLoginRoute sends an unknown subscription to /pricing).
 */
export async function finishSignIn(
  dispatch: AppDispatch,
  token: string,
  rememberMe: boolean,
): Promise<SignInOutcome> {
  saveToken(token, { rememberMe });
  const [me, subscription] = await Promise.all([
    dispatch(api.endpoints.getMe.initiate(undefined, once)),
    dispatch(api.endpoints.getSubscriptionStatus.initiate(undefined, once)),
  ]);
  const onboardingCompleted = isOnboardingCompleted(me.data);
  const subscriptionStatus = subscription.data?.subscription_status;
  let questionnaire: { complete: boolean; nextStep: number } | null = null;
  if (!onboardingCompleted && subscriptionStatus) {
    const status = await dispatch(api.endpoints.getQuestionnaireStatus.initiate(undefined, once));
    if (status.data) questionnaire = { complete: status.data.is_complete, nextStep: status.data.next_step };
  }
  const to = postLoginRoute({
    subscriptionStatus,
    ...(onboardingCompleted === undefined ? {} : { onboardingCompleted }),
    questionnaire,
  });
  // The login page's public-route guard redirects as soon as the session starts: tell it where.
  setPostLoginTarget(to);
  const session = await dispatch(startSession(token, { rememberMe }));
  if (!session.ok) {
    setPostLoginTarget(null);
    return { ok: false, error: session.error };
  }
  return { ok: true, to };
}
