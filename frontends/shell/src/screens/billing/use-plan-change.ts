import {
  type SwitchOption,
  useActivateTrialMutation,
  useReactivateSubscriptionMutation,
  useStartCheckoutMutation,
  useSwitchPlanMutation,
} from '@innerview/api-client';
import { useToast } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { browserLocation } from './billing-support.ts';

/**
 * Carries out a confirmed option: the trial starts (→ /auth/freemium-success), a payment goes to
 * the provider's page, a change for the next billing cycle is scheduled (or withdrawn), a
 * cancellation is undone. Rejects on failure (after a toast), so the confirmation stays open.
 */
export function usePlanChange(currency: string | undefined) {
  const { t } = useTranslation('billing');
  const { toast } = useToast();
  const navigate = useNavigate();
  const [activateTrial] = useActivateTrialMutation();
  const [startCheckout] = useStartCheckoutMutation();
  const [switchPlan] = useSwitchPlanMutation();
  const [reactivate] = useReactivateSubscriptionMutation();

  const fail = (error: unknown): never => {
    toast({ title: t('pricing.failed'), variant: 'destructive' });
    throw error;
  };

  return async (option: SwitchOption): Promise<void> => {
    const plan = option.plan;
    try {
      switch (option.action) {
        case 'activate_trial':
          await activateTrial().unwrap();
          navigate(PATHS.freemiumSuccess);
          return;
        case 'checkout': {
          if (plan === 'freemium') return;
          const checkout = await startCheckout({ plan, currency }).unwrap();
          browserLocation.assign(checkout.url);
          return;
        }
        case 'schedule':
        case 'keep':
          if (plan === 'freemium') return;
          await switchPlan(plan).unwrap();
          toast({ title: t(`pricing.done.${option.action}`), variant: 'success' });
          return;
        case 'reactivate': {
          const result = await reactivate().unwrap();
          if (result.checkout) browserLocation.assign(result.checkout.url);
          else toast({ title: t('pricing.done.reactivate'), variant: 'success' });
          return;
        }
        default:
          return;
      }
    } catch (error) {
      fail(error);
    }
  };
}
