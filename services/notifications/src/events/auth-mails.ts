import type { EventEnvelope } from '@innerview/contracts';
import type { Queryable } from '@innerview/kit';
import { type MailDeps, queueMail } from '../actions/queue-mail.ts';
import { lockPerson, markErased } from '../db/erased.ts';
import { deleteUserMails, hasVerificationMail } from '../db/sent-mail.ts';

export type AuthMailDeps = MailDeps;

/** The effects of the auth events that lead to a mail; each runs inside the inbox transaction. */
export function authMailHandlers(deps: AuthMailDeps) {
  return {
    /** After sign-up: the welcome mail; every later request (resend): the "new link" mail. */
    async verificationRequested(event: EventEnvelope<'auth.verification.requested'>, tx: Queryable) {
      const { userId, email, firstName, language, sealedToken, expiresAt } = event.data;
      const template = (await hasVerificationMail(tx, userId)) ? 'verification-resend' : 'verification';
      await queueMail(tx, deps, {
        eventId: event.id,
        userId,
        to: email,
        request: { template, language, firstName, sealedToken, requestedAt: event.occurredAt, expiresAt },
      });
    },

    async passwordResetRequested(event: EventEnvelope<'auth.password-reset.requested'>, tx: Queryable) {
      const { userId, email, firstName, language, sealedToken, expiresAt } = event.data;
      await queueMail(tx, deps, {
        eventId: event.id,
        userId,
        to: email,
        request: {
          template: 'password-reset',
          language,
          firstName,
          sealedToken,
          requestedAt: event.occurredAt,
          expiresAt,
        },
      });
    },

    async passwordChanged(event: EventEnvelope<'auth.password.changed'>, tx: Queryable) {
      const { userId, email, firstName, language } = event.data;
      await queueMail(tx, deps, {
        eventId: event.id,
        userId,
        to: email,
        request: { template: 'password-changed', language, firstName, changedAt: event.occurredAt },
      });
    },

    /**
     * 90 days after deletion, a day before the erasure (ADR 17): the confirmation mail, sent while
     * the address is still known. Its `sent_mail` row goes at the erasure like the others; were it
     * to arrive after the erasure, it is still sent, and recorded nowhere (see queueMail).
     */
    async erasureConfirmation(event: EventEnvelope<'auth.user.erasure-confirmation'>, tx: Queryable) {
      const { userId, email, firstName, language, deletedAt } = event.data;
      await queueMail(tx, deps, {
        eventId: event.id,
        userId,
        to: email,
        request: { template: 'account-erased', language, firstName, deletedAt },
      });
    },

    /**
     * The 90-day erasure: the mail log goes with the rest of the user's data, and the person is
     * marked erased, so that a late event or a mail job still running records nothing again.
     */
    async userErased(event: EventEnvelope<'auth.user.erased'>, tx: Queryable) {
      await lockPerson(tx, event.data.userId);
      await markErased(tx, event.data.userId);
      await deleteUserMails(tx, event.data.userId);
    },
  };
}
