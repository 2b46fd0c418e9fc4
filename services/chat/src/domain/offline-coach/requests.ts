import type { LanguageCode } from '@innerview/contracts';
import { foldText } from '../language.ts';
import { phrases, type Topic, topics } from './phrases.ts';

export interface IdeaRequest {
  /** How many suggestions to give: two when asked for two, else three. */
  count: 2 | 3;
  /** Whether to do something or not ("should I quit my job?"): ways to decide come first. */
  decision: boolean;
}

/** Whether the message asks for ideas, tips or advice, and of which kind; null when it does not. */
export function ideaRequest(text: string, language: LanguageCode): IdeaRequest | null {
  const t = phrases[language];
  const folded = foldText(text);
  if (!t.ideaRequest.test(folded) && !t.decisionRequest.test(folded)) return null;
  return { count: t.twoIdeas.test(folded) ? 2 : 3, decision: t.decisionRequest.test(folded) };
}

function topicHits(text: string, language: LanguageCode): Map<Topic, number> {
  const folded = foldText(text);
  const hits = new Map<Topic, number>();
  for (const topic of topics) {
    const pattern = new RegExp(phrases[language].topics[topic].words.source, 'g');
    const count = [...folded.matchAll(pattern)].length;
    if (count > 0) hits.set(topic, count);
  }
  return hits;
}

/** The topic a text's words show most often (the first listed of equals), or null. */
export function topicOf(text: string, language: LanguageCode): Topic | null {
  return strongest(topicHits(text, language));
}

function strongest(hits: Map<Topic, number>): Topic | null {
  let best: Topic | null = null;
  for (const [topic, count] of hits) if (best === null || count > hits.get(best)!) best = topic;
  return best;
}

/**
 * The conversation's topic: the message's own, else the one the person's earlier messages show
 * most often (of equals, the one they spoke of first).
 */
export function sessionTopic(
  message: string,
  earlierMessages: string[],
  language: LanguageCode,
): Topic | null {
  const own = topicOf(message, language);
  if (own) return own;
  const total = new Map<Topic, number>();
  for (const earlier of earlierMessages)
    for (const [topic, count] of topicHits(earlier, language))
      total.set(topic, (total.get(topic) ?? 0) + count);
  return strongest(total);
}

/** The message's topic when it is clear: named twice in it, or the one the conversation is about. */
export function clearTopic(message: string, earlierMessages: string[], language: LanguageCode): Topic | null {
  const hits = topicHits(message, language);
  const own = strongest(hits);
  if (!own) return null;
  if (hits.get(own)! >= 2) return own;
  return sessionTopic('', [...earlierMessages, message], language) === own ? own : null;
}
