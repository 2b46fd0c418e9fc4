import { useGetGoalSettingsQuery, useSetGoalSettingsMutation } from '@innerview/api-client';
import { Checkbox, useToast } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../account-section.tsx';

/**
 * The weekly reflection e-mail (docs/product.md#goals): off unless the person turns it on. It
 * tells the week's themes and goals, never a message's text. Texts: the `goals` namespace.
 */
export function WeeklyReflectionSetting() {
  const { t } = useTranslation('goals');
  const { toast } = useToast();
  const setting = useGetGoalSettingsQuery();
  const [save, saving] = useSetGoalSettingsMutation();
  const change = async (on: boolean) => {
    const result = await save({ weekly_reflection: on });
    if ('error' in result && result.error) toast({ title: t('errors.save'), variant: 'destructive' });
    else toast({ title: t(on ? 'reflection.on' : 'reflection.off'), variant: 'success' });
  };
  return (
    <AccountSection
      heading={t('reflection.heading')}
      description={t('reflection.text')}
      testId="settings-reflection"
    >
      <Checkbox
        label={t('reflection.label')}
        checked={setting.data?.weekly_reflection ?? false}
        disabled={setting.isLoading || saving.isLoading}
        onCheckedChange={(on) => void change(on)}
      />
    </AccountSection>
  );
}
