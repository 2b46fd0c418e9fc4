import type { SwitchOption } from '@innerview/api-client';
import { ConfirmDialog } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from './billing-support.ts';
import { confirmContent } from './plan-choices.ts';

/**
 * The confirmation every plan change asks first (docs/product.md#plans-and-pricing-screens and docs/product.md#changing-plans): what is charged when and, from
 * a trial, what is lost. Confirming runs `onConfirm`; a failure keeps the dialog open.
 */
export function PlanChangeDialog({
  option,
  onOpenChange,
  onConfirm,
}: {
  option: SwitchOption | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (option: SwitchOption) => Promise<void>;
}) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const content = option ? confirmContent(option, format) : null;
  if (!option || !content) return null;
  const key = `confirm.${content.message}`;
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={t(`${key}.title`, content.values)}
      confirmLabel={t(`${key}.confirm`, content.values)}
      cancelLabel={t('confirm.cancel')}
      onConfirm={() => onConfirm(option)}
    >
      <div className="iv-billing-confirm" data-testid="plan-change-dialog" data-message={content.message}>
        <h3 className="iv-billing-confirm__heading">{t('confirm.chargeHeading')}</h3>
        <p>{t(`${key}.charge`, content.values)}</p>
        {content.showsLoss && (
          <>
            <h3 className="iv-billing-confirm__heading">{t('confirm.lossHeading')}</h3>
            <p>{t(`${key}.loss`, { ...content.values, count: content.values.days })}</p>
          </>
        )}
      </div>
    </ConfirmDialog>
  );
}
