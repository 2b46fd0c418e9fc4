import type { LanguageCode } from '@innerview/contracts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import type { QuestionnaireContent } from './types.ts';

export type { IntroScreen, QuestionnaireContent, StepContent } from './types.ts';

/** The questionnaire in every interface language (docs/product.md#languages-and-appearance, docs/product.md#languages-translations-and-themes). */
export const contentByLanguage: Record<LanguageCode, QuestionnaireContent> = { en, fr, de, it, es };
