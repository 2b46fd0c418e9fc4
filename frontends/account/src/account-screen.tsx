import './account.css';
import { PageHeader } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

export type AccountScreenName = 'profile' | 'settings' | 'help';

/** An account screen not built yet: its translated title only (the features bring the content). */
export function AccountScreen({ screen }: { screen: AccountScreenName }) {
  const { t } = useTranslation('account');
  return (
    <section className="iv-account-screen" data-remote="account" data-screen={screen}>
      <PageHeader title={t(`${screen}.title`)} description={t('notYetAvailable')} />
    </section>
  );
}
