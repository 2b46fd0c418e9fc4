import type { LanguageCode, QuestionKey } from '@innerview/contracts';
import { chatMessageKind } from '@innerview/contracts/chat';
import { goalOffers, goalStatement } from '@innerview/contracts/goal-statement';
import {
  type AttachmentSummary,
  type AttachmentText,
  type HistoryTurn,
  noAttachmentSummary,
  type QuestionnaireAnswer,
} from '../coach-context.ts';
import { foldText } from '../language.ts';
import type { MemoryNote } from '../memory/memory-rules.ts';
import { assessMessage } from '../safety/assess.ts';
import { safetyReply } from '../safety/crisis-reply.ts';
import { hasRiskCue } from '../safety/risk-cues.ts';
import { feelingsIn } from './feelings.ts';
import { memoryLine, prefersBrief, usableMemory } from './memory-lines.ts';
import { type CoachPhrases, type Feeling, phrases, pleasantFeelings } from './phrases.ts';
import { clearTopic, type IdeaRequest, ideaRequest, sessionTopic } from './requests.ts';
import { suggestionLines } from './suggestions.ts';
import { capitalise, fill, pick, pickFresh, stableHash } from './variety.ts';
import { keyPhrase, wholePhrases } from './whole-phrases.ts';

export { stableHash } from './variety.ts';
export { keyPhrase } from './whole-phrases.ts';

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
  /** What the person lets the coach remember (docs/product.md#memory); absent or empty when off. */
  memory?: MemoryNote[];
}

type QuestionPool = keyof CoachPhrases['questions'];
/** GROW, one step a turn: what the person wants, where they are, what they could do, what they will do. */
const stages: QuestionPool[] = ['goal', 'reality', 'options', 'will'];
/** Pools that fit any turn, when the fitting ones are used up. */
const fallbackPools: QuestionPool[] = ['goal', 'reality', 'options', 'will', 'opening', 'feeling'];

/** One open question that none of the session's earlier replies asked. */
function nextQuestion(t: CoachPhrases, pools: QuestionPool[], seed: number, earlier: string[]): string {
  for (const pool of [...pools, ...fallbackPools]) {
    const fresh = t.questions[pool].filter((q) => !earlier.some((reply) => reply.includes(q)));
    if (fresh.length > 0) return pick(fresh, seed);
  }
  return pick(t.questions[pools[0]!], seed);
}

function contentWords(text: string, language: LanguageCode): Set<string> {
  const stop = phrases[language].stopwords;
  return new Set(
    foldText(text)
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length >= 5 && !stop.has(w)),
  );
}

/** Whether two folded words are the same word or share a long stem ("bakery", "bakeries"). */
function sameWord(a: string, b: string): boolean {
  return a === b || (a.length >= 7 && b.length >= 7 && a.slice(0, 7) === b.slice(0, 7));
}

/** The questionnaire answer that shares the most words with the message, with those words; null if none does. */
export function relevantAnswer(
  message: string,
  answers: QuestionnaireAnswer[],
  language: LanguageCode,
): { answer: QuestionnaireAnswer; shared: string[] } | null {
  const words = contentWords(message, language);
  let best: { answer: QuestionnaireAnswer; shared: string[] } | null = null;
  for (const answer of answers) {
    const answerWords = [...contentWords(answer.answerText, language)];
    const shared = answerWords.filter((a) => [...words].some((w) => sameWord(a, w)));
    if (shared.length > 0 && (!best || shared.length > best.shared.length)) best = { answer, shared };
  }
  return best;
}

/** A line that links to a questionnaire answer: a whole short phrase of it holding a shared word, else its step. */
function questionnaireLine(
  t: CoachPhrases,
  language: LanguageCode,
  answer: QuestionnaireAnswer,
  shared: string[],
  seed: number,
): string {
  const phrase = wholePhrases(answer.answerText, language).find(
    (p) => shared.length === 0 || shared.some((w) => foldText(p).includes(w)),
  );
  const step = t.steps[answer.questionKey];
  return phrase
    ? fill(pick(t.questionnaireQuotes, seed), { t: step, a: phrase, p: '' })
    : fill(pick(t.questionnaireMentions, seed), { t: step });
}

function feelingLine(t: CoachPhrases, found: Feeling[], seed: number, earlier: string[]): string | null {
  if (found.length === 0) return null;
  const nouns = found.slice(0, 2).map((f) => t.feelingNouns[f]);
  const template = pickFresh(t.feelingLines, seed, earlier) ?? pick(t.feelingLines, seed);
  return fill(template, { e: nouns.join(` ${t.and} `) });
}

/**
 * How the coach shows it heard the message: a whole short phrase of it, what it is about, or a
 * plain acknowledgement, taken in turn so that two replies in a row do not open alike.
 */
