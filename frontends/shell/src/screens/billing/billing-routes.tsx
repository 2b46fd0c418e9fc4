import type { RouteObject } from 'react-router';
import { PATHS } from '../../routing/paths.ts';

// The subscription routes of docs/product.md#routes for the shell's route table, each its own chunk (loaded when
// visited, so /login downloads none of it). Where each sits (open or signed in) is routes.tsx's.

export const pricingRoute: RouteObject = {
  path: PATHS.pricing,
  lazy: async () => ({ Component: (await import('./pricing-page.tsx')).PricingPage }),
};

export const subscriptionSuccessRoute: RouteObject = {
  path: PATHS.subscriptionSuccess,
  lazy: async () => ({
    Component: (await import('./subscription-success-page.tsx')).SubscriptionSuccessPage,
  }),
};

export const subscriptionValidationRoute: RouteObject = {
  path: PATHS.subscriptionValidation,
  lazy: async () => ({
    Component: (await import('./subscription-validation-page.tsx')).SubscriptionValidationPage,
  }),
};

export const subscriptionExpiredRoute: RouteObject = {
  path: PATHS.subscriptionExpired,
  lazy: async () => ({
    Component: (await import('./subscription-expired-page.tsx')).SubscriptionExpiredPage,
  }),
};

export const freemiumSuccessRoute: RouteObject = {
  path: PATHS.freemiumSuccess,
  lazy: async () => ({ Component: (await import('./freemium-success-page.tsx')).FreemiumSuccessPage }),
};

export const trialExpiredRoute: RouteObject = {
  path: PATHS.trialExpired,
  lazy: async () => ({ Component: (await import('./trial-expired-page.tsx')).TrialExpiredPage }),
};
