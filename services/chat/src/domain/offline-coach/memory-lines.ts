import type { LanguageCode } from '@innerview/contracts';
import { foldText } from '../language.ts';
import { type MemoryNote, unfitForMemory } from '../memory/memory-rules.ts';
import { phrases } from './phrases.ts';
import { fill, pickFresh } from './variety.ts';

/**
 * How the offline coach refers to something the person asked it to remember (`{m}`: the item,
 * quoted whole). Statements only: the reply's one question comes after.
 */
const links: Record<LanguageCode, string[]> = {
  en: [
    'Earlier you told me {m}, and this seems to touch it.',
    'This connects with something you asked me to keep in mind: {m}.',
    'I remember what you said: {m}.',
  ],
  de: [
    'Du hast mir einmal gesagt: {m}. Das scheint hier mitzuspielen.',
    'Das hängt mit etwas zusammen, das ich mir merken sollte: {m}.',
    'Ich erinnere mich an deine Worte: {m}.',
  ],
  fr: [
    'Tu m’avais dit {m}, et cela semble y toucher.',
    'Cela rejoint ce que tu m’as demandé de retenir : {m}.',
    'Je me souviens de ce que tu m’as dit : {m}.',
  ],
  it: [
    'Mi avevi detto {m}, e questo sembra toccarlo.',
    'Questo si collega a qualcosa che mi hai chiesto di ricordare: {m}.',
    'Ricordo quello che mi hai detto: {m}.',
  ],
  es: [
    'Me habías dicho {m}, y esto parece tocarlo.',
    'Esto se conecta con algo que me pediste recordar: {m}.',
    'Recuerdo lo que me dijiste: {m}.',
  ],
};

/** A preference for short answers, in any of the five languages (folded words). */
const BRIEF =
  /(?<![\p{L}])(?:short|shorter|brief|concise|kurz|kurze|kurzen|knapp|court|courte|courtes|courts|brev[ei]|breve|corta|cortas|corto|cortos|sintetic[ahe])(?![\p{L}])/u;

/** Items the offline coach may use: never one with heavy words (a person may have typed one). */
export function usableMemory(memory: MemoryNote[] | undefined, language: LanguageCode): MemoryNote[] {
  return (memory ?? []).filter((note) => !unfitForMemory(note.text, language));
}

/** Whether the person asked for short answers: the coach then leaves out what is not needed. */
export function prefersBrief(memory: MemoryNote[]): boolean {
  return memory.some((note) => note.kind === 'preference' && BRIEF.test(foldText(note.text)));
}

const MAX_QUOTED_WORDS = 14;

function contentWords(text: string, language: LanguageCode): string[] {
  const stop = phrases[language].stopwords;
  return foldText(text)
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 5 && !stop.has(word));
}

const sameWord = (a: string, b: string) =>
  a === b || (a.length >= 7 && b.length >= 7 && a.slice(0, 7) === b.slice(0, 7));

/**
 * The item the message is about (it shares a content word with it), quoted whole in a line the
 * session has not used yet; null when none is relevant, the item is long, or it was already
 * brought up in this session (the coach does not repeat itself).
 */
export function memoryLine(
  message: string,
  memory: MemoryNote[],
  language: LanguageCode,
  seed: number,
  earlier: string[],
): string | null {
  const words = contentWords(message, language);
  let best: { note: MemoryNote; shared: number } | null = null;
  for (const note of memory) {
    if (note.kind === 'preference' || note.text.split(/\s+/).length > MAX_QUOTED_WORDS) continue;
    if (earlier.some((reply) => reply.includes(note.text))) continue;
    const shared = contentWords(note.text, language).filter((w) => words.some((m) => sameWord(w, m))).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { note, shared };
  }
  if (!best) return null;
  const template = pickFresh(links[language], seed, earlier);
  if (!template) return null;
  const [open, close] = phrases[language].quotes;
  return fill(template, { m: `${open}${best.note.text}${close}` });
}
