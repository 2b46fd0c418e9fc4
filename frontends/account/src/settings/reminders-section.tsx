import {
  disableReminders,
  type EnableOutcome,
  enableReminders,
  type ReminderState,
  reminderState,
} from '@innerview/api-client';
import { Alert, Button } from '@innerview/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../account-section.tsx';

type Shown = ReminderState | 'checking';

/**
 * "Reminders on this device" (docs/product.md#reminders): what a reminder is, and a button that
 * asks the browser's permission only when pressed. Blocked or unsupported browsers are told where
 * reminders go instead (e-mail), never left with a button that cannot work.
 */
export function RemindersSection() {
  const { t } = useTranslation('account');
  const [state, setState] = useState<Shown>('checking');
  const [outcome, setOutcome] = useState<Exclude<EnableOutcome, 'on'> | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    reminderState()
      .then((found) => live && setState(found))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await enableReminders();
    setBusy(false);
    if (result === 'on') setState('on');
    else {
      setOutcome(result);
      if (result === 'denied' || result === 'unsupported') setState(result);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    const done = await disableReminders();
    setBusy(false);
    if (done) setState('off');
    else setOutcome('failed');
  };

  return (
    <AccountSection
      heading={t('settings.reminders.heading')}
      description={t('settings.reminders.intro')}
      testId="settings-reminders"
    >
      <div className="iv-account-reminders" aria-busy={state === 'checking'}>
        {state === 'on' && <p role="status">{t('settings.reminders.on')}</p>}
        {state === 'off' && outcome !== 'failed' && <p>{t('settings.reminders.off')}</p>}
        {state === 'denied' && (
          <Alert variant="info" role="status" title={t('settings.reminders.deniedTitle')}>
            {t('settings.reminders.denied')}
          </Alert>
        )}
        {state === 'unsupported' && <p role="status">{t('settings.reminders.unsupported')}</p>}
        {outcome === 'failed' && (
          <Alert variant="error" title={t('settings.reminders.failedTitle')}>
            {t('settings.reminders.failed')}
          </Alert>
        )}
        {outcome === 'dismissed' && <p role="status">{t('settings.reminders.dismissed')}</p>}
        {state === 'off' && (
          <Button variant="primary" loading={busy} onClick={() => void turnOn()}>
            {t('settings.reminders.turnOn')}
          </Button>
        )}
        {state === 'on' && (
          <Button variant="secondary" loading={busy} onClick={() => void turnOff()}>
            {t('settings.reminders.turnOff')}
          </Button>
        )}
      </div>
    </AccountSection>
  );
}
