import { MAX_ANSWER_LENGTH, questionKeyOf } from '@innerview/contracts';
import { contentByLanguage } from '../domain/content/index.ts';
import { resolveLanguage } from '../domain/language.ts';

/** GET /questionnaire/intro-content: the two intro screens and the 8 steps in one language. */
export function introContent(lang: string | undefined, acceptLanguage: string | undefined) {
  const language = resolveLanguage(lang, acceptLanguage);
  const content = contentByLanguage[language];
  return {
    language,
    max_answer_length: MAX_ANSWER_LENGTH,
    intro: content.intro.map((screen) => ({ title: screen.title, paragraphs: [...screen.paragraphs] })),
    steps: content.steps.map((step, index) => ({
      step: index + 1,
      question_key: questionKeyOf(index + 1),
      title: step.title,
      description: step.description,
      questions: [...step.questions],
    })),
  };
}
