import { useTranslation } from 'react-i18next';
import type { StepState } from './questionnaire-rules.ts';

export type StepProgressProps = {
  /** The step shown, or null on the summary. */
  current: number | null;
  states: ReadonlyMap<number, StepState>;
  titles: ReadonlyMap<number, string>;
};

/**
 * The 8 steps as a segmented bar: answered, skipped, not yet saved, and the current one. Each
 * segment says its state in words for screen readers; colour is never the only cue (marks too).
 */
export function StepProgress({ current, states, titles }: StepProgressProps) {
  const { t } = useTranslation('onboarding');
  return (
    <ol className="iv-onb-progress" aria-label={t('stepper.progressLabel')}>
      {[...states].map(([step, state]) => {
        const isCurrent = step === current;
        const title = titles.get(step) ?? '';
        return (
          <li
            key={step}
            className="iv-onb-progress__step"
            data-state={state}
            data-current={isCurrent || undefined}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className="iv-onb-progress__mark" aria-hidden="true">
              {state === 'answered' ? '✓' : state === 'skipped' ? '–' : ''}
            </span>
            <span className="iv-visually-hidden">
              {t('stepper.progressItem', { step, title, state: t(`stepper.states.${state}`) })}
              {isCurrent ? `, ${t('stepper.states.current')}` : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
