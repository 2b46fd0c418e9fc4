import type { LanguageCode } from '@innerview/contracts';
import { chatMessageKind } from '@innerview/contracts/chat';
import {
  type AttachmentSummary,
  type AttachmentText,
  type HistoryTurn,
  noAttachmentSummary,
  type QuestionnaireAnswer,
} from '../coach-context.ts';
import { foldText } from '../language.ts';
import { assessMessage } from '../safety/assess.ts';
import { safetyReply } from '../safety/crisis-reply.ts';
import { hasRiskCue } from '../safety/risk-cues.ts';
import { type Emotion, emotions, phrases } from './phrases.ts';

export interface OfflineCoachInput {
  language: LanguageCode;
  message: string;
  /** The session's earlier turns, oldest first. */
  history: HistoryTurn[];
  answers: QuestionnaireAnswer[];
  /** The texts of the message's files that could be read (absent: none). */
  attachments?: AttachmentText[];
  /** Files that could not be read, hold no text, or are images (this coach sees none). */
  attachmentSummary?: AttachmentSummary;
}

const MAX_PHRASE_WORDS = 12;
const MAX_ANSWER_WORDS = 18;

/** FNV-1a: the same message always picks the same wording (the coach is deterministic). */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pick<T>(list: readonly T[], seed: number): T {
  return list[seed % list.length]!;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w)\}/g, (_, key: string) => values[key] ?? '');
}

