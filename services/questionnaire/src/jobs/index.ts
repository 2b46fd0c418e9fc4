import type { QuestionnaireContext } from '../questionnaire-context.ts';

/**
 * Start-up work (the kit awaits it before taking requests): after a master-key rotation, data keys
 * still wrapped by an older master key are re-wrapped with the current one, so the old one can be
 * retired. Replicas may all run it; each row is re-wrapped once.
 */
export async function registerJobs(qc: QuestionnaireContext): Promise<void> {
  const { service, crypto } = qc;
  const { rewrapped, unreadable } = await crypto.rewrapDataKeys();
  if (rewrapped > 0) service.log.info({ rewrapped }, 'data keys re-wrapped with the current master key');
  if (unreadable.length > 0)
    service.log.error(
      { count: unreadable.length },
      'data keys that no configured master key can unwrap; keep the previous master keys until resolved',
    );
}
