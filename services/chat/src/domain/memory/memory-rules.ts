import type { LanguageCode } from '@innerview/contracts';
import type { MemoryKind } from '@innerview/contracts/memory';
import { foldText } from '../language.ts';
import { assessMessage } from '../safety/assess.ts';
import { hasRiskCue } from '../safety/risk-cues.ts';

export { type MemoryKind, type MemorySource, memoryKinds } from '@innerview/contracts/memory';

/** docs/product.md#memory: the most items a person keeps; adding more is refused, nothing is dropped silently. */
export const MEMORY_ITEM_LIMIT = 200;
/** The longest item the coach keeps by itself: a short note, not a transcript. */
export const PROPOSED_TEXT_MAX = 200;

/** A proposed item before it is stored. */
export interface MemoryNote {
  kind: MemoryKind;
  text: string;
}

/** The form two items are compared in: "I prefer short answers." and "i prefer short answers" are one. */
export function memoryKey(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a text must never become memory: a crisis signal or heavy words (docs/safety.md). */
export function unfitForMemory(text: string, language: LanguageCode): boolean {
  return hasRiskCue(text) || assessMessage(text, language).tier !== 'none';
}

/**
 * The proposed notes worth keeping: safe, short enough, not already kept (nor twice in the list),
 * and no more than the room left under the limit.
 */
export function newNotes(
  proposed: MemoryNote[],
  keptTexts: string[],
  language: LanguageCode,
  room: number,
): MemoryNote[] {
  const seen = new Set(keptTexts.map(memoryKey));
  const out: MemoryNote[] = [];
  for (const note of proposed) {
    const text = note.text.trim();
    const key = memoryKey(text);
    if (key.length < 3 || text.length > PROPOSED_TEXT_MAX || seen.has(key)) continue;
    if (unfitForMemory(text, language)) continue;
    seen.add(key);
    out.push({ kind: note.kind, text });
    if (out.length >= room) break;
  }
  return out;
}

/** A text shortened to `max` characters at a word's end, never mid-word. */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/u, '')}…`;
}
