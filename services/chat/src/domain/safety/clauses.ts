import { foldText } from '../language.ts';
import { de } from './patterns/de.ts';
import { en } from './patterns/en.ts';
import { es } from './patterns/es.ts';
import { fr } from './patterns/fr.ts';
import { it } from './patterns/it.ts';

/** Where one clause ends: punctuation, or a "but" that turns the sentence. */
const clauseBreak = /[.!?;,:\n]|\b(?:but|mais|aber|sondern|ma|pero|però|pourtant)\b/g;
const NEGATION_WINDOW_WORDS = 3;
const negators = [en, fr, de, it, es].map((lang) => lang.negators);

/** The text the detector reads: folded (lower case, no accents, ’ → '), ß → ss, one space. */
export function normaliseForSafety(text: string): string {
  return foldText(text).replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

/** The last few words before `start`, within the clause `start` is in. */
export function clauseBefore(text: string, start: number): string {
  const before = text.slice(Math.max(0, start - 80), start);
  const parts = before.split(clauseBreak);
  const clause = parts[parts.length - 1] ?? '';
  return clause.trim().split(' ').slice(-NEGATION_WINDOW_WORDS).join(' ');
}

/**
 * Negation of any of the five languages counts: a word shared by two languages ("suicida" is
 * Italian and Spanish) must be negated in the language the person actually wrote.
 */
export function isNegated(clause: string, matched = ''): boolean {
  return negators.some((negator) => negator.test(clause) || (matched !== '' && negator.test(matched)));
}

/** Sentences of a folded text with their offsets (a cue must stand in the same sentence). */
export function sentencesOf(folded: string): string[] {
  return folded
    .split(/[.!?;\n]+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}