function reflection(
  t: CoachPhrases,
  input: {
    text: string;
    language: LanguageCode;
    turn: number;
    seed: number;
    earlier: string[];
    earlierMessages: string[];
    /** A request is not quoted back to the person. */
    quote?: boolean;
  },
): string | null {
  const { text, language, turn, seed, earlier, earlierMessages } = input;
  const modes = input.quote === false ? (['topic', 'acknowledge'] as const) : reflectionModes;
  for (let i = 0; i < modes.length; i++) {
    const mode = modes[(turn + i) % modes.length]!;
    if (mode === 'quote') {
      const phrase = keyPhrase(text, language, earlier);
      const template = pickFresh(t.quoteReflections, seed, earlier);
      if (phrase && template) return fill(template, { p: phrase });
    } else if (mode === 'topic') {
      const topic = clearTopic(text, earlierMessages, language);
      const template = pickFresh(t.topicReflections, seed, earlier);
      if (topic && template) {
        const line = fill(template, { x: t.topics[topic].phrase });
        return template.startsWith('{x}') ? capitalise(line) : line;
      }
    } else {
      const template = pickFresh(t.acknowledgements, seed, earlier);
      if (template) return template;
    }
  }
  return null;
}

const reflectionModes = ['quote', 'topic', 'acknowledge'] as const;

const PREFERRED_STEPS: QuestionKey[] = ['question_7', 'question_1', 'question_6', 'question_5'];

/** The first reply to the questionnaire message: thanks, one of the person's answers, an opening question. */
function questionnaireReply(
  t: CoachPhrases,
  input: OfflineCoachInput,
  seed: number,
  parts: string[],
): string {
  parts.push(pick(t.questionnaireThanks, seed));
  const ordered = [
    ...PREFERRED_STEPS.flatMap((key) => input.answers.filter((a) => a.questionKey === key)),
    ...input.answers.filter((a) => !PREFERRED_STEPS.includes(a.questionKey)),
  ];
  const answer = ordered.find((a) => wholePhrases(a.answerText, input.language).length > 0) ?? ordered[0];
  if (answer) parts.push(questionnaireLine(t, input.language, answer, [], seed));
  parts.push(nextQuestion(t, ['opening'], seed, []));
  return parts.join('\n\n');
}

/**
 * The built-in offline coach's reply: deterministic, in the person's language, and never the same
 * twice in a session (it reads the session's earlier replies). It greets in a session's first reply
 * (the offline-coach notice is in the chat's header), shows it heard the message (a whole short
 * phrase, never a cut one; what it is about; or a plain acknowledgement), names a feeling only when
 * the person's words name it, links to a questionnaire answer that shares the topic, gives two or
 * three small concrete suggestions when asked for ideas or advice, and asks exactly one open
 * question that it has not asked before in the session.
 */
