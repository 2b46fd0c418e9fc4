import type { LanguageCode } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { explicitStatements } from './explicit-statements.ts';
import { MEMORY_ITEM_LIMIT, newNotes, shortenAtWord } from './memory-rules.ts';
import { questionnaireNotes } from './questionnaire-notes.ts';

// docs/product.md#memory: what the offline coach keeps from a message, in the five languages.
const statements: Array<[LanguageCode, string, Array<{ kind: string; text: string }>]> = [
  [
    'en',
    'Remember that I prefer short answers. My goal is to run a half marathon in spring.',
    [
      { kind: 'preference', text: 'I prefer short answers' },
      { kind: 'goal', text: 'My goal is to run a half marathon in spring' },
    ],
  ],
  [
    'en',
    "What helps me is a long walk after work. I'd like to change how I react to criticism.",
    [
      { kind: 'helps', text: 'What helps me is a long walk after work' },
      { kind: 'change', text: "I'd like to change how I react to criticism" },
    ],
  ],
  [
    'de',
    'Merk dir, dass ich kurze Antworten lieber mag. Mein Ziel ist, jeden Morgen zu schreiben.',
    [
      { kind: 'preference', text: 'Dass ich kurze Antworten lieber mag' },
      { kind: 'goal', text: 'Mein Ziel ist, jeden Morgen zu schreiben' },
    ],
  ],
  [
    'de',
    'Was mir wirklich wichtig ist, ist Ehrlichkeit. Ich bevorzuge konkrete Fragen.',
    [
      { kind: 'value', text: 'Was mir wirklich wichtig ist, ist Ehrlichkeit' },
      { kind: 'preference', text: 'Ich bevorzuge konkrete Fragen' },
    ],
  ],
  [
    'fr',
    'Souviens-toi que je préfère les réponses courtes. Mon objectif est de changer de travail.',
    [
      { kind: 'preference', text: 'Je préfère les réponses courtes' },
      { kind: 'goal', text: 'Mon objectif est de changer de travail' },
    ],
  ],
  [
    'fr',
    "Ce qui m'aide, c'est de courir le matin.",
    [{ kind: 'helps', text: "Ce qui m'aide, c'est de courir le matin" }],
  ],
  [
    'it',
    'Ricordati che preferisco risposte brevi. Il mio obiettivo è correre una maratona.',
    [
      { kind: 'preference', text: 'Preferisco risposte brevi' },
      { kind: 'goal', text: 'Il mio obiettivo è correre una maratona' },
    ],
  ],
  [
    'en',
    'Good morning coach. Please remember that I prefer short answers, thanks.',
    [{ kind: 'preference', text: 'I prefer short answers' }],
  ],
  [
    'it',
    'Ricorda che preferisco risposte brevi, grazie!',
    [{ kind: 'preference', text: 'Preferisco risposte brevi' }],
  ],
  [
    'it',
    'Ricorda che mia sorella Giulia è la persona con cui parlo di tutto.',
    [{ kind: 'person', text: 'Mia sorella Giulia è la persona con cui parlo di tutto' }],
  ],
  [
    'es',
    'Recuerda que prefiero respuestas cortas. Mi meta es dormir mejor. Lo que me ayuda es caminar.',
    [
      { kind: 'preference', text: 'Prefiero respuestas cortas' },
      { kind: 'goal', text: 'Mi meta es dormir mejor' },
      { kind: 'helps', text: 'Lo que me ayuda es caminar' },
    ],
  ],
  [
    'es',
    'Quiero cambiar mi forma de hablar con mi jefe.',
    [{ kind: 'change', text: 'Quiero cambiar mi forma de hablar con mi jefe' }],
  ],
];

describe('explicit statements', () => {
  it.each(statements)('in %s: %s', (language, message, expected) => {
    expect(explicitStatements(message, language)).toEqual(expected);
  });

  it.each([
    ['en', "I don't remember that day at all. Work was hard."],
    ['en', 'What helps me when I cannot sleep?'],
    ['de', 'Ich weiß nicht, was ich will.'],
    ['fr', 'Je suis fatiguée ce soir.'],
    ['it', 'Oggi è stata una giornata lunga.'],
    ['es', '¿Qué prefieres tú?'],
  ] as Array<[LanguageCode, string]>)(
    'keeps nothing from plain talk or a question (%s: %s)',
    (language, message) => {
      expect(explicitStatements(message, language)).toEqual([]);
    },
  );

  it('reads a sentence in another language with that language’s rules', () => {
    expect(explicitStatements('Il mio obiettivo è imparare il tedesco.', 'en')).toEqual([
      { kind: 'goal', text: 'Il mio obiettivo è imparare il tedesco' },
    ]);
  });
});

describe('which proposed notes are kept', () => {
  it('drops crisis words, heavy words, duplicates of kept items and what does not fit under the limit', () => {
    const kept = newNotes(
      [
        { kind: 'goal', text: 'I want to kill myself' },
        { kind: 'other', text: 'Remember that I have no reason to live anymore' },
        { kind: 'preference', text: 'I prefer short answers!' },
        { kind: 'goal', text: 'My goal is to sleep before midnight' },
        { kind: 'goal', text: 'my goal is to sleep before midnight.' },
        { kind: 'value', text: 'Honesty matters to me' },
      ],
      ['I prefer short answers'],
      'en',
      1,
    );
    expect(kept).toEqual([{ kind: 'goal', text: 'My goal is to sleep before midnight' }]);
  });

  it('has a documented limit', () => {
    expect(MEMORY_ITEM_LIMIT).toBe(200);
  });

  it('shortens at a word, never mid-word', () => {
    const short = shortenAtWord(
      'Spending time with my grandchildren in the garden every Sunday afternoon',
      40,
    );
    expect(short).toBe('Spending time with my grandchildren in…');
    expect(short.length).toBeLessThanOrEqual(40);
  });
});

describe('items from the questionnaire', () => {
  it('takes the first sentence of the lasting steps, with their kind, and skips heavy answers', () => {
    const notes = questionnaireNotes(
      [
        { questionKey: 'question_1', answerText: 'Busy and a bit lost.' },
        { questionKey: 'question_7', answerText: 'Open a small bakery with my sister. Maybe in two years.' },
        { questionKey: 'question_6', answerText: 'Long walks by the lake and cooking for friends.' },
        { questionKey: 'question_4', answerText: 'Sometimes I want to die, nobody would notice.' },
      ],
      'en',
    );
    expect(notes).toEqual([
      { kind: 'goal', text: 'Open a small bakery with my sister' },
      { kind: 'helps', text: 'Long walks by the lake and cooking for friends' },
    ]);
  });
});
