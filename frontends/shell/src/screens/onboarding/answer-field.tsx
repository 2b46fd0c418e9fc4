import { classNames, counterState } from '@innerview/ui';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { answerLength, MAX_ANSWER_LENGTH, WARN_ANSWER_LENGTH } from './questionnaire-rules.ts';

export type AnswerFieldProps = {
  value: string;
  onChange: (value: string) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
};

/**
 * The answer box of one step with its counter (docs/product.md#questionnaire-answers): a warning near 1900 characters and an
 * error above. It counts code points after trimming, as the server does (`[...text].length`); the
 * UI kit's TextField counts UTF-16 units, which would call an answer with emoji too long.
 */
export function AnswerField({ value, onChange, textareaRef }: AnswerFieldProps) {
  const { t, i18n } = useTranslation('onboarding');
  const id = `iv-answer-${useId()}`;
  const length = answerLength(value);
  const state = counterState(length, MAX_ANSWER_LENGTH, WARN_ANSWER_LENGTH);
  const over = state === 'over';
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage);
  const describedBy = [`${id}-hint`, `${id}-counter`, over && `${id}-error`].filter(Boolean).join(' ');

  return (
    <div className={classNames('iv-field', 'iv-onb-answer', over && 'iv-field--invalid')}>
      <label className="iv-field__label" htmlFor={id}>
        {t('stepper.answerLabel')}
      </label>
      <p className="iv-field__hint" id={`${id}-hint`}>
        {t('stepper.answerHint')}
      </p>
      <textarea
        id={id}
        ref={textareaRef}
        className="iv-input iv-input--multiline iv-onb-answer__input"
        rows={8}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={over || undefined}
        aria-describedby={describedBy}
      />
      <div className="iv-counter" data-state={state} data-testid="answer-counter">
        <span id={`${id}-counter`}>
          {t('stepper.counter', { current: number(length), max: number(MAX_ANSWER_LENGTH) })}
          {state === 'warning' &&
            ` · ${t('stepper.counterRemaining', { remaining: number(MAX_ANSWER_LENGTH - length) })}`}
        </span>
        {/* Said once when the warning starts, not at every keystroke. */}
        <span className="iv-visually-hidden" aria-live="polite">
          {state === 'warning' ? t('stepper.counterWarning', { max: number(MAX_ANSWER_LENGTH) }) : ''}
        </span>
      </div>
      {over && (
        <p className="iv-field__error" id={`${id}-error`} role="alert">
          {t('stepper.limitExceeded', {
            max: number(MAX_ANSWER_LENGTH),
            over: number(length - MAX_ANSWER_LENGTH),
          })}
        </p>
      )}
    </div>
  );
}
