import { Alert, Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from './billing-support.ts';

/** docs/product.md#chat-and-subscription-errors: 'We couldn't load your subscription information...' with retry or contact support. */
export function SubscriptionLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Alert
      variant="error"
      title={t('loadError.title')}
      data-testid="subscription-load-error"
      actions={
        <>
          <Button variant="primary" size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
          <Button asChild variant="secondary" size="sm">
            <a href={`mailto:${SUPPORT_EMAIL}`}>{t('common.contactSupport')}</a>
          </Button>
        </>
      }
    >
      {t('loadError.body')}
    </Alert>
  );
}
