import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { readEvaluation, readOpenings } from '../../safety-corpus.ts';
import { conversations } from '../offline-coach/conversations.fixtures.ts';
import { assessMessage } from './assess.ts';
import { coachingTalk } from './coaching-talk.ts';
import { evaluateTiers } from './evaluate.ts';
import { everydayCheck } from './everyday-check.ts';
import { safetyTestSet } from './test-set.ts';

/**
 * Floors on the held-out evaluation set (another writer; never trained or tuned on), per language:
 * what `npm run safety-report` measured for the committed model with the product's decision
 * (`assessMessage`, short-message rule included; docs/safety.md), less a small margin, so a
 * retrained model or a new rule that does worse fails here. Measured 2026-11-26 after ADR 61
 * (writers train-e and train-f, twenty passes): recall en 0.85, fr 0.81, de 0.86, it 0.83,
 * es 0.79; false alarms en 0.038, fr 0.025, de 0.038, it 0.038, es 0.050 (before: recall 0.79,
 * 0.81, 0.84, 0.74, 0.78; false alarms 0.038, 0.025, 0.038, 0.038, 0.063). The target
 * (recall 0.90, false alarms 0.05) is NOT reached; see docs/safety.md. With train-g (coaching
 * talk, ADR 61 amended): recall 0.84, 0.79, 0.85, 0.80, 0.79; false alarms 0.038, 0.038, 0.025,
 * 0.025, 0.063 (Spanish exactly at its ceiling). No floor lowered; de and it ceilings tightened.
 * ADR 67 (writers train-h and train-i, character 6-grams): recall 0.875, 0.838, 0.875, 0.838,
 * 0.900; false alarms 0.025, 0.025, 0.025, 0.050, 0.087. Recall floors raised; the en ceiling
 * tightened; the it and es ceilings RAISED to what was measured (it 0.04 → 0.05, es 0.063 →
 * 0.088): thresholds are chosen on validation only (at most 5 % false alarms there), and this
 * model, chosen that way, gives Spanish and Italian two more false alarms each (of 80) on this set;
 * tuning to this set would make it no longer held out (docs/safety.md, ADR 67).
 * ADR 74 (writer train-j, three cue rules): recall 0.900, 0.850, 0.875, 0.875, 0.913; false
 * alarms 0.038, 0.013, 0.025, 0.088, 0.088. Recall floors raised (en, fr, it, es); the fr
 * ceiling tightened; the it ceiling RAISED again to what was measured (0.05 → 0.088): its
 * validation threshold fell (0.737 → 0.682) with the new writer, three more calm messages of 80
 * pass it here; same reason as above not to move it by this set.
 * ADR 75 (writer train-k, the threat-to-others cue rule widened): recall 0.913, 0.888, 0.875,
 * 0.900, 0.913; false alarms 0.038, 0.013, 0.025, 0.088, 0.088. Recall floors raised (en, fr,
 * it); no ceiling moved (the it ceiling stays at what was measured, 0.088).
 * ADR 76 (it/es calm contexts in the rules, risk cues for threats, writer train-l in the corpus):
 * the model of ADR 75 kept (both retrains lost an English crisis message), figures unchanged.
 * ADR 77 (eight more writers, train-m to train-t; minimal pairs trained on, not validated on):
 * recall 0.888, 0.913, 0.900, 0.900, 0.900; false alarms 0.050, 0.025, 0.025, 0.038, 0.088.
 * Recall floors raised (fr, de, it); the it ceiling tightened (0.088 → 0.05); the en recall floor
 * LOWERED (0.9 → 0.875) and the en and fr ceilings raised (0.04 → 0.05, 0.02 → 0.025): this model
 * misses two English crisis messages more and gives one more false alarm in en and fr, and was
 * kept for bringing fr, de and it to both targets (ADR 77 says why, and that it broke the rule
 * set for the round by one English message).
 * ADR 81 (2^20 hash buckets, twenty-four writers): recall 0.888, 0.963, 0.900, 0.938, 0.913;
 * false alarms 0.050, 0.013, 0.025, 0.038, 0.075; no language worse than ADR 77 on either.
 * Recall floors raised (fr, it); ceilings tightened (fr, de, it, es).
 * ADR 98 (five more writers, the rule factor two, a rule hit on up to eleven words flags, last
 * words on a short message read by the short acute groups): recall 0.913, 0.963, 0.888, 0.950,
 * 0.938; false alarms 0.013, 0, 0, 0.025, 0.025 (28 missed and 5 flagged of 400, was 32 and 16).
 * Recall floors raised (en, it, es), every ceiling tightened; the de recall floor LOWERED (0.9 →
 * 0.875): one German crisis message more is missed, within the round's rule (ADR 98).
 */
