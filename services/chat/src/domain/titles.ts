import type { LanguageCode } from '@innerview/contracts';
import { ATTACHMENT_MESSAGE_MARK, chatMessageKind, SESSION_TITLE_MAX } from '@innerview/contracts/chat';

export const TITLE_MAX_WORDS = 6;

const questionnaireTitles: Record<LanguageCode, string> = {
  en: 'Getting to know you',
  fr: 'Faire connaissance',
  de: 'Kennenlernen',
  it: 'Conoscersi',
  es: 'Conocerte',
};

const attachmentTitles: Record<LanguageCode, string> = {
  en: 'Shared files',
  fr: 'Fichiers partagés',
  de: 'Geteilte Dateien',
  it: 'File condivisi',
  es: 'Archivos compartidos',
};

const conversationTitles: Record<LanguageCode, string> = {
  en: 'Chat',
  fr: 'Conversation',
  de: 'Chat',
  it: 'Chat',
  es: 'Chat',
};

const DATE_LOCALES: Record<LanguageCode, string> = {
  en: 'en-GB',
  fr: 'fr-CH',
  de: 'de-CH',
  it: 'it-CH',
  es: 'es-ES',
};

/**
 * The title of a chat whose first message led to the care reply (docs/safety.md, rule 6): the
 * glossary word for a chat and the day, e.g. "Chat · 26 Nov 2026". Neutral on purpose: a
 * list of chats seen over someone's shoulder must not reveal what was written.
 */
export function neutralTitle(language: LanguageCode, day: Date): string {
  const date = new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'medium',
    timeZone: 'Europe/Zurich',
  }).format(day);
  return `${conversationTitles[language]} · ${date}`;
}

// A greeting at the start says nothing about the topic.
const greeting =
  /^(hi|hello|hey|good (morning|evening|afternoon)|bonjour|bonsoir|salut|coucou|hallo|guten (morgen|tag|abend)|servus|gruezi|grüezi|moin|ciao|salve|buongiorno|buonasera|hola|buenos dias|buenos días|buenas tardes|buenas noches)\b[\s,.!:;-]*/iu;

/**
 * A title of at most six words and 100 characters: cleaned of markup and trailing punctuation,
 * its first letter upper case, and ending in "…" when words were left out (a title cut mid-thought
 * must not read as a whole one). Null when nothing usable is left.
 */
export function cleanTitle(raw: string): string | null {
  const all = raw
    .replace(/[*_`#>[\]()"“”«»„]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  const words = all.slice(0, TITLE_MAX_WORDS);
  let cut = all.length > words.length && /[\p{L}\p{N}]/u.test(all.slice(words.length).join(''));
  let title = words
    .join(' ')
    .replace(/[\s.,;:!?¿¡…-]+$/u, '')
    .replace(/^[\s.,;:!?¿¡…-]+/u, '');
  const room = SESSION_TITLE_MAX - 1;
  if (title.length > (cut ? room : SESSION_TITLE_MAX)) {
    title = title.slice(0, room).trim();
    cut = true;
  }
  if (title === '') return null;
  return title.charAt(0).toLocaleUpperCase() + title.slice(1) + (cut ? '…' : '');
}

/**
 * The offline title of a session from its first message: the start of its first sentence without a
 * greeting, at most six words. Questionnaire and attachment messages get a fixed title in the
 * person's language (their text is not a topic).
 */
export function heuristicTitle(firstMessage: string, language: LanguageCode): string {
  const kind = chatMessageKind(firstMessage);
  if (kind === 'questionnaire') return questionnaireTitles[language];
  const text =
    kind === 'attachment' ? firstMessage.trimStart().slice(ATTACHMENT_MESSAGE_MARK.length) : firstMessage;
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const firstLine = kind === 'attachment' ? (lines[1] ?? '') : (lines[0] ?? '');
  const withoutGreeting = firstLine.replace(greeting, '').trim() || firstLine;
  const sentence = withoutGreeting.split(/(?<=[.!?])\s/u)[0] ?? withoutGreeting;
  return cleanTitle(sentence) ?? (kind === 'attachment' ? attachmentTitles : conversationTitles)[language];
}