export function offlineCoachReply(input: OfflineCoachInput): string {
  const { language, message } = input;
  const t = phrases[language];
  const seed = stableHash(message);
  const earlier = input.history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
  const earlierMessages = input.history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
  const turn = earlier.length;
  const parts: string[] = [];
  if (turn === 0) parts.push(pick(t.greetings, seed));
  const kind = chatMessageKind(message);
  if (kind === 'questionnaire') return questionnaireReply(t, input, seed, parts);

  const text = kind === 'attachment' ? message.replace(/^\s*📎[^\n]*\n?/u, '').trim() : message;
  // A flagged message normally never reaches this coach (the care reply comes instead); if one
  // does, it gets the care reply too, never a reflection of its words.
  const safety = assessMessage(text, language);
  if (safety.tier !== 'none') return safetyReply({ tier: safety.tier, category: safety.category, language });
  // Heavy words the detector did not flag are heard, never quoted back.
  const heavy = hasRiskCue(text);
  const fileLines = attachmentLines(input, kind === 'attachment');
  parts.push(...fileLines);
  const wordCount = text.split(/\s+/).filter((w) => w !== '').length;
  const request = ideaRequest(text, language);
  const stage = stages[Math.min(turn, stages.length - 1)]!;

  // With files, a short message is their label ('Files attached'): nothing to reflect on.
  if (fileLines.length > 0 && wordCount < 4) {
    parts.push(nextQuestion(t, ['attachment'], seed, earlier));
    return parts.join('\n\n');
  }

  const before = parts.length;
  if (heavy) parts.push(t.heardWithoutQuote);
  else if (request) {
    // A bare request ("any tips?") is not reflected; a longer one may be, without being quoted.
    if (wordCount >= 8) {
      const line = reflection(t, { text, language, turn, seed, earlier, earlierMessages, quote: false });
      if (line) parts.push(line);
    }
  } else if (wordCount < 4) {
    // A short answer is thanked; a session's short first message has the greeting instead.
    if (text !== '' && turn > 0)
      parts.push(pickFresh(t.shortAnswers, seed, earlier) ?? pick(t.shortAnswers, seed));
  } else if (text.includes('?')) {
    const line =
      pickFresh(t.questionBack, seed, earlier) ??
      reflection(t, { text, language, turn, seed, earlier, earlierMessages });
    if (line) parts.push(line);
  } else {
    const line = reflection(t, { text, language, turn, seed, earlier, earlierMessages });
    if (line) parts.push(line);
  }

  const reflected = parts.length > before && !heavy;
  const found = feelingsIn(text, language);
  const named = feelingLine(t, found, seed >>> 2, earlier);
  // The feeling goes with the reflection it follows, in one paragraph.
  if (named && reflected) parts[parts.length - 1] = `${parts.at(-1)} ${named}`;
  else if (named) parts.push(named);

  // Something the person asked the coach to remember, when the message is about it; a wish for
  // short answers leaves out the questionnaire link (and a third suggestion).
  const memory = usableMemory(input.memory, language);
  const brief = prefersBrief(memory);
  const remembered = heavy ? null : memoryLine(text, memory, language, seed >>> 1, earlier);
  if (remembered) parts.push(remembered);
  const linked = remembered || brief ? null : relevantAnswer(text, input.answers, language);
  const link =
    linked && !earlier.some((reply) => reply.includes(t.steps[linked.answer.questionKey]))
      ? questionnaireLine(t, language, linked.answer, linked.shared, seed)
      : null;
  if (link) parts.push(link);

  // docs/product.md#goals: a goal stated in the message is offered to be kept (the chat shows the button).
  const offer = !heavy && goalStatement(text) ? goalOffers[language] : null;
  if (offer) parts.push(offer);

  if (request) {
    parts.push(...ideas(t, input, { request, seed, earlier, earlierMessages, text, brief }));
    parts.push(nextQuestion(t, ['afterIdeas', 'will'], seed >>> 3, earlier));
    return parts.join('\n\n');
  }

  const lastQuestionAboutFeeling = [...t.questions.feeling, ...t.questions.pleasant].some((q) =>
    earlier.at(-1)?.endsWith(q),
  );
  const pools: QuestionPool[] = [];
  if (fileLines.length > 0) pools.push('attachment');
  if (link) pools.push('questionnaire');
  if (remembered) pools.push('will');
  if (found.length > 0 && !lastQuestionAboutFeeling)
    pools.push(found.every((f) => pleasantFeelings.has(f)) ? 'pleasant' : 'feeling');
  pools.push(stage);
  parts.push(nextQuestion(t, pools, seed >>> 3, earlier));
  return parts.join('\n\n');
}

/** The lead and the numbered list of suggestions that answer a request for ideas. */
function ideas(
  t: CoachPhrases,
  input: OfflineCoachInput,
  context: {
    request: IdeaRequest;
    seed: number;
    earlier: string[];
    earlierMessages: string[];
    text: string;
    brief: boolean;
  },
): string[] {
  const { request, seed, earlier } = context;
  const topic = sessionTopic(context.text, context.earlierMessages, input.language);
  const leads = request.decision ? t.decisionLeads : t.ideaLeads;
  const lead = pickFresh(leads, seed, earlier) ?? pick(leads, seed);
  const all = suggestionLines(t, { ...request, topic, seed, earlier });
  const lines = context.brief ? all.slice(0, 2) : all;
  return [lead, lines.map((line, i) => `${i + 1}. ${line}`).join('\n')];
}

/** How much of a document the passage to quote is looked for in. */
const PASSAGE_SCAN_CHARS = 2_000;

/**
 * What the offline coach says about the message's files: the documents it read (by name, with a
 * whole short phrase of the first), those without text, images it cannot see, or that it could not
 * read them.
 */
function attachmentLines(input: OfflineCoachInput, attachmentMessage: boolean): string[] {
  const t = phrases[input.language];
  const attachments = input.attachments ?? [];
  const summary = input.attachmentSummary ?? noAttachmentSummary;
  const names = (list: string[]) => list.map((name) => `${t.quotes[0]}${name}${t.quotes[1]}`).join(', ');
  const lines: string[] = [];
  const first = attachments[0];
  if (first) {
    const passage = keyPhrase(first.text.slice(0, PASSAGE_SCAN_CHARS), input.language);
    const n = names(attachments.map((a) => a.name));
    lines.push(passage ? fill(t.attachmentRead, { n, p: passage }) : fill(t.attachmentReadNoPassage, { n }));
  }
  if (summary.empty.length > 0) lines.push(fill(t.attachmentEmpty, { n: names(summary.empty) }));
  if (summary.images.length > 0)
    lines.push(fill(t.imagesUnseen, { n: names(summary.images.map((image) => image.name)) }));
  if (summary.unreadable || (attachmentMessage && lines.length === 0)) lines.push(t.attachmentUnreadable);
  return lines;
}
