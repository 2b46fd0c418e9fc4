import type { SubscriptionDetails } from '@innerview/api-client';
import { Button, Dialog, DialogClose } from '@innerview/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../routing/paths.ts';
import { useBillingFormat } from '../screens/billing/billing-support.ts';
import {
  readLastShown,
  rememberShown,
  shouldOpenTrialDialog,
  todayUtc,
  trialWarning,
} from '../screens/billing/trial-warning.ts';

/**
 * The 'Trial almost up' dialog (docs/product.md#plans-and-pricing-screens): in the last 7 days of the trial, continue the trial or
 * upgrade. Shown at most once a day (the day is kept in local storage), so it reminds, not nags.
 */
export function TrialAlmostUpDialog({ details }: { details: SubscriptionDetails | undefined }) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const navigate = useNavigate();
  const warning = trialWarning(details);
  const warned = warning !== null;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const today = todayUtc();
    if (shouldOpenTrialDialog(warned, readLastShown(), today)) {
      rememberShown(today);
      setOpen(true);
    }
  }, [warned]);

  if (!warning) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title={t('trialDialog.title')}
      description={t('trialDialog.body', { date: format.date(warning.endDate) })}
      closeLabel={t('trialDialog.close')}
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">{t('trialDialog.continueTrial')}</Button>
          </DialogClose>
          <Button
            variant="primary"
            onClick={() => {
              setOpen(false);
              navigate(PATHS.pricing);
            }}
          >
            {t('trialDialog.upgrade')}
          </Button>
        </>
      }
    >
      {warning.allowancePercent !== null && (
        <p className="iv-billing-dialog-note">
          {t('trialWarning.allowance', { percent: warning.allowancePercent })}
        </p>
      )}
    </Dialog>
  );
}
