import { useTranslation } from 'react-i18next';
import type { QuestionnaireRecord } from './questionnaire-api.ts';
import { formatDate } from './use-intro-content.ts';
import type { AnsweredStep } from './use-questionnaire-record.ts';

/** The steps with their guiding questions and the person's answer, read-only (viewer and print). */
export function QuestionnaireAnswers({
  steps,
  headingLevel,
}: {
  steps: AnsweredStep[];
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation('onboarding');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="iv-onb-answers">
      {steps.map((step) => (
        <li key={step.step} className="iv-onb-answers__step">
          <Heading className="iv-onb-answers__title">
            <span className="iv-onb-answers__number">{t('viewer.stepNumber', { step: step.step })}</span>{' '}
            {step.title}
          </Heading>
          <ul className="iv-onb-answers__questions">
            {step.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
          {step.answer === null ? (
            <p className="iv-onb-answers__skipped">{t('viewer.skipped')}</p>
          ) : (
            <p className="iv-onb-answers__text">{step.answer}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** "Submitted on 21 November 2026", or that it was not submitted yet. */
export function SubmittedLine({ record }: { record: QuestionnaireRecord }) {
  const { t, i18n } = useTranslation('onboarding');
  return (
    <p className="iv-onb-submitted">
      {record.submitted_at
        ? t('viewer.submittedOn', { date: formatDate(record.submitted_at, i18n.resolvedLanguage) })
        : t('viewer.notSubmitted')}
    </p>
  );
}
