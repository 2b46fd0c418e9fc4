import type { LanguageCode } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import type { FoldScore } from './safety-training.ts';
import { validationFigures } from './safety-training.ts';

/** One validation message as a fold model scored it. */
function scored(language: LanguageCode, crisis: number, calm: boolean, shortCued = false): FoldScore {
  const s = { crisis, acuteShare: 0.5, tier: calm ? ('none' as const) : ('possible' as const) };
  return { language, decided: s, bare: s, shortCued };
}

/** Forty calm and forty crisis messages in every language, the calm ones below 0.5. */
function pool(): FoldScore[] {
  const out: FoldScore[] = [];
  for (const language of ['en', 'fr', 'de', 'it', 'es'] as const)
    for (let i = 0; i < 40; i++)
      out.push(scored(language, i / 100, true), scored(language, 0.6 + i / 100, false));
  return out;
}

describe('the short cued bar chosen on validation (ADR 97)', () => {
  it('is chosen on the short cued messages alone, pooled over the languages, and stops what scores below it', () => {
    // Twenty short cued calm messages score high (0.8 to 0.99): a bar near the top keeps them out.
    const short = Array.from({ length: 20 }, (_, i) => scored('en', 0.8 + i / 100, true, true));
    const shortCrisis = [scored('fr', 0.995, false, true), scored('de', 0.7, false, true)];
    const { shortCued, thresholds } = validationFigures([...pool(), ...short, ...shortCrisis]);
    expect(shortCued.bar).toBeGreaterThan(0.95);
    expect(shortCued).toMatchObject({ crisis: 2, calm: 20, crisisFlagged: 1 });
    expect(shortCued.calmFlagged).toBeLessThanOrEqual(1);
    // Stopped by the bar, the short calm ones no longer spend the English false-alarm budget.
    expect(thresholds.en.crisis).toBeLessThan(0.6);
  });

  it('never lowers a language threshold: a short cued message must reach both', () => {
    const low = [
      scored('it', 0.1, true, true),
      ...Array.from({ length: 5 }, () => scored('it', 0.3, false, true)),
    ];
    const { shortCued, thresholds } = validationFigures([...pool(), ...low]);
    expect(shortCued.bar).toBeLessThan(thresholds.it.crisis);
    // Scored 0.3, above the bar and below Italian's threshold: not flagged.
    expect(shortCued.crisisFlagged).toBe(0);
  });
});
