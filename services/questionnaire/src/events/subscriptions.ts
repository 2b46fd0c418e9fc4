import { type EventHandlerDefinition, on } from '@innerview/kit';
import { eraseUser } from '../actions/erasure.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';

/** Every event the questionnaire service consumes, in one place. */
export function subscriptions(qc: QuestionnaireContext): EventHandlerDefinition[] {
  return [
    // The 90-day erasure after account deletion: answers deleted, the data key destroyed.
    on('auth.user.erased', async (event, tx) => {
      await eraseUser(qc, event.data.userId, tx);
    }),
  ];
}
