import type { LanguageCode } from '@innerview/contracts';

export type { LanguageCode };

export const mailTemplateNames = [
  'verification',
  'verification-resend',
  'password-reset',
  'password-changed',
] as const;
export type MailTemplateName = (typeof mailTemplateNames)[number];

/** A mail ready for a transport: both parts, and the links it carries (for the dev mailbox). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}
