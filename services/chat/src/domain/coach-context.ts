import type { LanguageCode, QuestionKey } from '@innerview/contracts';
import type { MemoryNote } from './memory/memory-rules.ts';
import { stepTopics, systemPrompt } from './system-prompt.ts';
import { estimateTokens, truncateToTokens } from './tokens.ts';

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface QuestionnaireAnswer {
  questionKey: QuestionKey;
  answerText: string;
}

export interface AttachmentText {
  name: string;
  text: string;
}

/** What else the coach must know about a message's files beyond their texts. */
export interface AttachmentSummary {
  /** Files were attached but could not be read at all (files service down or not configured). */
  unreadable: boolean;
  /** Files read that hold no text (a scanned PDF): their names. */
  empty: string[];
  /** Attached images: the data URL when the model sees images, else only the name. */
  images: { name: string; dataUrl?: string }[];
}

export const noAttachmentSummary: AttachmentSummary = { unreadable: false, empty: [], images: [] };

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CoachContextInput {
  language: LanguageCode;
  /** The conversation before the message being answered, oldest first. */
  history: HistoryTurn[];
  message: string;
  answers: QuestionnaireAnswer[];
  attachments: AttachmentText[];
  /** Notes on files that could not be read or seen (absent: none). */
  attachmentSummary?: AttachmentSummary;
  /** The person's memory items (docs/product.md#memory); absent or empty when memory is off. */
  memory?: MemoryNote[];
  /** Tokens the whole context may take. */
  budgetTokens: number;
}

/** What the coach is given: the chat-completions messages, and what was kept and dropped. */
export interface CoachContext {
  messages: ModelMessage[];
  promptTokens: number;
  /** The history turns that fit, oldest first. */
  keptHistory: HistoryTurn[];
  droppedTurns: number;
}

const SHARE_QUESTIONNAIRE = 0.3;
const SHARE_ATTACHMENTS = 0.2;
const SHARE_SUMMARY = 0.1;
const SHARE_MESSAGE = 0.3;
const SUMMARY_LINE_TOKENS = 40;
const SHARE_MEMORY = 0.1;

/** The memory items that fit in `tokens`, newest first (the latest word on a goal counts most). */
function memoryBlock(memory: MemoryNote[] | undefined, tokens: number): string | null {
  if (!memory || memory.length === 0) return null;
  const lines: string[] = [];
  let used = 0;
  for (const note of [...memory].reverse()) {
    const line = `- (${note.kind}) ${note.text.replace(/\s+/g, ' ')}`;
    used += estimateTokens(line);
    if (used > tokens) break;
    lines.push(line);
  }
  if (lines.length === 0) return null;
  return `What the person lets you remember from earlier (their goals, values, people, what helps, preferences for how you coach). Use it when it is relevant, follow their preferences, never recite the list:\n<memory>\n${lines.reverse().join('\n')}\n</memory>`;
}

function questionnaireBlock(answers: QuestionnaireAnswer[], tokens: number): string | null {
  if (answers.length === 0) return null;
  const each = Math.max(20, Math.floor(tokens / answers.length) - 10);
  const lines = answers.map((a) => `${stepTopics[a.questionKey]}: ${truncateToTokens(a.answerText, each)}`);
  return `What the person shared in their questionnaire:\n<questionnaire>\n${lines.join('\n')}\n</questionnaire>`;
}

const quotedName = (name: string) => `"${name.replace(/["<>\n]/g, '')}"`;

function attachmentsBlock(attachments: AttachmentText[], tokens: number): string | null {
  if (attachments.length === 0) return null;
  const each = Math.max(20, Math.floor(tokens / attachments.length) - 10);
  const parts = attachments.map(
    (a) => `<attachment name=${quotedName(a.name)}>\n${truncateToTokens(a.text, each)}\n</attachment>`,
  );
  return `Files the person attached to this message (extracted text):\n${parts.join('\n')}`;
}

