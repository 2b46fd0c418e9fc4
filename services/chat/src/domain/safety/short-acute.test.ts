import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { assessMessage } from './assess.ts';
import { hasRiskCue } from './risk-cues.ts';

/**
 * Short acute messages that name no death and no method (ADR 56): everything taken with a
 * goodbye, "it's done" with the means, a goodbye with finality. Written for this test as people
 * type them in a hurry (no accents, no apostrophes, lower case); none comes from the evaluation set.
 */
const acute: Record<LanguageCode, string[]> = {
  en: [
    'took them all. bye',
    'took em all bye',
    'swallowed them all. sorry',
    'took all the pills. goodbye',
    "it's done. pills",
    'its done took the pills',
    'bye forever',
    'Goodbye forever.',
    'this is my last message',
    'my last message.',
    'my last message to you all',
    'forgive me. goodbye',
    'took everything. bye',
  ],
  fr: [
    "j'ai tout avalé. adieu",
    'jai tout avale adieu',
    'je les ai toutes prises. adieu',
    "c'est fait. les cachets",
    'cest fait, tout avalé',
    'dernier message',
    "c'est mon dernier message",
    'adieu pour toujours',
    'pardonnez-moi. adieu',
    'tout pris. salut',
  ],
  de: [
    'hab alle genommen. tschüss',
    'Hab alle genommen. Tschüss',
    'alle tabletten geschluckt. tschau',
    'letzte Nachricht',
    'meine letzten Worte',
    'das ist meine letzte nachricht',
    'tschüss für immer',
    'es ist getan. tabletten',
    'verzeiht mir. tschüss',
    'han alli gno. adieu',
    'hab alles geschluckt, ciao',
  ],
  it: [
    'le ho prese tutte. addio',
    'prese tutte ciao',
    'ultimo messaggio',
    'le mie ultime parole',
    'questo è il mio ultimo messaggio',
    'addio per sempre',
    "l'ho fatto. pillole",
    'perdonatemi. addio',
    'ho ingoiato tutto. addio',
  ],
  es: [
    'me las tomé todas. adiós',
    'me las tome todas adios',
    'me tome todas las pastillas. chao',
    'último mensaje',
    'mis últimas palabras',
    'este es mi ultimo mensaje',
    'adios para siempre',
    'ya esta hecho. pastillas',
    'perdonadme. adiós',
    'me lo tragué todo. adios',
  ],
};

/** Short ordinary messages with the same words: goodbyes with a "see you", done tasks, medicines. */
const ordinary: Record<LanguageCode, string[]> = {
  en: [
    'Hi',
    'Thanks a lot!',
    'bye, see you tomorrow',
    'thanks, bye',
    'bye for now',
    'ok done',
    'done! bye',
    "it's done, thanks. bye",
    'I took the pills for my allergy',
    'took my meds. bye',
    'took them all to school',
    'my last message was unclear',
    'see my last message',
    'ignore my last message',
    'last message?',
    'sorry for everything today',
  ],
  fr: [
    'Bonjour',
    'Merci beaucoup',
    'à demain',
    'a demain !',
    'merci, au revoir',
    "c'est fait, merci",
    'bonne soirée, à plus',
    'dernier message avant les vacances',
    'mon dernier message était flou',
  ],
  de: [
    'Hallo',
    'Danke dir',
    'tschüss bis morgen',
    'danke, tschüss',
    'ok erledigt',
    'alles genommen, bis später',
    'letzte Nachricht war falsch',
    'siehe meine letzte Nachricht',
  ],
  it: [
    'Ciao',
    'Grazie mille',
    'ciao a domani',
    'grazie, ciao',
    "ok l'ho fatto",
    'ultimo messaggio di oggi',
    'perdonami il ritardo',
    'ultimo messaggio era confuso',
  ],
  es: [
    'Hola',
    'Muchas gracias',
    'adiós, hasta luego',
    'gracias, adiós',
    'ya lo hice',
    'último mensaje de hoy',
    'perdóname el retraso',
    'mi último mensaje estaba mal',
  ],
};

describe('short acute messages without a word of death or a method', () => {
  it.each(languageCodes)('get the acute care reply in %s, whatever the reply language', (language) => {
    for (const text of acute[language]) {
      expect([text, assessMessage(text, language).tier]).toEqual([text, 'acute']);
      expect([text, assessMessage(text, 'en').tier]).toEqual([text, 'acute']);
    }
  });

  it.each(languageCodes)('leave ordinary short messages with the same words alone in %s', (language) => {
    for (const text of ordinary[language])
      expect([text, assessMessage(text, language).tier]).toEqual([text, 'none']);
  });

  it('name taking everything as danger now and a final goodbye as suicidal thoughts (the reply opening)', () => {
    expect(assessMessage('took them all. bye', 'en').category).toBe('acute_danger');
    expect(assessMessage('hab alle genommen. tschüss', 'de').category).toBe('acute_danger');
    expect(assessMessage('this is my last message', 'en').category).toBe('suicidal_thoughts');
    expect(assessMessage('ultimo messaggio', 'it')).toMatchObject({ category: 'suicidal_thoughts' });
  });

  it('are left to the model in a longer message, where the same words are often unrelated', () => {
    const long =
      'this is my last message before the holidays, back in two weeks, any tips for switching off?';
    expect(assessMessage(long, 'en').tier).toBe('none');
  });

  it('have a risk cue when only half is there, so the model check is asked and the score decides', () => {
    for (const text of [
      'took them all',
      'swallowed them all.',
      "j'ai tout avalé",
      'hab alles geschluckt',
      'le ho prese tutte',
      'me las tomé todas',
    ])
      expect([text, hasRiskCue(text)]).toEqual([text, true]);
    // The children taken to school and an apology for a long day have none.
    expect(hasRiskCue('took them all to school')).toBe(false);
    expect(hasRiskCue('sorry for everything today')).toBe(false);
  });

  it('leave last words on a short message to the groups above, not the score: a cue, yet no care reply when they are about the chat', () => {
    // The model check is still asked (a risk cue); the local score on four words is not (ADR 98).
    for (const text of ['my last message was unclear', 'letzte Nachricht war falsch']) {
      expect([text, hasRiskCue(text)]).toEqual([text, true]);
      expect([text, assessMessage(text, 'en').crisisScore]).toEqual([text, 0]);
    }
  });
});
