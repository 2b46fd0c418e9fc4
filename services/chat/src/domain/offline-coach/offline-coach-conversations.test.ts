import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import type { HistoryTurn } from '../coach-context.ts';
import { detectTextLanguage, replyLanguage } from '../language.ts';
import { assessMessage } from '../safety/assess.ts';
import { safetyReply } from '../safety/crisis-reply.ts';
import { type CoachConversation, conversations } from './conversations.fixtures.ts';
import { feelingsIn } from './feelings.ts';
import { offlineCoachReply } from './offline-coach.ts';
import { feelings, phrases } from './phrases.ts';
import { MAX_QUOTE_WORDS, occursWhole } from './whole-phrases.ts';

// Thirty short conversations as people write them, through the offline coach turn by turn, each
// reply checked as a reader would: one question at the end and never one asked before in the
// session, quotations only of whole phrases the person wrote, feelings named only when the person's
// words name them, two or three numbered suggestions whenever ideas or advice are asked for (and
// no list otherwise), and the person's language.

const quoted: Record<LanguageCode, RegExp> = {
  en: /“([^”]*)”/g,
  fr: /«\u00a0([^»]*)\u00a0»/g,
  de: /„([^“]*)“/g,
  it: /«([^»]*)»/g,
  es: /«([^»]*)»/g,
};

const spansOf = (reply: string, language: LanguageCode) =>
  [...reply.matchAll(quoted[language])].map((m) => m[1]!);
const withoutQuotes = (reply: string, language: LanguageCode) => reply.replace(quoted[language], '…');
const listItems = (reply: string) => reply.split('\n').filter((line) => /^\d\. \S/.test(line));
const questionMarks = (reply: string) => (reply.match(/\?/g) ?? []).length;

interface Turn {
  message: string;
  reply: string;
  care: boolean;
}

function run(conversation: CoachConversation): Turn[] {
  const history: HistoryTurn[] = [];
  const turns: Turn[] = [];
  for (const message of conversation.turns) {
    // The language the service would answer in: the message's own when clear, else the saved one.
    const language = replyLanguage({ message, saved: conversation.language });
    expect(language, message).toBe(conversation.language);
    const reply = offlineCoachReply({ language, message, history, answers: conversation.answers ?? [] });
    turns.push({ message, reply, care: assessMessage(message, language).tier !== 'none' });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
  }
  return turns;
}

describe('the offline coach over thirty short conversations', () => {
  it('has six conversations of three to six turns in each language, and every request for ideas is one the coach answers', () => {
    for (const language of languageCodes)
      expect(conversations.filter((c) => c.language === language)).toHaveLength(6);
    for (const c of conversations) {
      expect(c.turns.length).toBeGreaterThanOrEqual(3);
      expect(c.turns.length).toBeLessThanOrEqual(6);
      expect(c.asksForIdeas.length).toBeGreaterThan(0);
      // A request the safety detector flagged would get the care reply, and test nothing here.
      for (const i of c.asksForIdeas)
        expect(assessMessage(c.turns[i]!, c.language).tier, c.turns[i]).toBe('none');
    }
  });

  it.each(conversations.map((c) => [c.name, c] as const))('%s', (_, conversation) => {
    const { language } = conversation;
    const t = phrases[language];
    const turns = run(conversation);
    const asked: string[] = [];
    const paragraphs: string[] = [];
    const userText = [...conversation.turns, ...(conversation.answers ?? []).map((a) => a.answerText)];
    for (const [index, { message, reply, care }] of turns.entries()) {
      if (care) {
        // A message the detector flags keeps the care reply exactly as before.
        const { tier, category } = assessMessage(message, language);
        if (tier === 'none') throw new Error('a care turn is one the detector flags');
        expect(reply).toBe(safetyReply({ tier, category, language }));
        continue;
      }
      // Exactly one question, at the end, never asked before in this conversation.
      expect(questionMarks(reply), reply).toBe(1);
      const question = reply.split('\n\n').at(-1)!;
      expect(question.endsWith('?'), reply).toBe(true);
      expect(asked, reply).not.toContain(question);
      asked.push(question);
      // Quotations: whole phrases the person wrote, at word boundaries, short.
      for (const span of spansOf(reply, language)) {
        expect(
          userText.some((text) => occursWhole(span, text)),
          `"${span}" is not a whole phrase of the person's words`,
        ).toBe(true);
        expect(span.split(' ').length).toBeLessThanOrEqual(MAX_QUOTE_WORDS);
      }
      // Feelings: only those the message's own words name (the quoted words are the person's).
      const own = withoutQuotes(reply, language);
      const expressed = new Set(feelingsIn(message, language));
      for (const feeling of feelingsIn(own, language)) expect(expressed, reply).toContain(feeling);
      for (const feeling of feelings)
        if (!expressed.has(feeling)) expect(own, reply).not.toContain(t.feelingNouns[feeling]);
      // Ideas: two or three numbered suggestions when asked, then the one question; no list otherwise.
      const items = listItems(reply);
      if (conversation.asksForIdeas.includes(index)) {
        expect(items.length, reply).toBeGreaterThanOrEqual(2);
        expect(items.length, reply).toBeLessThanOrEqual(3);
        for (const item of items) expect(item).not.toContain('?');
      } else expect(items, reply).toEqual([]);
      // The person's language, and no paragraph said twice in the conversation (no fixed template).
      expect(detectTextLanguage(own) ?? language, reply).toBe(language);
      for (const paragraph of own.split('\n\n').slice(0, -1)) {
        expect(paragraphs, reply).not.toContain(paragraph);
        paragraphs.push(paragraph);
      }
    }
    // How many of these turns get the care reply is a safety figure, counted over all thirty
    // conversations (assess.test.ts, docs/safety.md "Ordinary coaching conversations"), not per
    // conversation: on four turns one borderline message decides a per-conversation share.
  });

  it.each(languageCodes)('never asks the same question twice in a long session, in %s', (language) => {
    const history: HistoryTurn[] = [];
    const asked: string[] = [];
    for (let i = 0; i < 16; i++) {
      // The first messages of the six conversations, again and again, numbered: one long session.
      const first = conversations.filter((c) => c.language === language)[i % 6]!.turns[0]!;
      const message = `${first} (${i + 1})`;
      const reply = offlineCoachReply({ language, message, history, answers: [] });
      history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
      if (assessMessage(message, language).tier !== 'none') continue;
      const question = reply.split('\n\n').at(-1)!;
      expect(asked).not.toContain(question);
      asked.push(question);
    }
    expect(asked.length).toBeGreaterThanOrEqual(12);
  });
});
