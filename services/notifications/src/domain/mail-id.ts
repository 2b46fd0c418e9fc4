import { v5 as uuidv5 } from 'uuid';
import type { MailTemplateName } from './templates/types.ts';

/** Namespace of Innerview mail ids (a fixed random uuid). */
const mailNamespace = '3f9d6c1e-7a42-4b8e-9c55-2d1f0e8a6b73';

/**
 * The mail's id, derived from the event and the template instead of drawn at random (the usual uuid
 * v7): an event handled twice (redelivered after a rollback, or a job run again after a crash)
 * names the same mail, so its `sent_mail` row says whether it already went out.
 */
export function mailIdFor(eventId: string, template: MailTemplateName): string {
  return uuidv5(`${eventId}/${template}`, mailNamespace);
}
