/** One step of the questionnaire (docs/product.md#questionnaire-records): a title, a description and 1 to 4 guiding questions. */
export interface StepContent {
  title: string;
  description: string;
  questions:
    | readonly [string]
    | readonly [string, string]
    | readonly [string, string, string]
    | readonly [string, string, string, string];
}

/** One of the two intro screens before the questionnaire invitation. */
export interface IntroScreen {
  title: string;
  paragraphs: readonly string[];
}

type Eight<T> = readonly [T, T, T, T, T, T, T, T];

/** Everything the onboarding shows in one language, from the two intro screens to step 8. */
export interface QuestionnaireContent {
  intro: readonly [IntroScreen, IntroScreen];
  steps: Eight<StepContent>;
}
