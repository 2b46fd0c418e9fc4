import { readFileSync } from 'node:fs';
import path from 'node:path';
import { languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { safetyFigures } from '../../safety-figures.ts';
import { systemPrompt } from '../system-prompt.ts';
import { checkInLine, crisisReply, safetyReply } from './crisis-reply.ts';
import { detectCrisis } from './detector.ts';
import { evaluateSafety } from './evaluate.ts';
import { heldOutSet } from './held-out-set.ts';
import { REPORT_END, REPORT_START, renderSafetyReport } from './report.ts';
import { safetyTestSet } from './test-set.ts';
import { safetyCategories } from './types.ts';

const docs = path.resolve(import.meta.dirname, '../../../../../docs/safety.md');

describe('the safety test set', () => {
  it.each(languageCodes)(
    'has at least 40 crisis and 40 other sentences in %s, every category present',
    (language) => {
      const cases = safetyTestSet[language];
      expect(cases.filter((c) => c.expected !== null).length).toBeGreaterThanOrEqual(40);
      expect(cases.filter((c) => c.expected === null).length).toBeGreaterThanOrEqual(40);
      for (const category of safetyCategories) expect(cases.some((c) => c.expected === category)).toBe(true);
      expect(new Set(cases.map((c) => c.text)).size).toBe(cases.length);
    },
  );

  it.each(evaluateSafety(safetyTestSet).map((s) => [s.language, s] as const))(
    'keeps precision and recall on the test set in %s',
    (_language, score) => {
      expect(score.misses).toEqual([]);
      expect(score.precision).toBe(1);
      expect(score.recall).toBe(1);
    },
  );

  it('has docs/safety.md up to date with the figures (npm run safety-report -w services/chat)', {
    timeout: 180_000,
  }, () => {
    const document = readFileSync(docs, 'utf8');
    const expected = renderSafetyReport(safetyFigures());
    const start = document.indexOf(REPORT_START);
    const end = document.indexOf(REPORT_END);
    expect(start).toBeGreaterThan(0);
    expect(document.slice(start, end + REPORT_END.length)).toBe(expected);
  });
});

describe('the detector', () => {
  it('names the category and the language of the words that matched', () => {
    expect(detectCrisis('Ich will nicht mehr leben.')).toEqual({
      category: 'suicidal_thoughts',
      language: 'de',
    });
    expect(detectCrisis('Mi marido me pega cuando bebe')).toEqual({ category: 'abuse', language: 'es' });
    expect(detectCrisis('I just took all my pills and I want to die')).toEqual({
      category: 'acute_danger',
      language: 'en',
    });
  });

  it('drops negated hits, keeps patterns that carry their own negation, in any clause order', () => {
    expect(detectCrisis("I'm not suicidal.")).toBeNull();
    expect(detectCrisis('Je ne veux pas mourir.')).toBeNull();
    expect(detectCrisis('Non voglio più vivere.')).not.toBeNull();
    expect(detectCrisis("I'm not sure why, but I want to die.")).not.toBeNull();
    expect(detectCrisis('I would never kill myself')).toBeNull();
  });

  it('reads indirect signals with a person cue: farewells, burden, means with a plan, danger now', () => {
    expect(detectCrisis("I won't be around much longer, so I'm giving my books away.")?.category).toBe(
      'suicidal_thoughts',
    );
    expect(detectCrisis('Je me sens comme un poids pour tout le monde.')?.category).toBe('suicidal_thoughts');
    expect(detectCrisis('Ich habe nachgeschaut, wie viele Schlaftabletten genug wären.')?.category).toBe(
      'suicidal_thoughts',
    );
    expect(detectCrisis('Sono sul tetto adesso.')?.category).toBe('acute_danger');
    expect(detectCrisis('Mi pareja me empuja cuando se enfada.')).toEqual({
      category: 'abuse',
      language: 'es',
    });
  });

  it('leaves resolved past events, stories, jokes and ordinary medication talk alone', () => {
    expect(
      detectCrisis('I self-harmed at school; that is behind me, I want to talk about my job.'),
    ).toBeNull();
    expect(detectCrisis('I self-harmed at school and lately it is coming back.')).not.toBeNull();
    expect(detectCrisis('The series is about a boy who wants to kill himself.')).toBeNull();
    expect(detectCrisis('lol my brother will kill me if I crash his bike')).toBeNull();
    expect(detectCrisis('My doctor says I should stop taking all the pills at once.')).toBeNull();
  });

  it('averages well under 2 ms per message over both sets (about 0.6 ms measured)', () => {
    const texts = [...Object.values(safetyTestSet), ...Object.values(heldOutSet)].flat().map((c) => c.text);
    for (const text of texts) detectCrisis(text);
    const started = performance.now();
    for (let round = 0; round < 5; round++) for (const text of texts) detectCrisis(text);
    const perMessage = (performance.now() - started) / (texts.length * 5);
    // Measured about 0.6 ms on the development machine; the bound leaves room for a busy CI host.
    expect(perMessage).toBeLessThan(2);
  });

  it('reads a long message quickly', () => {
    const message = `${'I had a long day at work and my manager gave me feedback. '.repeat(150)}I want to die.`;
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(detectCrisis(message)?.category).toBe('suicidal_thoughts');
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });
});

describe('the care replies', () => {
  const tiers = ['acute', 'possible'] as const;
  it.each(languageCodes)(
    "list the Swiss, European and other countries' resources in %s, in every tier",
    (language) => {
      for (const tier of tiers)
        for (const category of [null, ...safetyCategories]) {
          const reply = safetyReply({ tier, category, language });
          for (const resource of [
            '**143**',
            '**147**',
            '**144**',
            '**112**',
            '3114',
            '024',
            '988',
            'https://findahelpline.com',
          ])
            expect(reply).toContain(resource);
          expect(reply).toContain('Die Dargebotene Hand / La Main Tendue / Telefono Amico');
          // The police for danger now, and for violence at home.
          expect(reply.includes('**117**')).toBe(tier === 'acute' || category === 'abuse');
        }
    },
  );

  it.each(languageCodes)(
    'ask the direct question about safety in the possible tier in %s, and say it is an AI',
    (language) => {
      const possible = safetyReply({ tier: 'possible', category: null, language });
      const acute = safetyReply({ tier: 'acute', category: null, language });
      // One question mark at least: the possible reply asks; both say the coach is an AI, not a person.
      expect(possible).toMatch(/\?/);
      for (const reply of [possible, acute]) expect(reply).toMatch(/\b(AI|IA|KI)\b/);
      expect(possible).not.toBe(acute);
      expect(checkInLine(language)).toContain('**143**');
    },
  );

  it('speaks the person’s language', () => {
    expect(crisisReply('suicidal_thoughts', 'fr')).toContain("Merci de me l'avoir dit");
    expect(safetyReply({ tier: 'possible', category: null, language: 'de' })).toContain(
      'Ich möchte dich direkt fragen',
    );
    expect(safetyReply({ tier: 'possible', category: 'abuse', language: 'it' })).toContain(
      'ti senti al sicuro a casa',
    );
    expect(safetyReply({ tier: 'acute', category: null, language: 'es' })).toContain('En Suiza');
  });
});

describe('the system prompt', () => {
  it.each(languageCodes)('carries the same protocol as the care replies (%s)', (language) => {
    const prompt = systemPrompt(language);
    for (const words of [
      'Acute',
      'Possible',
      'ask directly',
      'Never quote',
      'check in',
      '143',
      '144',
      '117',
      '112',
    ])
      expect(prompt).toContain(words);
  });
});
