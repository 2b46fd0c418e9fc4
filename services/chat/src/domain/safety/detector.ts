import { clauseBefore, isNegated, normaliseForSafety } from './clauses.ts';
import { compileLexicon, cueHits, isResolvedPast } from './cue-rules.ts';
import { de as deCues } from './cues/de.ts';
import { en as enCues } from './cues/en.ts';
import { es as esCues } from './cues/es.ts';
import { fr as frCues } from './cues/fr.ts';
import { it as itCues } from './cues/it.ts';
import { de } from './patterns/de.ts';
import { en } from './patterns/en.ts';
import { es } from './patterns/es.ts';
import { fr } from './patterns/fr.ts';
import { it } from './patterns/it.ts';
import {
  type CueLexicon,
  type LanguagePatterns,
  type SafetyFinding,
  type SafetyRule,
  safetyCategories,
} from './types.ts';

export { normaliseForSafety } from './clauses.ts';

export const patternsByLanguage: LanguagePatterns[] = [en, fr, de, it, es];
const lexicons = [enCues, frCues, deCues, itCues, esCues].map((lexicon, i) =>
  compileLexicon(lexicon, patternsByLanguage[i]!.suppressors),
);

/** The phrase patterns, made global once (not per message). */
const compiledPatterns = patternsByLanguage.map((lang, i) => ({
  lang,
  lexicon: lexicons[i]!.lexicon,
  rules: lang.rules.map((rule) => ({ rule, global: new RegExp(rule.pattern.source, 'g') })),
  suppressors: lang.suppressors.map((s) => new RegExp(s.source, 'g')),
}));

function overlapsSuppressor(text: string, start: number, end: number, suppressors: RegExp[]): boolean {
  for (const suppressor of suppressors) {
    for (const m of text.matchAll(suppressor)) {
      const s = m.index ?? 0;
      if (s < end && s + m[0].length > start) return true;
    }
  }
  return false;
}

/** The sentence around a position of a folded text. */
function sentenceAt(folded: string, start: number): string {
  const before = folded.slice(0, start).search(/[^.!?;\n]*$/);
  const after = folded.slice(start).search(/[.!?;\n]/);
  return folded.slice(before, after < 0 ? folded.length : start + after);
}

/**
 * A sentence about a story, the news or prevention work, with no first-person cue in it ("the film
 * is about a woman who wants to end her life"): the topic at a distance, not a crisis.
 */
function isDistant(lexicon: CueLexicon, sentence: string): boolean {
  return lexicon.distance.test(sentence) && !lexicon.self.test(sentence);
}

function phraseHit(
  folded: string,
  rule: SafetyRule,
  global: RegExp,
  suppressors: RegExp[],
  lexicon: CueLexicon,
): boolean {
  for (const m of folded.matchAll(global)) {
    const start = m.index ?? 0;
    if (overlapsSuppressor(folded, start, start + m[0].length, suppressors)) continue;
    if (isDistant(lexicon, sentenceAt(folded, start))) continue;
    if (rule.negatable !== false && isNegated(clauseBefore(folded, start), m[0])) continue;
    return true;
  }
  return false;
}

/**
 * Every (category, language) the text signals, in no particular order: the phrase patterns
 * (`patterns/<language>.ts`) and the cue rules (`cue-rules.ts` with `cues/<language>.ts`). A past
 * event told as over ("years ago ..., I'm doing well now") signals nothing.
 */
export function safetyHits(text: string): SafetyFinding[] {
  const folded = normaliseForSafety(text);
  if (isResolvedPast(folded, lexicons)) return [];
  const hits: SafetyFinding[] = [];
  for (const { lang, rules, suppressors, lexicon } of compiledPatterns) {
    for (const { rule, global } of rules) {
      if (phraseHit(folded, rule, global, suppressors, lexicon))
        hits.push({ category: rule.category, language: lang.language });
    }
  }
  hits.push(...cueHits(folded, lexicons));
  return hits;
}

/**
 * Does this message signal a crisis (suicidal thoughts, self-harm, abuse, acute danger) in any of
 * the five languages? The most urgent category wins; the language is the one whose words matched.
 * Pure and fast (precompiled regular expressions only): it runs before every model call.
 */
export function detectCrisis(text: string): SafetyFinding | null {
  const hits = safetyHits(text);
  if (hits.length === 0) return null;
  return [...hits].sort(
    (a, b) => safetyCategories.indexOf(a.category) - safetyCategories.indexOf(b.category),
  )[0]!;
}
