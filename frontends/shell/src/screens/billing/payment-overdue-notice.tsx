import { type SubscriptionDetails, usePaymentMethodUrlMutation } from '@innerview/api-client';
import { Alert, Button, useToast } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { browserLocation, useBillingFormat } from './billing-support.ts';
import { todayUtc } from './trial-warning.ts';

/** The update-payment-method button: asks billing where to enter the card, then goes there. */
export function UpdatePaymentMethodButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('billing');
  const { toast } = useToast();
  const [paymentMethodUrl, { isLoading }] = usePaymentMethodUrlMutation();
  const go = async () => {
    try {
      const { url } = await paymentMethodUrl().unwrap();
      browserLocation.assign(url);
    } catch {
      toast({ title: t('pricing.failed'), variant: 'destructive' });
    }
  };
  return (
    <Button variant={variant} size="sm" loading={isLoading} onClick={() => void go()}>
      {t('pastDue.update')}
    </Button>
  );
}

/**
 * The payment-overdue notice (docs/product.md#chat-and-subscription-errors): a failed renewal gives limited access until a date
 * (docs/product.md#how-things-change-over-time), and asks for a new payment method.
 */
export function PaymentOverdueNotice({ details }: { details: SubscriptionDetails | undefined }) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  if (details?.subscription_status !== 'past_due') return null;
  const until = details.access_until;
  return (
    <Alert
      variant="error"
      className="iv-billing-banner"
      data-testid="payment-overdue"
      title={t('pastDue.title')}
      actions={details.can_update_payment_method ? <UpdatePaymentMethodButton /> : undefined}
    >
      {until && until >= todayUtc()
        ? t('pastDue.body', { date: format.date(until) })
        : t('pastDue.bodyEnded')}
    </Alert>
  );
}
