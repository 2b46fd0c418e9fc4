import { type LanguageCode, toLanguageCode } from '@innerview/contracts';
import { WeeklySummary } from '@innerview/contracts/goals';
import { z } from 'zod';
import { formatMoment, formatValidity } from './format.ts';
import { chatLink, passwordResetLink, passwordResetRequestLink, verificationLink } from './links.ts';
import { renderAccountErased } from './templates/account-erased.ts';
import { formatDay } from './templates/billing-format.ts';
import {
  type BillingMailRequest,
  billingMailRequestShapes,
  composeBillingMail,
} from './templates/billing-mails.ts';
import { renderGoalCheckin } from './templates/goal-checkin.ts';
import { renderPasswordChanged } from './templates/password-changed.ts';
import { renderPasswordReset } from './templates/password-reset.ts';
import type { MailTemplateName, RenderedMail } from './templates/types.ts';
import { renderVerification } from './templates/verification.ts';
import { renderVerificationResend } from './templates/verification-resend.ts';
import { renderWeeklyReflection } from './templates/weekly-reflection.ts';

/** English is the default and the fallback (docs/product.md#languages-and-appearance). */
export function mailLanguage(input: string | undefined | null): LanguageCode {
  return toLanguageCode(input) ?? 'en';
}

const language = z.string().max(20).transform(mailLanguage);
const firstName = z.string().max(1000);
const token = z.string().min(1).max(1024);
const instant = z.string().max(64);
const rhythm = z.enum(['daily', 'weekly']);
const goalTitle = z.string().min(1).max(200);

/** The mails that carry a one-time token: the link's validity runs from the event to the expiry. */
const singleUseLinkRequest = {
  template: z.enum(['verification', 'verification-resend', 'password-reset']),
  language,
  firstName,
  requestedAt: instant,
  expiresAt: instant,
};

/**
 * What to send, without the address: the template and the facts it needs. It travels as job data
 * (Redis in distributed mode), so it is validated again when the job runs.
 */
export const mailRequestSchema = z.discriminatedUnion('template', [
  z.object({ ...singleUseLinkRequest, token }),
  z.object({ template: z.literal('goal-checkin'), language, firstName, rhythm, title: goalTitle }),
  z.object({ template: z.literal('weekly-reflection'), language, firstName, summary: WeeklySummary }),
  ...requestsWithoutToken(),
]);

/** The mails without a link token: queued and composed alike. */
function requestsWithoutToken() {
  return [
    z.object({ template: z.literal('password-changed'), language, firstName, changedAt: instant }),
    z.object({ template: z.literal('account-erased'), language, firstName, deletedAt: instant }),
    ...billingRequestSchemas(),
  ] as const;
}

/** One request schema per billing mail, with the shared language field. */
function billingRequestSchemas() {
  const shapes = billingMailRequestShapes;
  const of = <T extends keyof typeof shapes>(template: T) =>
    z.object({ template: z.literal(template), language, ...shapes[template] });
  return [
    of('trial-ending'),
    of('trial-ended'),
    of('payment-succeeded'),
    of('payment-failed'),
    of('plan-changed'),
    of('cancellation-confirmed'),
    of('reactivated'),
  ] as const;
}
export type MailRequest = z.input<typeof mailRequestSchema>;

/**
 * What a queued mail carries (job data, Redis in distributed mode): the same, except that a link's
 * one-time token stays sealed as its event brought it (`sealedToken`); the job opens it only to
 * compose the mail, so neither the bus nor the queue ever holds a token in clear.
 */
const sealedToken = z.string().min(1).max(4096);
export const queuedMailRequestSchema = z.discriminatedUnion('template', [
  z.object({ ...singleUseLinkRequest, sealedToken }),
  // The goal's title stays sealed as chat sealed it (EVENT_PAYLOAD_KEY) until the mail is composed.
  z.object({
    template: z.literal('goal-checkin'),
    language,
    firstName,
    rhythm,
    goalId: z.uuid(),
    sealedTitle: z.string().min(1).max(4096),
  }),
  // The week's summary stays sealed as chat sealed it until the mail is composed.
  z.object({
    template: z.literal('weekly-reflection'),
    language,
    firstName,
    sealedSummary: z.string().min(1).max(65_536),
  }),
  ...requestsWithoutToken(),
]);
export type QueuedMailRequest = z.input<typeof queuedMailRequestSchema>;

/** The queued request with its token opened (`open` throws when the seal does not hold). */
export function openedMailRequest(
  request: z.output<typeof queuedMailRequestSchema>,
  open: (sealed: string) => string,
  openTitle: (sealed: string, goalId: string) => string = () => {
    throw new Error('no key to open a goal title');
  },
  openSummary: (sealed: string) => string = () => {
    throw new Error('no key to open a summary');
  },
): MailRequest {
  if ('sealedSummary' in request) {
    const { sealedSummary, ...rest } = request;
    return { ...rest, summary: WeeklySummary.parse(JSON.parse(openSummary(sealedSummary))) };
  }
  if ('sealedTitle' in request) {
    const { sealedTitle, goalId, ...rest } = request;
    return { ...rest, title: openTitle(sealedTitle, goalId) };
  }
  if ('sealedToken' in request) {
    const { sealedToken: sealed, ...rest } = request;
    return { ...rest, token: open(sealed) } as MailRequest;
  }
  return request as MailRequest;
}

export interface MailSettings {
  /** The shell's public origin (links point there). */
  appUrl: string;
  supportEmail: string;
}

/** Each single-use-link mail: its template and where its token leads. */
const singleUseLinkMails = {
  verification: { render: renderVerification, link: verificationLink },
  'verification-resend': { render: renderVerificationResend, link: verificationLink },
  'password-reset': { render: renderPasswordReset, link: passwordResetLink },
} as const;

/** Renders the mail a request stands for, in its language (English for anything unknown). */
export function composeMail(request: MailRequest, settings: MailSettings): RenderedMail {
  const lang = mailLanguage(request.language);
  switch (request.template) {
    case 'verification':
    case 'verification-resend':
    case 'password-reset': {
      const { render, link } = singleUseLinkMails[request.template];
      return render(lang, {
        firstName: request.firstName,
        link: link(settings.appUrl, request.token),
        validFor: formatValidity(lang, request.requestedAt, request.expiresAt),
      });
    }
    case 'password-changed':
      return renderPasswordChanged(lang, {
        firstName: request.firstName,
        changedAt: formatMoment(lang, request.changedAt),
        resetRequestLink: passwordResetRequestLink(settings.appUrl),
        supportEmail: settings.supportEmail,
      });
    case 'account-erased':
      return renderAccountErased(lang, {
        firstName: request.firstName,
        deletedOn: formatDay(lang, request.deletedAt),
        supportEmail: settings.supportEmail,
      });
    case 'goal-checkin':
      return renderGoalCheckin(lang, {
        firstName: request.firstName,
        title: request.title,
        rhythm: request.rhythm,
        chatLink: chatLink(settings.appUrl),
      });
    case 'weekly-reflection':
      return renderWeeklyReflection(lang, {
        firstName: request.firstName,
        summary: request.summary,
        chatLink: chatLink(settings.appUrl),
      });
    default:
      return composeBillingMail({ ...request, language: lang } as BillingMailRequest, settings.appUrl);
  }
}

export type { MailTemplateName, RenderedMail };
