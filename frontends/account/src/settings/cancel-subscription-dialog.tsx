import { useCancelSubscriptionMutation } from '@innerview/api-client';
import { ConfirmDialog, useToast } from '@innerview/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Billing keeps at most this much of the reason. */
const REASON_MAX = 500;

/**
 * Cancel the subscription (docs/product.md#cancelling-and-reactivating): it ends at the close of the billing period, access goes on
 * until then, nothing is refunded; an optional reason.
 */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  accessUntil,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The period end, already formatted. */
  accessUntil: string | null;
}) {
  const { t } = useTranslation('subscription');
  const { toast } = useToast();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [cancelSubscription] = useCancelSubscriptionMutation();

  const confirm = async () => {
    try {
      await cancelSubscription({ reason }).unwrap();
      setReason('');
      toast({ title: t('cancel.done'), variant: 'success' });
    } catch (error) {
      toast({ title: t('actions.failed'), variant: 'destructive' });
      throw error;
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cancel.title')}
      description={accessUntil ? t('cancel.body', { date: accessUntil }) : t('cancel.bodyNoDate')}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      destructive
      onConfirm={confirm}
    >
      <p className="iv-account-subscription__note">{t('cancel.noRefund')}</p>
      <label htmlFor={reasonId} className="iv-account-subscription__label">
        {t('cancel.reasonLabel')}
      </label>
      <textarea
        id={reasonId}
        className="iv-input iv-account-subscription__reason"
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  );
}
