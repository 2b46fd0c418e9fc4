import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../errors/route-error-page.tsx';
import { PublicFrame } from '../layout/public-frame.tsx';
import { RootLayout } from '../layout/root-layout.tsx';
import {
  freemiumSuccessRoute,
  pricingRoute,
  subscriptionExpiredRoute,
  subscriptionSuccessRoute,
  subscriptionValidationRoute,
  trialExpiredRoute,
} from '../screens/billing/billing-routes.tsx';
import { NotFoundPage } from '../screens/not-found-page.tsx';
import {
  introduction2Route,
  introductionRoute,
  invitationRoute,
  questionnairePrintRoute,
  questionnaireRoute,
} from '../screens/onboarding/onboarding-routes.tsx';
import { activeSubscriptionGuard, guardedRoute, onboardingGuard, publicRouteGuard } from './guards.ts';
import { PATHS } from './paths.ts';
import { RouteGuard } from './route-guard.tsx';

/** An accounts screen (screens/auth), loaded on demand like the others. */
function authScreen(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/** The main layout and its four areas, each rendered by a remote (chat or account). */
function remoteArea(
  path: string,
  remote:
    | 'chat/ChatApp'
    | 'account/ProfilePage'
    | 'account/SettingsPage'
    | 'account/HelpHubPage'
    | 'account/GoalsPage',
): RouteObject {
  return {
    path,
    lazy: async () => {
      const { RemoteView } = await import('../remotes/remote-view.tsx');
      return { element: <RemoteView id={remote} /> };
    },
  };
}

/** The full route table of docs/product.md#routes. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // While the first screen's lazy module arrives: an empty busy page (a spinner would only flash).
    hydrateFallbackElement: <div className="iv-shell-centered" aria-busy="true" />,
    children: [
      {
        // Public: a signed-in user is sent on to /chat or the questionnaire invitation.
        element: <RouteGuard guard={publicRouteGuard} needs={{ onboarding: true }} />,
        children: [
          {
            element: <PublicFrame />,
            children: [
              // What Innerview is, with the sign-in beside it (issue 20): the first thing a visitor sees.
              authScreen(
                PATHS.root,
                async () => (await import('../screens/auth/landing-page.tsx')).LandingPage,
              ),
              authScreen(PATHS.login, async () => (await import('../screens/auth/login-page.tsx')).LoginPage),
              authScreen(
                PATHS.signup,
                async () => (await import('../screens/auth/signup-page.tsx')).SignupPage,
              ),
              authScreen(
                PATHS.passwordReset,
                async () => (await import('../screens/auth/password-reset-page.tsx')).PasswordResetPage,
              ),
              authScreen(
                PATHS.resetPassword,
                async () => (await import('../screens/auth/reset-password-page.tsx')).ResetPasswordPage,
              ),
            ],
          },
        ],
      },
      {
        // Open to everyone, signed in or not.
        element: <PublicFrame />,
        children: [
          authScreen(
            PATHS.termsOfService,
            async () => (await import('../screens/auth/legal-page.tsx')).TermsOfServicePage,
          ),
          authScreen(
            PATHS.privacyPolicy,
            async () => (await import('../screens/auth/legal-page.tsx')).PrivacyPolicyPage,
          ),
          authScreen(
            PATHS.verificationSent,
            async () => (await import('../screens/auth/verification-sent-page.tsx')).VerificationSentPage,
          ),
          authScreen(
            PATHS.verificationSuccess,
            async () =>
              (await import('../screens/auth/verification-success-page.tsx')).VerificationSuccessPage,
          ),
          freemiumSuccessRoute,
          trialExpiredRoute,
        ],
      },
      {
        // Signed in (a visitor goes to /; a stored token shows the loading screen while checked).
        element: <RouteGuard guard={guardedRoute} />,
        children: [
          {
            element: <PublicFrame />,
            children: [
              authScreen(
                PATHS.updatePassword,
                async () => (await import('../screens/auth/update-password-page.tsx')).UpdatePasswordPage,
              ),
              subscriptionValidationRoute,
              subscriptionExpiredRoute,
              subscriptionSuccessRoute,
              pricingRoute,
              introductionRoute,
              introduction2Route,
              {
                element: (
                  <RouteGuard guard={onboardingGuard} needs={{ onboarding: true, subscription: true }} />
                ),
                children: [invitationRoute, questionnaireRoute],
              },
            ],
          },
          // The questionnaire's print view: no frame, so it prints clean; open after onboarding too.
          questionnairePrintRoute,
        ],
      },
      {
        // Spec's "/* catch-all": signed in with an active subscription, inside the main layout.
        element: <RouteGuard guard={activeSubscriptionGuard} needs={{ subscription: true }} />,
        children: [
          {
            lazy: async () => {
              const { MainLayout } = await import('../layout/main-layout.tsx');
              return { Component: MainLayout };
            },
            children: [
              remoteArea(PATHS.chat, 'chat/ChatApp'),
              remoteArea(PATHS.chatSession, 'chat/ChatApp'),
              remoteArea(PATHS.goals, 'account/GoalsPage'),
              remoteArea(PATHS.profile, 'account/ProfilePage'),
              remoteArea(PATHS.settings, 'account/SettingsPage'),
              remoteArea(PATHS.help, 'account/HelpHubPage'),
            ],
          },
        ],
      },
      // Any other path, signed in or not (docs/product.md#routes: "none"), in the public frame: the brand leads
      // home, the languages and legal links stay at hand (issue 20: a bare 404 had neither).
      { element: <PublicFrame />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];
