import type { LanguageCode } from './auth.ts';

/**
 * One glossary per language (ADR 60): the words the product uses for its own things, and the one
 * money format, the same in the app, the checkout page and the mails. `scripts/glossary.test.ts`
 * walks every locale file of the front ends and every mail template and fails on a term that
 * contradicts it (`avoid`).
 */
export interface GlossaryEntry {
  /** The word for a conversation with the coach, and the button that starts one. */
  chat: string;
  newChat: string;
  /** The word for e-mail, as it starts a sentence and inside one. */
  email: string;
  /** Value added tax, Swiss usage. */
  vat: string;
  /** Wordings that contradict the glossary, each with the term to use instead. */
  avoid: Array<{ pattern: RegExp; use: string }>;
}

// An amount before its currency code ("19,00 CHF", "19.00 CHF"): Swiss usage puts the code first.
const AMOUNT_BEFORE_CODE = { pattern: /\d[\d'’.,]*\s?(CHF|EUR|USD)\b/, use: 'CHF 19.00' };
// Decimals with a comma beside a currency code ("CHF 19,00").
const COMMA_DECIMALS = { pattern: /\b(CHF|EUR|USD)\s?\d+,\d{2}\b/, use: 'CHF 19.00' };

export const glossary: Record<LanguageCode, GlossaryEntry> = {
  en: {
    chat: 'chat',
    newChat: 'New chat',
    email: 'email',
    vat: 'VAT',
    avoid: [{ pattern: /\be-mails?\b/i, use: 'email' }, AMOUNT_BEFORE_CODE, COMMA_DECIMALS],
  },
  fr: {
    chat: 'conversation',
    newChat: 'Nouvelle conversation',
    email: 'e-mail',
    vat: 'TVA',
    avoid: [
      { pattern: /\bchats?\b/i, use: 'conversation' },
      { pattern: /\b(email|courriel)s?\b/i, use: 'e-mail' },
      // French puts a (no-break) space before the colon; a URL or a time has none after it.
      { pattern: /[^\s\u00a0\u202f]:(\s|$)/, use: ' : (no-break space before the colon)' },
      AMOUNT_BEFORE_CODE,
      COMMA_DECIMALS,
    ],
  },
  de: {
    chat: 'Chat',
    newChat: 'Neuer Chat',
    email: 'E-Mail',
    vat: 'MWST',
    avoid: [
      // "Gespräch" or "Unterhaltung" beside "Chat" reads as two different things; the texts name no
      // conversation between people, so every use means the product's chat.
      { pattern: /Gespräch|Unterhaltung/, use: 'Chat (der Chat, die Chats)' },
      { pattern: /\bMwSt\b/, use: 'MWST' },
      { pattern: /\b(email|e-mail)s?\b/, use: 'E-Mail' },
      { pattern: /\bE-mail/, use: 'E-Mail' },
      AMOUNT_BEFORE_CODE,
      COMMA_DECIMALS,
    ],
  },
  it: {
    chat: 'chat',
    newChat: 'Nuova chat',
    email: 'e-mail',
    vat: 'IVA',
    avoid: [
      { pattern: /\bconversazion[ei]\b/i, use: 'chat (la chat, le chat)' },
      { pattern: /\bemails?\b/i, use: 'e-mail' },
      AMOUNT_BEFORE_CODE,
      COMMA_DECIMALS,
    ],
  },
  es: {
    chat: 'chat',
    newChat: 'Nuevo chat',
    email: 'correo electrónico',
    vat: 'IVA',
    avoid: [
      { pattern: /\bconversaci[oó]n(es)?\b/i, use: 'chat (el chat, los chats)' },
      { pattern: /\be-?mails?\b/i, use: 'correo electrónico' },
      AMOUNT_BEFORE_CODE,
      COMMA_DECIMALS,
    ],
  },
};

/**
 * "CHF 19.00", "EUR 190.00": the currency code, a space, the amount with a point and the currency's
 * own decimals (JPY none), whatever the reader's language: the Swiss usage of de-CH, fr-CH and
 * it-CH, the same on every screen, the checkout page and every mail.
 */
export function formatMoney(amountMinor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${currency} ${(amountMinor / 10 ** digits).toFixed(digits)}`;
}
