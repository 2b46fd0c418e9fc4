import type { LanguageCode } from '@innerview/contracts';
import { normaliseForSafety } from '../clauses.ts';

/**
 * The features the learned detector reads, hashed into a fixed number of buckets (the "hashing
 * trick": no vocabulary to store, the model stays the same size whatever the corpus).
 *
 * On the folded text (lower case, accents removed, so "wünschte", "wunschte" and "WÜNSCHTE" are
 * one thing): character 3- to 6-grams inside word boundaries, which survive typos, missing accents
 * and inflection ("pills"/"pillole"/"Pillen" share "pil"), plus words, word pairs (next to each
 * other or one word apart) and character 6-grams across word boundaries, which carry the phrasing
 * ("not be", "be here"), and the length in words. Extra named signals (the rule detector's verdict) are hashed
 * the same way with a prefix no text can produce.
 */
// 2^20 since ADR 81: the corpus's ~735,000 distinct features had filled 94 % of 2^18 (ADR 80).
// A model stores its own number (`buckets`), read back at load; this is what training uses.
export const FEATURE_BITS = 20;
const DEFAULT_BUCKETS = 1 << FEATURE_BITS;

/** FNV-1a over UTF-16 code units: fast, deterministic, the same in training and at run time. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Features a learner variant adds (ADR 85); none is in the shipped model. */
export interface FeatureShape {
  /** Three words in a row ("want to disappear", "ne plus être"). */
  wordTriples?: boolean;
  /**
   * Words and word pairs also as a copy tagged with the message's language (ADR 88), so a word
   * spelt alike in two languages ("pain": bread in French; "Gift": poison in German; "die": the
   * German article) can weigh differently in each; `language` is the message's.
   */
  languageWords?: boolean;
  language?: LanguageCode;
}

/** Longest text read: a message longer than this is read from its start and its end. */
const MAX_CHARS = 4000;

function clip(text: string): string {
  if (text.length <= MAX_CHARS) return text;
  return `${text.slice(0, MAX_CHARS / 2)} ${text.slice(-MAX_CHARS / 2)}`;
}

/** Words of folded text: letters and digits, apostrophes split ("j'ai" → "j", "ai"). */
export function words(folded: string): string[] {
  return folded.split(/[^a-z0-9]+/).filter((w) => w !== '');
}

/**
 * The hashed features of a text, as bucket → count (counts then scaled to unit length, so a long
 * message does not shout louder than a short one), in `buckets` buckets (a power of two: the
 * model's own number).
 */
export function featuresOf(
  text: string,
  signals: string[] = [],
  buckets = DEFAULT_BUCKETS,
  shape: FeatureShape = {},
): Map<number, number> {
  const folded = clip(normaliseForSafety(text));
  const counts = new Map<number, number>();
  const mask = buckets - 1;
  const add = (key: string) => {
    const bucket = hashString(key) & mask;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  };
  const tag = shape.languageWords && shape.language ? `${shape.language}|` : null;
  const addWord = (key: string) => {
    add(key);
    if (tag) add(tag + key);
  };
  const ws = words(folded);
  for (const w of ws) {
    addWord(`w:${w}`);
    const padded = ` ${w} `;
    // Up to 6 since ADR 67: on leave-one-writer-out validation 3- to 6-grams flagged more crisis
    // messages at 5 % false alarms than 3- to 5-grams (+0.8 points on average).
    for (let n = 3; n <= 6; n++)
      for (let i = 0; i + n <= padded.length; i++) add(`c:${padded.slice(i, i + n)}`);
  }
  for (let i = 0; i + 1 < ws.length; i++) {
    addWord(`b:${ws[i]} ${ws[i + 1]}`);
    // Word pairs with one word between ("not be here", "nicht mehr da"): phrasing that survives
    // a filler word.
    if (i + 2 < ws.length) addWord(`k:${ws[i]} ${ws[i + 2]}`);
    if (shape.wordTriples && i + 2 < ws.length) add(`t:${ws[i]} ${ws[i + 1]} ${ws[i + 2]}`);
  }
  // Character 6-grams across a word boundary ("s pill", "mehr da"): short phrases and split or
  // run-together words that the in-word n-grams miss.
  const joined = ` ${ws.join(' ')} `;
  for (let i = 0; i + 6 <= joined.length; i++) {
    const gram = joined.slice(i, i + 6);
    if (gram.slice(1, 5).includes(' ')) add(`x:${gram}`);
  }
  // The length in words, in steps of four: the model learns how far to trust few features.
  add(`l:${Math.min(ws.length, 40) >> 2}`);
  for (const signal of signals) add(`s:${signal}`);
  let norm = 0;
  for (const [bucket, count] of counts) {
    const value = Math.log1p(count);
    counts.set(bucket, value);
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  for (const [bucket, value] of counts) counts.set(bucket, value / norm);
  return counts;
}
