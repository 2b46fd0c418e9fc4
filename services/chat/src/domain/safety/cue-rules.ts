import { clauseBefore, isNegated, sentencesOf } from './clauses.ts';
import type { CueLexicon, SafetyCategory, SafetyFinding } from './types.ts';

type Concept = Exclude<keyof CueLexicon, 'language'>;
/**
 * Who the signal is about: `writer` is the writer said ("I", "me") or implied (no other subject:
 * "Relapsed last night", "Penso di prendere..."); `writerOrClose` also someone close ("my friend
 * says she ...").
 */
type Person = 'writer' | 'writerOrClose';

/** Concepts that carry their own negation ("nobody would notice", "not wake up"). */
const selfNegating = new Set<Concept>(['deathWish', 'leaving', 'burden', 'hopeless']);

/**
 * A crisis signal (`key`) counts when, in the same sentence, the person cue is there, every
 * concept of `all` and at least one of `any` match, none of `none` does, and the key is not
 * negated in the few words before it. The rules are the same for every language; only the
 * word lists (`cues/<language>.ts`) differ.
 */
interface CueRule {
  category: SafetyCategory;
  key: Concept;
  person?: Person;
  all?: Concept[];
  any?: Concept[];
  none?: Concept[];
}

export const cueRules: CueRule[] = [
  // Danger now: means in hand, someone at the door, on the edge.
  { category: 'acute_danger', key: 'lethalMeans', person: 'writer', all: ['now'], none: ['benignMeds'] },
  { category: 'acute_danger', key: 'onEdge', person: 'writer', all: ['now'] },
  { category: 'acute_danger', key: 'follow', any: ['fear', 'threat', 'now'] },
  { category: 'acute_danger', key: 'threat', any: ['threatContext', 'follow'] },
  // A threat to someone else, made real by how it is said (not joking, a knife, thought about how).
  { category: 'acute_danger', key: 'harmOthers', person: 'writer', all: ['serious'] },
  // Suicidal thoughts: wished death, farewells, burden, no future, means with a plan.
  { category: 'suicidal_thoughts', key: 'deathWish', person: 'writerOrClose', any: ['intent'] },
  { category: 'suicidal_thoughts', key: 'leaving', person: 'writerOrClose' },
  { category: 'suicidal_thoughts', key: 'burden', person: 'writer' },
  { category: 'suicidal_thoughts', key: 'hopeless', person: 'writer' },
  {
    category: 'suicidal_thoughts',
    key: 'lethalMeans',
    person: 'writerOrClose',
    any: ['intent', 'quantity', 'research', 'acquire'],
    none: ['benignMeds'],
  },
  { category: 'suicidal_thoughts', key: 'jump', person: 'writer', all: ['height'], any: ['intent', 'now'] },
  // Self-harm: an act on the body, with what makes it deliberate, not an accident.
  { category: 'self_harm', key: 'harmAct', person: 'writer', all: ['harmContext'], none: ['accident'] },
  // Abuse: a person as subject, an act of violence or control with the writer as object.
  { category: 'abuse', key: 'abuseAct', all: ['abuser'] },
];

function personPresent(lexicon: CueLexicon, sentence: string, person: Person): boolean {
  if (lexicon.self.test(sentence) || !lexicon.otherSubject.test(sentence)) return true;
  return person === 'writerOrClose' && lexicon.close.test(sentence);
}

function overlaps(sentence: string, start: number, end: number, suppressors: RegExp[]): boolean {
  for (const suppressor of suppressors) {
    for (const m of sentence.matchAll(suppressor)) {
      const s = m.index ?? 0;
      if (s < end && s + m[0].length > start) return true;
    }
  }
  return false;
}

/**
 * Is there a match of the key that is neither negated (in the few words before it, or inside it
 * for concepts that do not spell out their own negation) nor a figure of speech of the language?
 */
function keyMatches(compiled: CompiledLexicon, rule: CueRule, sentence: string): boolean {
  const inside = !selfNegating.has(rule.key);
  for (const m of sentence.matchAll(compiled.keys.get(rule.key)!)) {
    const start = m.index ?? 0;
    // Inside the match, a negation counts after its first word ("mich nie geschlagen"); a key
    // that opens with its own negation ("won't let me leave", "no me deja salir") stays a hit.
    const rest = inside ? m[0].slice(m[0].indexOf(' ') + 1) : '';
    if (isNegated(clauseBefore(sentence, start), rest)) continue;
    if (overlaps(sentence, start, start + m[0].length, compiled.suppressors)) continue;
    return true;
  }
  return false;
}

function ruleHolds(compiled: CompiledLexicon, rule: CueRule, sentence: string): boolean {
  const { lexicon } = compiled;
  if (rule.person && !personPresent(lexicon, sentence, rule.person)) return false;
  if (rule.all?.some((c) => !lexicon[c].test(sentence))) return false;
  if (rule.any && !rule.any.some((c) => lexicon[c].test(sentence))) return false;
  if (rule.none?.some((c) => lexicon[c].test(sentence))) return false;
  return keyMatches(compiled, rule, sentence);
}

/**
 * A compiled lexicon: the key patterns made global once, not per message, and the figures of
 * speech of the language's phrase patterns ("beat me at chess"), which cancel a key they overlap.
 */
export interface CompiledLexicon {
  lexicon: CueLexicon;
  keys: Map<Concept, RegExp>;
  suppressors: RegExp[];
}

export function compileLexicon(lexicon: CueLexicon, suppressors: RegExp[]): CompiledLexicon {
  const keys = new Map<Concept, RegExp>();
  for (const rule of cueRules) keys.set(rule.key, new RegExp(lexicon[rule.key].source, 'g'));
  return { lexicon, keys, suppressors: suppressors.map((s) => new RegExp(s.source, 'g')) };
}

/** Every (category, language) the cue rules find in a folded text. */
export function cueHits(folded: string, compiled: CompiledLexicon[]): SafetyFinding[] {
  const hits: SafetyFinding[] = [];
  const sentences = sentencesOf(folded);
  for (const language of compiled) {
    const { lexicon } = language;
    if (lexicon.joke.test(folded)) continue;
    for (const sentence of sentences) {
      if (lexicon.distance.test(sentence)) continue;
      for (const rule of cueRules) {
        if (ruleHolds(language, rule, sentence))
          hits.push({ category: rule.category, language: lexicon.language });
      }
    }
  }
  return hits;
}

/** A past event told as over ("years ago ..., I'm doing well now"), and not coming back. */
export function isResolvedPast(folded: string, compiled: CompiledLexicon[]): boolean {
  return (
    compiled.some(({ lexicon }) => lexicon.resolved.test(folded)) &&
    !compiled.some(({ lexicon }) => lexicon.returning.test(folded))
  );
}
