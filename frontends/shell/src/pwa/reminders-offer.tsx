import {
  type EnableOutcome,
  enableReminders,
  markRemindersOffered,
  reminderState,
  remindersOfferedBefore,
} from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Step = 'hidden' | 'offer' | 'busy' | EnableOutcome;

/**
 * The one-time offer of reminders on this device, right after the person set up something worth
 * a reminder (the free trial started: its end is what we remind of). Shown once per browser, only
 * where the browser can do it and has not been asked; the permission prompt comes only from the
 * button. Settings keep the same choice for later (docs/product.md#reminders).
 */
export function RemindersOffer() {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const [step, setStep] = useState<Step>('hidden');

  useEffect(() => {
    if (remindersOfferedBefore()) return;
    let live = true;
    void reminderState()
      .then((state) => {
        if (!live || state !== 'off' || Notification.permission !== 'default') return;
        markRemindersOffered();
        setStep('offer');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (step === 'hidden') return null;
  const accept = async () => {
    setStep('busy');
    setStep(await enableReminders());
  };
  const done = step !== 'offer' && step !== 'busy';
  return (
    <section
      className="iv-shell-install iv-shell-reminders"
      aria-labelledby={titleId}
      data-testid="reminders-offer"
    >
      <div className="iv-shell-install__text">
        <h2 id={titleId} className="iv-shell-install__title">
          {t('reminders.title')}
        </h2>
        {done ? <p role="status">{t(`reminders.outcome.${step}`)}</p> : <p>{t('reminders.text')}</p>}
      </div>
      {!done && (
        <div className="iv-shell-install__actions">
          <Button loading={step === 'busy'} onClick={() => void accept()}>
            {t('reminders.accept')}
          </Button>
          <Button variant="secondary" onClick={() => setStep('hidden')}>
            {t('reminders.dismiss')}
          </Button>
        </div>
      )}
    </section>
  );
}
