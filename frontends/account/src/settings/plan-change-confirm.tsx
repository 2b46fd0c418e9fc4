import { ConfirmDialog } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

/**
 * The plan-change confirmation of settings (docs/product.md#screens-and-navigation): what is charged when (docs/product.md#changing-plans). `message`
 * is billing's switch-option key (monthly_to_yearly, keep_current_plan …) or a reactivation. The
 * texts are the pricing page's own (the shell's `billing` namespace, `confirm.<message>`), so a
 * plan change reads the same wherever it is confirmed.
 */
export function PlanChangeConfirm({
  open,
  onOpenChange,
  message,
  values,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: string;
  values: { amount: string; date: string; plan: string };
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation('billing');
  const key = `confirm.${message}`;
  // A message this version has no text for still says the essential (no charge until the date).
  const known = t(`${key}.title`, { defaultValue: '' }) !== '';
  const texts = known ? key : 'confirm.generic';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`${texts}.title`, values)}
      description={t(`${texts}.charge`, values)}
      confirmLabel={t(`${texts}.confirm`, values)}
      cancelLabel={t('confirm.cancel')}
      onConfirm={onConfirm}
    />
  );
}
