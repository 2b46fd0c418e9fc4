import { languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { contentByLanguage } from './index.ts';

/** docs/product.md#records-and-their-fields, second wording (docs/adr/0009). */
const englishTitles = [
  'Me today',
  'My roots',
  'The marks of my journey',
  'My travel companions',
  'My days in a few words',
  'What nourishes me',
  'Dreams and plans for tomorrow',
  'What is within me',
];

describe('questionnaire content', () => {
  it('uses one of the two title wordings of docs/product.md#questionnaire-records in English', () => {
    expect(contentByLanguage.en.steps.map((s) => s.title)).toEqual(englishTitles);
  });

  it.each(languageCodes)('%s has both intro screens and all 8 steps, each with 1 to 4 questions', (code) => {
    const content = contentByLanguage[code];
    expect(content.intro).toHaveLength(2);
    for (const screen of content.intro) {
      expect(screen.title.trim()).not.toBe('');
      expect(screen.paragraphs.length).toBeGreaterThan(0);
      for (const paragraph of screen.paragraphs) expect(paragraph.trim()).not.toBe('');
    }
    expect(content.steps).toHaveLength(8);
    content.steps.forEach((step, index) => {
      const where = `${code} step ${index + 1}`;
      expect(step.title.trim(), where).not.toBe('');
      expect(step.description.trim(), where).not.toBe('');
      expect(step.questions.length, where).toBeGreaterThanOrEqual(1);
      expect(step.questions.length, where).toBeLessThanOrEqual(4);
      for (const question of step.questions) expect(question.trim(), where).toMatch(/\S.*[?？]$/);
    });
  });

  it.each(languageCodes.filter((c) => c !== 'en'))(
    '%s asks as many questions per step as English, in its own words',
    (code) => {
      const content = contentByLanguage[code];
      content.steps.forEach((step, index) => {
        const english = contentByLanguage.en.steps[index]!;
        expect(step.questions.length, `${code} step ${index + 1}`).toBe(english.questions.length);
        expect(step.title, `${code} step ${index + 1}`).not.toBe(english.title);
        for (const [i, question] of step.questions.entries()) expect(question).not.toBe(english.questions[i]);
      });
      expect(content.intro.map((s) => s.paragraphs.length)).toEqual(
        contentByLanguage.en.intro.map((s) => s.paragraphs.length),
      );
    },
  );

  it('has no two steps with the same title in any language', () => {
    for (const code of languageCodes)
      expect(new Set(contentByLanguage[code].steps.map((s) => s.title)).size, code).toBe(8);
  });
});
