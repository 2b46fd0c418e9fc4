import { QUESTIONNAIRE_MESSAGE_PREAMBLE } from '@innerview/contracts/chat';
import { describe, expect, it } from 'vitest';
import { buildCoachContext } from './coach-context.ts';
import { detectTextLanguage, fromAcceptLanguage, replyLanguage } from './language.ts';
import { heuristicTitle, neutralTitle } from './titles.ts';
import { estimateTokens } from './tokens.ts';

describe('language', () => {
  it('reads the best supported language of an Accept-Language header', () => {
    expect(fromAcceptLanguage('ja, de-CH;q=0.8, fr;q=0.9')).toBe('fr');
    expect(fromAcceptLanguage('it-IT')).toBe('it');
    expect(fromAcceptLanguage('ja, zh;q=0.9')).toBeNull();
    expect(fromAcceptLanguage(undefined)).toBeNull();
  });

  it('recognises clear text and leaves short or mixed text undecided', () => {
    expect(detectTextLanguage('Je ne sais pas si je suis à ma place dans cette équipe')).toBe('fr');
    expect(detectTextLanguage('Ich weiss nicht, ob ich in diesem Team richtig bin')).toBe('de');
    expect(detectTextLanguage('Non so se sono al posto giusto in questa squadra')).toBe('it');
    expect(detectTextLanguage('No sé si estoy en el lugar correcto en este equipo')).toBe('es');
    expect(detectTextLanguage("I don't know if I am in the right place in this team")).toBe('en');
    expect(detectTextLanguage('Stress')).toBeNull();
  });

  it('answers in the language written, else requested, saved, browser, then English', () => {
    expect(
      replyLanguage({ message: 'Ich weiss nicht, ob ich in diesem Team richtig bin', requested: 'fr' }),
    ).toBe('de');
    expect(replyLanguage({ message: 'ok', requested: 'fr-CH', saved: 'de' })).toBe('fr');
    expect(replyLanguage({ message: 'ok', saved: 'de', acceptLanguage: 'it' })).toBe('de');
    expect(replyLanguage({ message: 'ok', acceptLanguage: 'it' })).toBe('it');
    expect(replyLanguage({ message: 'ok' })).toBe('en');
  });

  it('reads no language from the questionnaire message, whose preamble is always English', () => {
    const message = `${QUESTIONNAIRE_MESSAGE_PREAMBLE}\nDreams and plans for tomorrow: I would like to open a small bookshop.`;
    expect(replyLanguage({ message, saved: 'it' })).toBe('it');
    expect(replyLanguage({ message, requested: 'de', saved: 'it' })).toBe('de');
  });
});

describe('titles', () => {
  it("a chat that got the care reply is named by the word for conversation and the Swiss day, in the person's language", () => {
    // 23:30 UTC is already the next day in Zurich.
    const day = new Date('2026-11-26T23:30:00Z');
    expect(neutralTitle('en', day)).toBe('Chat · 27 Nov 2026');
    expect(neutralTitle('fr', day)).toBe('Conversation · 27 nov. 2026');
    expect(neutralTitle('de', day)).toBe('Chat · 27.11.2026');
    expect(neutralTitle('it', day)).toBe('Chat · 27 nov 2026');
  });

  it('takes at most six words of the first sentence, without a greeting, with "…" where it was cut', () => {
    expect(heuristicTitle('Hi! How do I prepare for a difficult salary negotiation?', 'en')).toBe(
      'How do I prepare for a…',
    );
    expect(heuristicTitle('How do I prepare for interviews?', 'en')).toBe('How do I prepare for interviews');
    expect(heuristicTitle('Six words and then a dash -', 'en')).toBe('Six words and then a dash');
    const long = heuristicTitle(`${'x'.repeat(150)} word`, 'en');
    expect(long).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
    expect(heuristicTitle('bonjour, je stresse pour mon entretien. Aide-moi', 'fr')).toBe(
      'Je stresse pour mon entretien',
    );
    expect(heuristicTitle('Hallo', 'de')).toBe('Hallo');
    expect(heuristicTitle('**Career** change?', 'en')).toBe('Career change');
  });

  it('names a questionnaire message in the person’s language', () => {
    expect(heuristicTitle(`${QUESTIONNAIRE_MESSAGE_PREAMBLE}\n…`, 'it')).toBe('Conoscersi');
  });
});

describe('the coach context', () => {
  const turn = (i: number) => [
    { role: 'user' as const, content: `Question number ${i} about my work ${'x'.repeat(200)}` },
    { role: 'assistant' as const, content: `Answer number ${i} ${'y'.repeat(200)}` },
  ];

  it('keeps the system prompt and the newest turns within the budget, summarising older ones', () => {
    const history = Array.from({ length: 30 }, (_, i) => turn(i + 1)).flat();
    const context = buildCoachContext({
      language: 'fr',
      history,
      message: 'And now?',
      answers: [{ questionKey: 'question_1', answerText: 'Nurse in Lausanne' }],
      attachments: [],
      budgetTokens: 2000,
    });
    const [system, summary] = context.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Always answer in French');
    expect(system?.content).toContain('not therapy');
    expect(system?.content).toContain('You are an AI');
    expect(system?.content).toContain('Me today: Nurse in Lausanne');
    expect(summary?.content).toMatch(/^Earlier in this conversation/);
    expect(summary?.content).toContain('Question number 1 ');
    expect(context.messages.at(-1)).toEqual({ role: 'user', content: 'And now?' });
    expect(context.keptHistory[0]?.role).toBe('user');
    expect(context.keptHistory.at(-1)?.content).toContain('Answer number 30');
    expect(context.droppedTurns).toBeGreaterThan(0);
    expect(context.promptTokens).toBeLessThanOrEqual(2000);
    expect(context.promptTokens).toBe(
      context.messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0),
    );
  });

  it('keeps the whole history when it fits, with no summary', () => {
    const context = buildCoachContext({
      language: 'en',
      history: turn(1),
      message: 'Hi',
      answers: [],
      attachments: [{ name: 'cv.pdf', text: 'Ten years in nursing' }],
      budgetTokens: 6000,
    });
    expect(context.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(context.messages[0]?.content).toContain('<attachment name="cv.pdf">');
  });
});