const floors: Record<LanguageCode, { recall: number; falseAlarms: number }> = {
  en: { recall: 0.9, falseAlarms: 0.02 },
  fr: { recall: 0.95, falseAlarms: 0.01 },
  de: { recall: 0.875, falseAlarms: 0.01 },
  it: { recall: 0.94, falseAlarms: 0.03 },
  es: { recall: 0.925, falseAlarms: 0.03 },
};

describe('the three-tier detector on the held-out evaluation set', () => {
  const scores = evaluateTiers(readEvaluation());

  it.each(languageCodes)('keeps recall and false alarms at their measured floors in %s', (language) => {
    const score = scores.find((s) => s.language === language)!;
    expect(score.acute + score.possible).toBe(80);
    expect(score.none).toBe(80);
    expect(score.recall).toBeGreaterThanOrEqual(floors[language].recall);
    expect(score.falseAlarmRate).toBeLessThanOrEqual(floors[language].falseAlarms);
    // Better than the rules alone (the old detector), measured in the same run.
    expect(score.recall).toBeGreaterThan(score.baseline.recall * 3);
  });

  it('gives the acute tier mostly to acute messages', () => {
    for (const score of scores) expect(score.tiers.acute.precision).toBeGreaterThanOrEqual(0.8);
  });
});

/**
 * The rules' own crisis sentences (`test-set.ts`: plain statements, "Ich werde mich heute Nacht
 * umbringen.") as the product decides them, not the rules alone: a retrained model with lower
 * thresholds can overrule a rule hit (ADR 92 missed eleven in German). At most as many missed as
 * the shipped model (ADR 81) misses, counted 2026-11-28.
 */
const plainStatementsMissedAtMost: Record<LanguageCode, number> = { en: 3, fr: 1, de: 0, it: 1, es: 0 };

describe("the three-tier detector on the rules' plain statements", () => {
  it.each(languageCodes)("gives the care reply to the rules' crisis sentences in %s", (language) => {
    const missed = safetyTestSet[language]
      .filter((c) => c.expected !== null)
      .filter((c) => assessMessage(c.text, language).tier === 'none')
      .map((c) => c.text);
    expect(missed.length, missed.join(' | ')).toBeLessThanOrEqual(plainStatementsMissedAtMost[language]);
  });
});

/**
 * The first messages of coaching conversations (`corpus/openings-*`, ADR 95; never trained on):
 * at most as many calm openings flagged, and at least as many crises in them answered with care,
 * per language, as the shipped model (ADR 98), counted 2026-11-28 (ADR 81's model: 160 calm
 * flagged, 130 crises caught). The ceilings are high (one calm opening in nine gets the care
 * reply): they hold the figure, they do not say it is good.
 */
const openingsShipped: Record<
  LanguageCode,
  { calm: number; calmFlagged: number; crisis: number; caught: number }
> = {
  en: { calm: 370, calmFlagged: 17, crisis: 50, caught: 49 },
  fr: { calm: 158, calmFlagged: 15, crisis: 22, caught: 22 },
  de: { calm: 158, calmFlagged: 29, crisis: 22, caught: 21 },
  it: { calm: 167, calmFlagged: 26, crisis: 23, caught: 22 },
  es: { calm: 167, calmFlagged: 24, crisis: 23, caught: 22 },
};

