import './account.css';
import { broadcastLogout, useGetMeQuery } from '@innerview/api-client';
import { PageHeader, RetryAlert, Spinner } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountDeletedScreen } from './profile/account-deleted-screen.tsx';
import { DeleteSection } from './profile/delete-section.tsx';
import { ExportSection } from './profile/export-section.tsx';
import { LegalSection } from './profile/legal-section.tsx';
import { ProfileDetails } from './profile/profile-details.tsx';
import { QuestionnaireSection } from './profile/questionnaire-section.tsx';
import { SubscriptionBanner } from './profile/subscription-banner.tsx';
import { usePageTitle } from './use-page-title.ts';

/**
 * Exposed as `account/ProfilePage` (docs/product.md#profile): details with editable names, the
 * subscription banner, the questionnaire viewer, password, privacy and terms, the data export,
 * and account deletion with its confirm dialog and post-deletion screen.
 */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  usePageTitle(t('profile.title'));
  const me = useGetMeQuery();
  const [deleted, setDeleted] = useState(false);

  const onDeleted = () => {
    // The server revoked every session; the token goes at once here and in the other tabs.
    broadcastLogout();
    setDeleted(true);
  };

  if (deleted) return <AccountDeletedScreen />;

  return (
    <div className="iv-account-screen" data-remote="account" data-screen="profile">
      <PageHeader title={t('profile.title')} description={t('profile.intro')} />
      {me.isError ? (
        <RetryAlert
          title={t('profile.loadFailed')}
          retryLabel={t('profile.retry')}
          onRetry={() => void me.refetch()}
          retryVariant="secondary"
        />
      ) : !me.data ? (
        <div className="iv-account-loading">
          <Spinner size="lg" label={t('profile.loading')} />
        </div>
      ) : (
        <div className="iv-account-stack">
          <ProfileDetails me={me.data} />
          <SubscriptionBanner />
          <QuestionnaireSection />
          <LegalSection />
          <ExportSection />
          <DeleteSection onDeleted={onDeleted} />
        </div>
      )}
    </div>
  );
}
