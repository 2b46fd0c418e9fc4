import { foldText } from '../language.ts';
import { de } from './patterns/de.ts';
import { en } from './patterns/en.ts';
import { es } from './patterns/es.ts';
import { fr } from './patterns/fr.ts';
import { it } from './patterns/it.ts';
import { type LanguagePatterns, type SafetyFinding, safetyCategories } from './types.ts';

export const patternsByLanguage: LanguagePatterns[] = [en, fr, de, it, es];

/** Where one clause ends: punctuation, or a "but" that turns the sentence. */
const clauseBreak = /[.!?;,:\n]|\b(?:but|mais|aber|sondern|ma|pero|pero|però|pourtant)\b/g;
const NEGATION_WINDOW_WORDS = 3;

/** The text the patterns read: folded (lower case, no accents, ’ → '), ß → ss, one space. */
export function normaliseForSafety(text: string): string {
  return foldText(text).replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

function clauseBefore(text: string, start: number): string {
  const before = text.slice(Math.max(0, start - 80), start);
  const parts = before.split(clauseBreak);
  const clause = parts[parts.length - 1] ?? '';
  return clause.trim().split(' ').slice(-NEGATION_WINDOW_WORDS).join(' ');
}

function overlapsSuppressor(text: string, start: number, end: number, suppressors: RegExp[]): boolean {
  for (const suppressor of suppressors) {
    const global = new RegExp(suppressor.source, 'g');
    for (const m of text.matchAll(global)) {
      const s = m.index ?? 0;
      if (s < end && s + m[0].length > start) return true;
    }
  }
  return false;
}

/**
 * Negation of any of the five languages counts: a word shared by two languages ("suicida" is
 * Italian and Spanish) must be negated in the language the person actually wrote.
 */
function isNegated(clause: string, matched: string): boolean {
  return patternsByLanguage.some((lang) => lang.negators.test(clause) || lang.negators.test(matched));
}

/** Every (category, language) the text signals, in no particular order. */
export function safetyHits(text: string): SafetyFinding[] {
  const folded = normaliseForSafety(text);
  const hits: SafetyFinding[] = [];
  for (const lang of patternsByLanguage) {
    for (const rule of lang.rules) {
      const global = new RegExp(rule.pattern.source, 'g');
      for (const m of folded.matchAll(global)) {
        const start = m.index ?? 0;
        const end = start + m[0].length;
        if (overlapsSuppressor(folded, start, end, lang.suppressors)) continue;
        if (rule.negatable !== false) {
          if (isNegated(clauseBefore(folded, start), m[0])) continue;
        }
        hits.push({ category: rule.category, language: lang.language });
        break;
      }
    }
  }
  return hits;
}

/**
 * Does this message signal a crisis (suicidal thoughts, self-harm, abuse, acute danger) in any of
 * the five languages? The most urgent category wins; the language is the one whose words matched.
 * Pure and fast (regular expressions only): it runs before every model call.
 */
export function detectCrisis(text: string): SafetyFinding | null {
  const hits = safetyHits(text);
  if (hits.length === 0) return null;
  return [...hits].sort(
    (a, b) => safetyCategories.indexOf(a.category) - safetyCategories.indexOf(b.category),
  )[0]!;
}
