import { common } from './common.ts';
import { type ButtonMailStrings, buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** A mail whose point is one single-use link (verification, its resend, password reset). */
export interface SingleUseLinkParams {
  firstName: string;
  /** The link with its one-time token (`links.ts`). */
  link: string;
  /** "24 hours", in the mail's language; null leaves the sentence out. */
  validFor: string | null;
}

/** What such a mail says besides the shared wording: one paragraph before the button, one after. */
export interface SingleUseLinkStrings extends ButtonMailStrings {
  intro: string;
  /** For the reader who did not ask for the mail. */
  notYou: string;
}

/** The renderer of one single-use-link mail, from its wording in every language. */
export function singleUseLinkMail(strings: Record<LanguageCode, SingleUseLinkStrings>) {
  return buttonMail(strings, (s, params: SingleUseLinkParams, language) => ({
    intro: [s.intro],
    url: params.link,
    outro: [...(params.validFor ? [common[language].validity(params.validFor)] : []), s.notYou],
  }));
}
