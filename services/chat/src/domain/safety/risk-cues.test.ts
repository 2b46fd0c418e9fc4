import { languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';
import { hasRiskCue, riskCueLanguages } from './risk-cues.ts';
import { safetyTestSet } from './test-set.ts';

describe('the risk-cue pre-filter', () => {
  it.each(languageCodes)('has a cue in every crisis sentence of the test set in %s', (language) => {
    const without = safetyTestSet[language].filter((c) => c.expected !== null && !hasRiskCue(c.text));
    expect(without.map((c) => c.text)).toEqual([]);
  });

  it('reads folded text (case, accents, ß) and names the language whose words matched', () => {
    expect(riskCueLanguages('JE VEUX DISPARAÎTRE')).toEqual(['fr']);
    expect(riskCueLanguages('Ich bin so lebensmüde')).toEqual(['de']);
    expect(riskCueLanguages('Mein Freund stößt mich')).toEqual(['de']);
    expect(riskCueLanguages('me siento vacía')).toEqual(['es']);
    expect(riskCueLanguages('non ce la faccio più')).toEqual(['it']);
    expect(riskCueLanguages('everything feels hopeless')).toEqual(['en']);
  });

  it('is broad on purpose: figures of speech and negations have a cue too (the check decides)', () => {
    expect(hasRiskCue('This deadline is killing me.')).toBe(true);
    expect(hasRiskCue("I'm not suicidal, just tired.")).toBe(true);
    expect(hasRiskCue('Mi ammazzo di lavoro.')).toBe(true);
  });

  it("has no cue in the day's last message, but has one in a last message", () => {
    for (const calm of [
      'last message for today, thanks!',
      'dernier message de la journée',
      'letzte Nachricht für heute',
      'ultimo messaggio di oggi',
      'último mensaje de hoy',
    ])
      expect([calm, hasRiskCue(calm)]).toEqual([calm, false]);
    for (const farewell of [
      'this is my last message',
      'dernier message.',
      'letzte Nachricht',
      'ultimo messaggio',
      'último mensaje, perdón',
    ])
      expect([farewell, hasRiskCue(farewell)]).toEqual([farewell, true]);
  });

  it('leaves everyday coaching messages alone, including words that look like cues in another language', () => {
    for (const message of [
      'I would like to think about my week',
      'Hello',
      'I want to step outside my comfort zone and ask for a raise.',
      'How do I talk to my existing clients about the new prices?',
      'I want to wake up early and go running before work.',
      'My future career worries me a little.',
      'Je voudrais changer ma vie professionnelle, du coup je réfléchis à une formation.',
      'Ich habe gestern einen Vorschlag gemacht und bin dann nach Bern gefahren.',
      'Die Arbeit macht mir Spass, aber die Kollegen sind laut.',
      'Vorrei parlare della mia vita lavorativa e del mio futuro.',
      'Quiero hablar de mi vida y de mi futuro profesional.',
      'This spring I want more harmony at home.',
    ])
      expect([message, hasRiskCue(message)]).toEqual([message, false]);
  });

  it('costs next to nothing per message (about 5 µs measured), also for a long one', () => {
    const texts = [...Object.values(safetyTestSet), ...Object.values(heldOutSet)].flat().map((c) => c.text);
    for (const text of texts) hasRiskCue(text);
    const started = performance.now();
    for (let round = 0; round < 5; round++) for (const text of texts) hasRiskCue(text);
    // The bound leaves room for a busy CI host; it runs before every reply of a model coach.
    expect((performance.now() - started) / (texts.length * 5)).toBeLessThan(0.1);
    const long = 'I had a long day at work and my manager gave me feedback. '.repeat(150);
    const longStarted = performance.now();
    for (let i = 0; i < 20; i++) expect(hasRiskCue(long)).toBe(false);
    expect((performance.now() - longStarted) / 20).toBeLessThan(5);
  });
});