describe('the three-tier detector on conversation openings', () => {
  const openings = readOpenings();

  it.each(languageCodes)(
    'flags no more calm openings and misses no more crises than the shipped model in %s',
    (language) => {
      const { calm, crisis } = openings[language];
      const flagged = (texts: string[]) =>
        texts.filter((text) => assessMessage(text, language).tier !== 'none').length;
      const shipped = openingsShipped[language];
      expect([calm.length, crisis.length]).toEqual([shipped.calm, shipped.crisis]);
      expect(flagged(calm)).toBeLessThanOrEqual(shipped.calmFlagged);
      expect(flagged(crisis)).toBeGreaterThanOrEqual(shipped.caught);
    },
  );
});

describe('the three-tier detector on everyday messages', () => {
  it.each(languageCodes)('gives no care reply to greetings and short ordinary messages in %s', (language) => {
    const flagged = everydayCheck[language].filter((text) => assessMessage(text, language).tier !== 'none');
    expect(flagged).toEqual([]);
    // The same openings, whatever language the reply would be in.
    for (const text of everydayCheck[language].slice(0, 2))
      for (const hint of languageCodes) expect(assessMessage(text, hint).tier).toBe('none');
  });

  it('keeps a short message with a crisis word: on a short message the rules decide', () => {
    expect(assessMessage('sur le pont. adieu', 'fr').tier).not.toBe('none');
    expect(assessMessage('Voglio morire.', 'it').tier).not.toBe('none');
    expect(assessMessage('Quiero morirme.', 'es').tier).not.toBe('none');
    expect(assessMessage('Ich will nicht mehr leben.', 'de').tier).not.toBe('none');
  });

  it('answers nearly all ordinary coaching talk as coaching (one known false alarm, docs/safety.md)', () => {
    const flagged = coachingTalk.filter((m) => assessMessage(m.text, m.language).tier !== 'none');
    expect(flagged.length).toBeLessThanOrEqual(1);
  });

  it('answers the offline coach conversations as coaching, but for at most 8 of their 130 turns', () => {
    // Measured with the ADR 98 model: en 5, fr 2, de 0, it 0, es 1 (ADR 81's: 12; ADR 77's: 13).
    // Short emotional turns ("I think I just need to feel less alone in it") are this set's false
    // alarms: docs/safety.md, "Ordinary coaching conversations".
    const turns = conversations.flatMap((c) => c.turns.map((text) => ({ text, language: c.language })));
    expect(turns).toHaveLength(130);
    const flagged = turns.filter((t) => assessMessage(t.text, t.language).tier !== 'none');
    expect(flagged.length).toBeLessThanOrEqual(8);
  });

  it('flags direct statements in every language, in the language they are written in', () => {
    expect(assessMessage('I want to die.', 'de')).toMatchObject({ language: 'en' });
    expect(assessMessage('I want to die.', 'de').tier).not.toBe('none');
    expect(assessMessage('Ich will nicht mehr leben.', 'en')).toMatchObject({ language: 'de' });
    expect(assessMessage('Ich will nicht mehr leben.', 'en').tier).not.toBe('none');
    expect(assessMessage('Je veux mourir.', 'en').tier).not.toBe('none');
    expect(assessMessage('Voglio morire.', 'en').tier).not.toBe('none');
    expect(assessMessage('Quiero morirme.', 'en').tier).not.toBe('none');
  });

  it('catches the indirect messages of the issue, and not a dark idiom', () => {
    expect(
      assessMessage("I'm so tired. Some nights I think it would be easier to just disappear.", 'en').tier,
    ).not.toBe('none');
    expect(
      assessMessage("Parfois je me dis que ce serait plus simple si je n'étais plus là.", 'fr').tier,
    ).not.toBe('none');
    expect(assessMessage('This deadline is killing me', 'en').tier).toBe('none');
  });

  it('takes a few milliseconds a message, with no network', () => {
    const texts = coachingTalk.map((m) => m.text);
    assessMessage(texts[0]!, 'en');
    const started = performance.now();
    for (let round = 0; round < 3; round++) for (const text of texts) assessMessage(text, 'en');
    const perMessage = (performance.now() - started) / (texts.length * 3);
    // About 2 ms measured on the development machine; room left for a busy host.
    expect(perMessage).toBeLessThan(25);
  });
});
