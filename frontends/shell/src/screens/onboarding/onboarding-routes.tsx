import type { RouteObject } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { QUESTIONNAIRE_PRINT_PATH } from './onboarding-paths.ts';

// The onboarding routes for the shell's route table. Each screen is its own chunk, loaded when its
// route is visited, so /login downloads none of it.

export const introductionRoute: RouteObject = {
  path: PATHS.onboardingIntroduction,
  lazy: async () => ({ Component: (await import('./introduction-page.tsx')).IntroductionPage1 }),
};

export const introduction2Route: RouteObject = {
  path: PATHS.onboardingIntroduction2,
  lazy: async () => ({ Component: (await import('./introduction-page.tsx')).IntroductionPage2 }),
};

export const invitationRoute: RouteObject = {
  path: PATHS.questionnaireInvitation,
  lazy: async () => ({ Component: (await import('./invitation-page.tsx')).InvitationPage }),
};

export const questionnaireRoute: RouteObject = {
  path: PATHS.questionnaire,
  lazy: async () => ({ Component: (await import('./questionnaire-page.tsx')).QuestionnairePage }),
};

/** Signed in only: after submission onboarding is over, and the profile's viewer still prints. */
export const questionnairePrintRoute: RouteObject = {
  path: QUESTIONNAIRE_PRINT_PATH,
  lazy: async () => ({ Component: (await import('./questionnaire-print-page.tsx')).QuestionnairePrintPage }),
};
