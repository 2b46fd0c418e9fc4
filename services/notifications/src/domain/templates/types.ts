import type { LanguageCode } from '@innerview/contracts';

export type { LanguageCode };

/** The billing mails (`billing-mails.ts`, subscriptions issue), each sent on one billing event. */
export const billingMailTemplateNames = [
  'trial-ending',
  'trial-ended',
  'payment-succeeded',
  'payment-failed',
  'plan-changed',
  'cancellation-confirmed',
  'reactivated',
] as const;

export const mailTemplateNames = [
  'verification',
  'verification-resend',
  'password-reset',
  'password-changed',
  // The erasure confirmation, 90 days after account deletion (ADR 17).
  'account-erased',
  ...billingMailTemplateNames,
  // A goal's check-in (docs/product.md#goals).
  'goal-checkin',
  // The weekly reflection, opt-in (docs/product.md#goals).
  'weekly-reflection',
] as const;
export type MailTemplateName = (typeof mailTemplateNames)[number];

/** A mail ready for a transport: both parts, and the links it carries (for the dev mailbox). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}
