import { goalOffers, goalStatement, offersGoal } from '@innerview/contracts/goal-statement';
import { describe, expect, it } from 'vitest';
import { type OfflineCoachInput, offlineCoachReply } from './offline-coach/offline-coach.ts';

// docs/product.md#goals "The coach proposes a goal": the goal a message states, in five languages.
describe('goalStatement', () => {
  it.each([
    ['My goal is to run 5 km by June.', 'Run 5 km by June'],
    ['I want to finish my thesis by the end of March', 'Finish my thesis by the end of March'],
    ['Mon objectif est de parler espagnol. Et toi ?', 'Parler espagnol'],
    ['Je veux courir 10 km d’ici l’été', 'Courir 10 km d’ici l’été'],
    ['Mein Ziel ist, jeden Tag zu lesen', 'Jeden Tag zu lesen'],
    ['Ich will bis Mai zehn Kilo abnehmen', 'Bis Mai zehn Kilo abnehmen'],
    ['Il mio obiettivo è di correre 5 km', 'Correre 5 km'],
    ['Voglio finire la tesi entro marzo', 'Finire la tesi entro marzo'],
    ['Mi objetivo es aprender a nadar.', 'Aprender a nadar'],
    ['Quiero terminar el libro para el verano', 'Terminar el libro para el verano'],
  ])('%s → %s', (message, title) => {
    expect(goalStatement(message)).toBe(title);
  });

  it.each(['I want to sleep', 'What is my goal?', 'Voglio dormire', 'My goal is?'])(
    'none in %s',
    (message) => {
      expect(goalStatement(message)).toBeNull();
    },
  );
});

describe('the offline coach offers to keep a stated goal', () => {
  const input = (message: string, language: 'en' | 'it'): OfflineCoachInput => ({
    message,
    language,
    history: [],
    answers: [],
  });

  it('offers it in the person’s language, and not for an ordinary message', () => {
    const en = offlineCoachReply(input('My goal is to run 5 km by June.', 'en'));
    expect(en).toContain(goalOffers.en);
    expect(offersGoal(en)).toBe(true);
    const it = offlineCoachReply(input('Il mio obiettivo è correre 5 km entro giugno.', 'it'));
    expect(it).toContain(goalOffers.it);
    expect(offersGoal(offlineCoachReply(input('Work has been busy lately.', 'en')))).toBe(false);
  });

  it('never offers it in a care reply', () => {
    const reply = offlineCoachReply(input('My goal is to kill myself tonight.', 'en'));
    expect(offersGoal(reply)).toBe(false);
  });
});
