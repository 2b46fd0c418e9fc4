import type { LanguageCode } from '@innerview/contracts';
import { foldText } from '../language.ts';
import { feelingsIn } from './feelings.ts';
import { phrases } from './phrases.ts';

/** The longest quotation the coach makes, in words; a longer clause is quoted in part or not at all. */
export const MAX_QUOTE_WORDS = 12;
const MIN_QUOTE_WORDS = 3;

/** Characters that end a clause; a clause followed by a question mark is never quoted. */
const CLAUSE = /[^.!?;:\n,()“”«»„"…]+/gu;
/** Markdown or quotation characters: a phrase holding one would not read back as written. */
const UNQUOTABLE = /[*_`#>[\]<{}|~"“”«»„]/;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/** Whether `phrase` appears in `text` as whole words (not inside a longer word). */
export function occursWhole(phrase: string, text: string): boolean {
  let from = text.indexOf(phrase);
  while (from !== -1) {
    if (!isWordChar(text[from - 1]) && !isWordChar(text[from + phrase.length])) return true;
    from = text.indexOf(phrase, from + 1);
  }
  return false;
}

/**
 * The whole short phrases of a text that could be quoted back, exactly as written: clauses of three
 * to twelve words, a longer clause split at a conjunction ("and", "mais", "weil"…), none that is a
 * question or holds Markdown. Never a phrase cut mid-word or mid-clause.
 */
export function wholePhrases(text: string, language: LanguageCode): string[] {
  const { conjunctions } = phrases[language];
  const out: string[] = [];
  for (const match of text.matchAll(CLAUSE)) {
    const after = text.slice(match.index + match[0].length).match(/^[\s.!?;:,…]*/u)?.[0] ?? '';
    if (after.includes('?')) continue;
    const words = match[0].trim().split(/\s+/);
    // Pieces between conjunctions, the conjunction itself left out.
    let piece: string[] = [];
    const pieces: string[][] = [];
    for (const word of words) {
      if (conjunctions.test(foldText(word))) {
        pieces.push(piece);
        piece = [];
      } else piece.push(word);
    }
    pieces.push(piece);
    const candidates = words.length <= MAX_QUOTE_WORDS ? [words, ...pieces] : pieces;
    for (const candidate of candidates) {
      let list = candidate;
      while (list.length > 0 && conjunctions.test(foldText(list[0]!))) list = list.slice(1);
      const phrase = list.join(' ').replace(/[\s\-–—]+$/u, '');
      const count = phrase.split(' ').filter((w) => /\p{L}/u.test(w)).length;
      if (count < MIN_QUOTE_WORDS || list.length > MAX_QUOTE_WORDS || UNQUOTABLE.test(phrase)) continue;
      if (occursWhole(phrase, text) && !out.includes(phrase)) out.push(phrase);
    }
  }
  return out;
}

const FIRST_PERSON =
  /\b(i|i'm|im|my|me|je|j|moi|mon|ma|mes|ich|mich|mir|mein|meine|io|mi|mio|mia|sono|yo|mis|estoy)\b/;

/**
 * The phrase to reflect: the one that names a feeling, else a first-person one, preferring four to
 * twelve words and the earlier of equals; null when no whole short phrase can be quoted, or every
 * one was quoted already (`quoted`: the session's earlier replies).
 */
export function keyPhrase(
  text: string,
  language: LanguageCode,
  quoted: readonly string[] = [],
): string | null {
  const scored = wholePhrases(text, language)
    .filter((phrase) => !quoted.some((reply) => reply.includes(phrase)))
    .map((phrase, index) => {
      const words = phrase.split(' ').length;
      let score = 0;
      if (feelingsIn(phrase, language).length > 0) score += 4;
      if (FIRST_PERSON.test(foldText(phrase))) score += 1;
      if (words >= 4) score += 1;
      return { phrase, score: score - index * 0.01 };
    });
  return scored.sort((a, b) => b.score - a.score)[0]?.phrase ?? null;
}
