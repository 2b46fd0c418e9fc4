import { PageHeader } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title.ts';

/** Screens of spec §2 that have a route already; each arrives with its feature. */
export type ScreenName =
  | 'login'
  | 'signup'
  | 'passwordReset'
  | 'resetPassword'
  | 'termsOfService'
  | 'privacyPolicy'
  | 'verificationSent'
  | 'verificationSuccess'
  | 'freemiumSuccess'
  | 'trialExpired'
  | 'updatePassword'
  | 'subscriptionValidation'
  | 'subscriptionExpired'
  | 'subscriptionSuccess'
  | 'pricing'
  | 'onboardingIntroduction'
  | 'onboardingIntroduction2'
  | 'questionnaireInvitation'
  | 'questionnaire';

/**
 * A route whose screen is not built yet: its translated title and an honest line saying so,
 * never a fake form.
 */
export function TitledPage({ screen }: { screen: ScreenName }) {
  const { t } = useTranslation('shell');
  const title = t(`screens.${screen}`);
  useDocumentTitle(title);
  return (
    <section className="iv-shell-titled-page" data-screen={screen}>
      <PageHeader title={title} description={t('screens.notYetAvailable')} />
    </section>
  );
}
