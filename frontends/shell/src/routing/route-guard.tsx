import {
  hasStoredToken,
  isOnboardingCompleted,
  selectSession,
  useAppSelector,
  useGetOnboardingStatusQuery,
  useGetSubscriptionStatusQuery,
} from '@innerview/api-client';
import { LoadingScreen, RetryAlert } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type GuardDecision, type GuardState, publicRouteGuard } from './guards.ts';
import { takePostLoginTarget } from './post-login-target.ts';

/** What a guard needs to know beyond the session itself; only what it needs is fetched. */
export type GuardNeeds = { onboarding?: boolean; subscription?: boolean };

type GuardInputs = { state: GuardState; failed: boolean; retry: () => void };

function useGuardInputs(needs: GuardNeeds): GuardInputs {
  const session = useAppSelector(selectSession);
  const signedIn = session.status === 'authenticated';
  const onboardingFromUser = isOnboardingCompleted(session.user);
  const onboarding = useGetOnboardingStatusQuery(undefined, {
    skip: !signedIn || !needs.onboarding || onboardingFromUser !== undefined,
  });
  const subscription = useGetSubscriptionStatusQuery(undefined, { skip: !signedIn || !needs.subscription });
  return {
    state: {
      auth: session.status,
      hasStoredToken: session.status === 'unknown' ? hasStoredToken() : false,
      onboardingCompleted: onboardingFromUser ?? onboarding.data?.onboarding_completed,
      subscriptionStatus: subscription.data ? subscription.data.subscription_status : undefined,
      subscriptionAccessUntil: subscription.data?.access_until,
    },
    failed: onboarding.isError || subscription.isError,
    retry: () => {
      if (onboarding.isError) void onboarding.refetch();
      if (subscription.isError) void subscription.refetch();
    },
  };
}

/**
 * A layout route that asks one of the pure guards of ./guards.ts and renders the child routes,
 * a redirect, or the loading screen while a stored token (or what the guard needs) is checked.
 */
export function RouteGuard({
  guard,
  needs = {},
}: {
  guard: (state: GuardState) => GuardDecision;
  needs?: GuardNeeds;
}) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const { state, failed, retry } = useGuardInputs(needs);
  const decision = guard(state);
  if (decision.kind === 'allow') return <Outlet />;
  if (decision.kind === 'redirect') {
    // Right after a sign-in, post-login routing (docs/product.md#where-a-person-lands-after-signing-in) decides, not the public-route default.
    const target = (guard === publicRouteGuard && takePostLoginTarget()) || decision.to;
    // Keep ?lang= (docs/product.md#guards) across the redirect so the chosen language is not lost.
    const lang = new URLSearchParams(location.search).get('lang');
    const to = lang ? `${target}${target.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : target;
    return <Navigate to={to} replace />;
  }
  if (failed) {
    return (
      <div className="iv-shell-panel">
        <RetryAlert
          title={t('session.loadFailedTitle')}
          body={t('session.loadFailedBody')}
          retryLabel={t('remote.retry')}
          onRetry={retry}
        />
      </div>
    );
  }
  return <LoadingScreen label={t('session.checking')} />;
}