/** The person's words as a quotation: no question marks (the reply asks exactly one), trimmed. */
function quotable(text: string, maxWords: number): string {
  const words = text
    .replace(/[¿?]/g, '')
    .replace(/[“”«»„"]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ');
  const cut = words
    .slice(0, maxWords)
    .join(' ')
    .replace(/[\s.,;:!…-]+$/u, '');
  return words.length > maxWords ? `${cut}…` : cut;
}

function emotionOf(folded: string, language: LanguageCode): Emotion | null {
  const table = phrases[language].emotionWords;
  return emotions.find((e) => table[e].test(folded)) ?? null;
}

/**
 * The key phrase to reflect: the clause that carries a feeling, else the most telling first-person
 * clause, else the longest one, at most twelve words.
 */
export function keyPhrase(message: string, language: LanguageCode): string {
  const clauses = message
    .split(/(?<=[.!?;\n])|,\s|\s[-–—]\s/u)
    .map((c) => c.trim())
    .filter((c) => c.replace(/[^\p{L}]/gu, '').length >= 3);
  if (clauses.length === 0) return quotable(message, MAX_PHRASE_WORDS);
  const firstPerson = /\b(i|i'm|my|me|je|j|me|moi|mon|ma|ich|mich|mir|mein|meine|io|mi|mio|mia|yo|mis)\b/;
  const scored = clauses.map((clause, index) => {
    const folded = foldText(clause);
    const wordCount = clause.split(/\s+/).length;
    let score = 0;
    if (emotionOf(folded, language)) score += 4;
    if (firstPerson.test(folded)) score += 1;
    if (wordCount >= 3 && wordCount <= MAX_PHRASE_WORDS) score += 1;
    if (clause.includes('?')) score -= 1;
    return { clause, score: score + index * 0.01 };
  });
  const best = scored.sort((a, b) => b.score - a.score)[0]!.clause;
  // A clause cut from its sentence may start with "and" or "but": the quotation starts after it.
  const trimmed = best.replace(
    /^(and|but|so|et|mais|donc|und|aber|also|e|ma|quindi|y|pero|así que)\s+/iu,
    '',
  );
  return quotable(trimmed, MAX_PHRASE_WORDS);
}

function contentWords(text: string, language: LanguageCode): Set<string> {
  const stop = phrases[language].stopwords;
  return new Set(
    foldText(text)
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 5 && !stop.has(w)),
  );
}

/** The questionnaire answer that shares the most words with the message, if any does. */
export function relevantAnswer(
  message: string,
  answers: QuestionnaireAnswer[],
  language: LanguageCode,
): QuestionnaireAnswer | null {
  const words = contentWords(message, language);
  let best: { answer: QuestionnaireAnswer; shared: number } | null = null;
  for (const answer of answers) {
    const answerWords = contentWords(answer.answerText, language);
    const shared = [...words].filter(
      (w) => answerWords.has(w) || [...answerWords].some((a) => a.startsWith(w.slice(0, 6)) && w.length >= 6),
    ).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { answer, shared };
  }
  return best?.answer ?? null;
}

/**
 * The built-in offline coach's reply: deterministic, in the person's language. It says once per
 * session that it is the offline coach, reflects the person's own words (and the feeling in them),
 * links to a questionnaire answer when one is relevant, and asks exactly one open question.
 */
export function offlineCoachReply(input: OfflineCoachInput): string {
  const { language, message } = input;
  const t = phrases[language];
  const seed = stableHash(message);
  const parts: string[] = [];
  const firstReply = !input.history.some((turn) => turn.role === 'assistant');
  if (firstReply) parts.push(t.intro);
  const kind = chatMessageKind(message);
  const link = (answer: QuestionnaireAnswer) =>
    fill(t.questionnaireLink, {
      t: t.topics[answer.questionKey],
      a: quotable(answer.answerText, MAX_ANSWER_WORDS),
    });

  if (kind === 'questionnaire') {
    parts.push(t.questionnaireThanks);
    const answer = input.answers[seed % Math.max(1, input.answers.length)];
    if (answer) parts.push(link(answer));
    parts.push(pick(t.questions.opening, seed));
    return parts.join('\n\n');
  }

  const text = kind === 'attachment' ? message.replace(/^\s*📎[^\n]*\n?/u, '').trim() : message;
  // A flagged message normally never reaches this coach (the care reply comes instead); if one
  // does, it gets the care reply too, never a reflection of its words.
  const safety = assessMessage(text, language);
  if (safety.tier !== 'none') return safetyReply({ tier: safety.tier, category: safety.category, language });
  // Heavy words the detector did not flag are heard, not quoted back.
  const quote = !hasRiskCue(text);
  const fileLines = attachmentLines(input, kind === 'attachment');
  parts.push(...fileLines);
  const folded = foldText(text);
  const wordCount = text.split(/\s+/).filter((w) => w !== '').length;
  if (wordCount < 4) {
    // With files, a short message is their label ('Files attached'): nothing to reflect on.
    if (text !== '' && fileLines.length === 0)
      parts.push(
        quote
          ? fill(pick(t.reflections, seed), { p: quotable(text, MAX_PHRASE_WORDS) })
          : t.heardWithoutQuote,
      );
    parts.push(pick(fileLines.length > 0 ? t.questions.attachment : t.questions.opening, seed));
    return parts.join('\n\n');
  }
  const reflection = [
    quote ? fill(pick(t.reflections, seed), { p: keyPhrase(text, language) }) : t.heardWithoutQuote,
  ];
  const emotion = emotionOf(folded, language);
  if (emotion) reflection.push(fill(t.emotionLine, { e: t.emotionNouns[emotion] }));
  parts.push(reflection.join(' '));
  if (text.includes('?')) parts.push(t.advice);
  const answer = relevantAnswer(text, input.answers, language);
  if (answer) parts.push(link(answer));
  const pool = answer ? t.questions.questionnaire : emotion ? t.questions.emotion : t.questions.general;
  // Never the same question twice in a row in one conversation.
  const previous = input.history.filter((turn) => turn.role === 'assistant').at(-1)?.content ?? '';
  let question = pick(pool, seed >>> 3);
  if (previous.includes(question)) question = pick(pool, (seed >>> 3) + 1);
  parts.push(question);
  return parts.join('\n\n');
}

/** How much of a document the passage to quote is looked for in. */
const PASSAGE_SCAN_CHARS = 2_000;

/**
 * What the offline coach says about the message's files: the documents it read (by name, with a
 * passage of the first), those without text, images it cannot see, or that it could not read them.
 */
function attachmentLines(input: OfflineCoachInput, attachmentMessage: boolean): string[] {
  const t = phrases[input.language];
  const attachments = input.attachments ?? [];
  const summary = input.attachmentSummary ?? noAttachmentSummary;
  const names = (list: string[]) =>
    list.map((name) => `${t.nameQuotes[0]}${name}${t.nameQuotes[1]}`).join(', ');
  const lines: string[] = [];
  const first = attachments[0];
  if (first)
    lines.push(
      fill(t.attachmentRead, {
        n: names(attachments.map((a) => a.name)),
        p: keyPhrase(first.text.slice(0, PASSAGE_SCAN_CHARS), input.language),
      }),
    );
  if (summary.empty.length > 0) lines.push(fill(t.attachmentEmpty, { n: names(summary.empty) }));
  if (summary.images.length > 0)
    lines.push(fill(t.imagesUnseen, { n: names(summary.images.map((image) => image.name)) }));
  if (summary.unreadable || (attachmentMessage && lines.length === 0)) lines.push(t.attachmentUnreadable);
  return lines;
}
