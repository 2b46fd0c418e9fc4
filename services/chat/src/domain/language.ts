import { type LanguageCode, languageCodes, toLanguageCode } from '@innerview/contracts';
import { chatMessageKind } from '@innerview/contracts/chat';

/** The best supported language of an `Accept-Language` header (by q, then order), or null. */
export function fromAcceptLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { code: toLanguageCode(tag), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.code !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.code ?? null;
}

/** Frequent short words that tell the five languages apart in everyday writing. */
const markers: Record<LanguageCode, string> = {
  en: 'i you the and is are was my me it this that what with have not for to of be do am feel so just',
  fr: 'je tu il elle nous vous les des est suis mon ma mes une pas que qui avec pour dans et j ai c ne plus tres moi aussi du au ce cette sur parce veux voudrais peux',
  de: 'ich du er sie wir ihr das die der ist bin mein meine nicht und mit fur auf ein eine zu es auch sehr mich mir',
  it: 'io tu lui lei noi voi il lo gli sono ho mio mia non che con per una di e anche molto mi ma sto questo questa della nella del al sei ci',
  es: 'yo tu el ella nosotros los las soy estoy mi mis no que con para una de y muy me pero es tengo esto este esta del en lo',
};
const markerSets = Object.fromEntries(
  languageCodes.map((code) => [code, new Set(markers[code].split(' '))]),
) as Record<LanguageCode, Set<string>>;

/** Lower case, accents removed, apostrophes split: "J'ai été" → "j ai ete". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'");
}

/**
 * The language a message is written in, when its words say so clearly (at least three marker words
 * and a clear lead over the runner-up); null for short or mixed text, where the person's chosen
 * language is the better guess.
 */
export function detectTextLanguage(text: string): LanguageCode | null {
  const words = foldText(text)
    .split(/[^a-z]+/)
    .filter((w) => w !== '')
    .slice(0, 400);
  const scores = languageCodes
    .map((code) => ({ code, score: words.filter((w) => markerSets[code].has(w)).length }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score < 3) return null;
  if (second && best.score < second.score * 1.5 + 1) return null;
  return best.code;
}

export interface LanguageHints {
  /** The text being answered. */
  message: string;
  /** What the client says its interface language is. */
  requested?: string | null;
  /** The person's saved setting (from `auth.settings.changed`). */
  saved?: string | null;
  acceptLanguage?: string;
}

/**
 * The language to answer in: the one the person is writing in when that is clear (not read from the
 * hidden questionnaire message), else the one the
 * client asks for, their saved setting, the browser's, then English (docs/product.md#languages-translations-and-themes fallback).
 */
export function replyLanguage(hints: LanguageHints): LanguageCode {
  // The questionnaire message's fixed preamble and topics are English whatever the person speaks.
  const written =
    chatMessageKind(hints.message) === 'questionnaire' ? null : detectTextLanguage(hints.message);
  return (
    written ??
    toLanguageCode(hints.requested) ??
    toLanguageCode(hints.saved) ??
    fromAcceptLanguage(hints.acceptLanguage) ??
    'en'
  );
}
