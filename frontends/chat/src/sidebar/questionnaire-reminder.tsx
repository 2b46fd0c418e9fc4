import { useGetQuestionnaireStatusQuery } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '../icons.tsx';
import { dismissReminder, isReminderDismissed, reminderStep } from './reminder-rules.ts';

/**
 * docs/product.md#questionnaire-progress: the questionnaire reminder shows until the questionnaire is finished. It leads to the
 * next unanswered step; dismissed, it stays away for this login and is back at the next one.
 */
export function QuestionnaireReminder({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('sidebar');
  const { data } = useGetQuestionnaireStatusQuery();
  const [dismissed, setDismissed] = useState(isReminderDismissed);
  const step = reminderStep(data);
  if (step === null || dismissed) return null;
  const dismiss = (
    <button
      type="button"
      className="iv-icon-button iv-sidebar-reminder__dismiss"
      aria-label={t('reminder.dismiss')}
      onClick={() => {
        dismissReminder();
        setDismissed(true);
      }}
    >
      <CloseIcon />
    </button>
  );
  const action = (
    <Link to={`/onboarding/questionnaire?step=${step}`} className={compact ? 'iv-link' : undefined}>
      {step > 1 ? t('reminder.continue', { step }) : t('reminder.start')}
    </Link>
  );
  // A phone's slim line under the chat header (ADR 60): the title, the way on, and hide.
  if (compact)
    return (
      <section
        className="iv-phone-status__line iv-sidebar-reminder--compact"
        aria-labelledby="iv-sidebar-reminder-title"
        data-testid="questionnaire-reminder"
      >
        <span className="iv-phone-status__text">
          <span id="iv-sidebar-reminder-title">{t('reminder.title')}</span>
          {action}
        </span>
        {dismiss}
      </section>
    );
  return (
    <section
      className="iv-sidebar-reminder"
      aria-labelledby="iv-sidebar-reminder-title"
      data-testid="questionnaire-reminder"
    >
      <p id="iv-sidebar-reminder-title" className="iv-sidebar-reminder__title">
        {t('reminder.title')}
      </p>
      <p className="iv-sidebar-reminder__text">{t('reminder.text')}</p>
      <Button asChild size="sm" className="iv-sidebar-reminder__action">
        {action}
      </Button>
      {dismiss}
    </section>
  );
}
