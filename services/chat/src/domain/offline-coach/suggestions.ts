import type { CoachPhrases, Topic } from './phrases.ts';

/** A list rotated to start at the seed's item, so that equal requests in different words vary. */
function rotated<T>(list: readonly T[], seed: number): T[] {
  const start = list.length === 0 ? 0 : seed % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}

/**
 * Two or three small, concrete suggestions from coaching practice (values clarification, tiny
 * experiments, reframing, planning the first step, GROW): ways to decide first when the person asks
 * whether to do something, then the topic's own, then general ones; none given earlier in the session.
 */
export function suggestionLines(
  t: CoachPhrases,
  context: { count: 2 | 3; decision: boolean; topic: Topic | null; seed: number; earlier: readonly string[] },
): string[] {
  const { count, decision, topic, seed, earlier } = context;
  const sources = [
    decision ? rotated(t.decisionSuggestions, seed).slice(0, count - 1) : [],
    topic ? rotated(t.topics[topic].suggestions, seed >>> 4) : [],
    rotated(t.generalSuggestions, seed >>> 8),
  ];
  const fresh = (line: string) => !earlier.some((reply) => reply.includes(line));
  const chosen: string[] = [];
  for (const line of sources.flat()) {
    if (chosen.length >= count) break;
    if (fresh(line) && !chosen.includes(line)) chosen.push(line);
  }
  // A long session may have had every one: then the earlier ones come back rather than none.
  for (const line of sources.flat()) {
    if (chosen.length >= count) break;
    if (!chosen.includes(line)) chosen.push(line);
  }
  return chosen;
}