/** Files the coach cannot read or see: it says so briefly instead of guessing at them. */
function attachmentNotesBlock(summary: AttachmentSummary | undefined): string | null {
  if (!summary) return null;
  const lines: string[] = [];
  if (summary.unreadable)
    lines.push(
      'The person attached files to this message, but they could not be read just now. Say briefly that you could not read them, and invite the person to tell you what matters in them.',
    );
  if (summary.empty.length > 0)
    lines.push(
      `These attached files hold no readable text (perhaps scanned pages): ${summary.empty.map(quotedName).join(', ')}. Say so briefly if it matters.`,
    );
  const unseen = summary.images.filter((image) => !image.dataUrl);
  if (unseen.length > 0)
    lines.push(
      `The person attached images you cannot see: ${unseen.map((image) => quotedName(image.name)).join(', ')}. Say briefly that you cannot see images, and invite the person to describe what matters in them.`,
    );
  const seen = summary.images.filter((image) => image.dataUrl);
  if (seen.length > 0)
    lines.push(
      `The images attached to this message come with it: ${seen.map((i) => quotedName(i.name)).join(', ')}.`,
    );
  return lines.length > 0 ? lines.join('\n') : null;
}

/** The dropped older turns as short lines (what the person said first), within `tokens`. */
function summaryBlock(dropped: HistoryTurn[], tokens: number): string | null {
  if (dropped.length === 0) return null;
  const lines: string[] = [];
  let used = 0;
  for (const turn of dropped) {
    if (turn.role !== 'user') continue;
    const line = `- ${truncateToTokens(turn.content.replace(/\s+/g, ' '), SUMMARY_LINE_TOKENS)}`;
    used += estimateTokens(line);
    if (used > tokens) break;
    lines.push(line);
  }
  const head = `Earlier in this conversation (${dropped.length} older messages, shortened to what the person said):`;
  return lines.length > 0 ? `${head}\n${lines.join('\n')}` : null;
}

/**
 * The model's context within the token budget: the system prompt always (never dropped), the
 * questionnaire, memory and attachments within their shares, the message being answered, then as much
 * history as fits, newest first; older turns are summarised in a few lines or dropped.
 */
export function buildCoachContext(input: CoachContextInput): CoachContext {
  const budget = input.budgetTokens;
  const system = [
    systemPrompt(input.language),
    questionnaireBlock(input.answers, Math.floor(budget * SHARE_QUESTIONNAIRE)),
    memoryBlock(input.memory, Math.floor(budget * SHARE_MEMORY)),
    attachmentsBlock(input.attachments, Math.floor(budget * SHARE_ATTACHMENTS)),
    attachmentNotesBlock(input.attachmentSummary),
  ]
    .filter((part): part is string => part !== null)
    .join('\n\n');
  const message = truncateToTokens(input.message, Math.floor(budget * SHARE_MESSAGE));
  let remaining = budget - estimateTokens(system) - estimateTokens(message);
  const summaryReserve = input.history.length > 0 ? Math.floor(budget * SHARE_SUMMARY) : 0;
  remaining -= summaryReserve;
  let firstKept = input.history.length;
  for (let i = input.history.length - 1; i >= 0; i--) {
    const cost = estimateTokens(input.history[i]!.content) + 4;
    if (cost > remaining) break;
    remaining -= cost;
    firstKept = i;
  }
  // A conversation resumes with a person's turn, never with a reply whose question is gone.
  while (firstKept < input.history.length && input.history[firstKept]!.role !== 'user') firstKept++;
  const kept = input.history.slice(firstKept);
  const dropped = input.history.slice(0, firstKept);
  const summary = summaryBlock(dropped, summaryReserve);
  const messages: ModelMessage[] = [
    { role: 'system', content: system },
    ...(summary ? [{ role: 'system' as const, content: summary }] : []),
    ...kept.map((turn) => ({ role: turn.role, content: turn.content })),
    { role: 'user', content: message },
  ];
  const promptTokens = messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0);
  return { messages, promptTokens, keptHistory: kept, droppedTurns: dropped.length };
}
