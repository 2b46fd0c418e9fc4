import type { LanguageCode } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { buildCoachContext } from '../coach-context.ts';
import type { MemoryNote } from '../memory/memory-rules.ts';
import { offlineCoachReply } from './offline-coach.ts';

// docs/product.md#memory: the offline coach uses what the person asked it to remember, naturally.
const cases: Record<LanguageCode, { goal: string; message: string; unrelated: string }> = {
  en: {
    goal: 'My goal is to run a half marathon in spring',
    message: 'Training for the marathon feels so hard this week, my legs are heavy.',
    unrelated: 'My neighbour plays loud music every evening and I cannot focus.',
  },
  de: {
    goal: 'Mein Ziel ist, einen Halbmarathon zu laufen',
    message: 'Das Training für den Halbmarathon fällt mir diese Woche schwer.',
    unrelated: 'Mein Nachbar hört jeden Abend laute Musik und ich kann mich nicht konzentrieren.',
  },
  fr: {
    goal: 'Mon objectif est de courir un semi-marathon',
    message: "L'entraînement pour le semi-marathon est dur cette semaine.",
    unrelated: 'Mon voisin écoute de la musique forte tous les soirs et je ne peux pas me concentrer.',
  },
  it: {
    goal: 'Il mio obiettivo è correre una maratona',
    message: 'Questa settimana allenarmi per la maratona è davvero faticoso.',
    unrelated: 'Il mio vicino ascolta musica ad alto volume ogni sera e non riesco a concentrarmi.',
  },
  es: {
    goal: 'Mi meta es correr un maratón en primavera',
    message: 'Esta semana entrenar para el maratón se me hace muy difícil.',
    unrelated: 'Mi vecino pone música alta cada noche y no me puedo concentrar.',
  },
};

const reply = (
  language: LanguageCode,
  message: string,
  memory: MemoryNote[],
  history: { role: 'user' | 'assistant'; content: string }[] = [],
) => offlineCoachReply({ language, message, history, answers: [], memory });

describe('the offline coach with memory', () => {
  it.each(Object.keys(cases) as LanguageCode[])(
    'in %s brings up a stated goal when the message is about it, quoted whole, and asks one question',
    (language) => {
      const { goal, message, unrelated } = cases[language];
      const memory: MemoryNote[] = [
        { kind: 'goal', text: goal },
        { kind: 'helps', text: 'Cooking for friends' },
      ];
      const text = reply(language, message, memory);
      expect(text).toContain(goal);
      expect((text.match(/\?/g) ?? []).length).toBe(1);
      // Not when the message is about something else, and not without memory.
      expect(reply(language, unrelated, memory)).not.toContain(goal);
      expect(reply(language, message, [])).not.toContain(goal);
    },
  );

  it('does not bring up the same item twice in a session, nor with the same words', () => {
    const memory: MemoryNote[] = [{ kind: 'goal', text: cases.en.goal }];
    const first = reply('en', cases.en.message, memory);
    const second = reply('en', 'The marathon plan still feels too big for me.', memory, [
      { role: 'user', content: cases.en.message },
      { role: 'assistant', content: first },
    ]);
    expect(first).toContain(cases.en.goal);
    expect(second).not.toContain(cases.en.goal);
  });

  it('never quotes an item with crisis words, even one the person typed', () => {
    const memory: MemoryNote[] = [{ kind: 'other', text: 'Training for the marathon makes me want to die' }];
    expect(reply('en', cases.en.message, memory)).not.toContain('want to die');
  });

  it('keeps its answers shorter for a person who asked for short answers', () => {
    const answers = [
      { questionKey: 'question_6' as const, answerText: 'Long runs by the river with my training group.' },
    ];
    const asked = 'Can you give me some ideas to keep training for my run when I feel tired?';
    const usual = offlineCoachReply({ language: 'en', message: asked, history: [], answers });
    const brief = offlineCoachReply({
      language: 'en',
      message: asked,
      history: [],
      answers,
      memory: [{ kind: 'preference', text: 'I prefer short answers' }],
    });
    expect(brief.length).toBeLessThan(usual.length);
    expect(brief).toMatch(/1\. .*\n2\. /);
    expect(brief).not.toMatch(/\n3\. /);
    const it = offlineCoachReply({
      language: 'it',
      message: 'Mi dai qualche idea per organizzarmi meglio al lavoro?',
      history: [],
      answers: [],
      memory: [{ kind: 'preference', text: 'Preferisco risposte brevi' }],
    });
    expect(it).not.toMatch(/\n3\. /);
  });
});

describe("the model's context with memory", () => {
  const base = { language: 'en' as const, history: [], message: 'Hello', answers: [], attachments: [] };

  it('holds the items in their own block, and none when memory is off (no items given)', () => {
    const memory: MemoryNote[] = [
      { kind: 'goal', text: 'My goal is to run a half marathon' },
      { kind: 'preference', text: 'I prefer short answers' },
    ];
    const system = buildCoachContext({ ...base, memory, budgetTokens: 4000 }).messages[0]!.content;
    expect(system).toContain(
      '<memory>\n- (goal) My goal is to run a half marathon\n- (preference) I prefer short answers\n</memory>',
    );
    expect(buildCoachContext({ ...base, memory: [], budgetTokens: 4000 }).messages[0]!.content).not.toContain(
      '<memory>',
    );
  });

  it('keeps the newest items within its share of the budget', () => {
    const memory: MemoryNote[] = Array.from({ length: 200 }, (_, i) => ({
      kind: 'other' as const,
      text: `Item number ${i} with a few more words to take some room`,
    }));
    const context = buildCoachContext({ ...base, memory, budgetTokens: 2000 });
    const system = context.messages[0]!.content;
    expect(system).toContain('Item number 199 ');
    expect(system).not.toContain('Item number 0 ');
    expect(context.promptTokens).toBeLessThan(2000);
  });
});
