import { type EventHandlerDefinition, on } from '@innerview/kit';
import type { AuthContext } from '../auth-context.ts';
import { updateUser } from '../db/users.ts';

/** Every event the auth service consumes, in one place. */
export function subscriptions(auth: AuthContext): EventHandlerDefinition[] {
  return [
    // Onboarding is complete once the questionnaire is submitted (GET /users/me/onboarding-status).
    on('questionnaire.submitted', async (event, tx) => {
      await updateUser(tx, event.data.userId, { onboardingCompleted: true }, auth.service.clock.now());
    }),
  ];
}
