import { type LegalDocumentName as DocumentName, readLegalDocument } from '@innerview/i18n';
import { Alert, Button, Dialog, Spinner } from '@innerview/ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountSection } from '../account-section.tsx';

/**
 * One document of the shell's `legal` namespace (`{ title, updated, sections }`), read like the
 * shell's own legal pages do; loaded from the shell's locales when the dialog first opens.
 */
function LegalText({ name }: { name: DocumentName }) {
  const { t } = useTranslation(['legal', 'account']);
  const doc = readLegalDocument(t(`legal:${name}`, { returnObjects: true }));
  const { sections } = doc;
  if (sections.length === 0) return <Alert variant="warning">{t('account:profile.legal.unavailable')}</Alert>;
  return (
    <div className="iv-account-legal" data-document={name}>
      {doc.updated !== undefined && <p className="iv-account-legal__updated">{doc.updated}</p>}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`legal-${name}-${section.id}`}>
          <h3 id={`legal-${name}-${section.id}`}>{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

function LegalDialog({ name, label }: { name: DocumentName; label: string }) {
  const { t } = useTranslation('account');
  return (
    <Dialog
      title={label}
      closeLabel={t('profile.legal.close')}
      size="lg"
      trigger={<Button variant="secondary">{label}</Button>}
    >
      <Suspense fallback={<Spinner label={t('profile.legal.loading')} />}>
        <LegalText name={name} />
      </Suspense>
    </Dialog>
  );
}

/** docs/product.md#profile "privacy and terms modals", and the update-password link. */
export function LegalSection() {
  const { t } = useTranslation('account');
  return (
    <>
      <AccountSection heading={t('profile.password.heading')} description={t('profile.password.text')}>
        <div className="iv-account-actions">
          <Button asChild variant="secondary">
            <Link to="/auth/update-password">{t('profile.password.update')}</Link>
          </Button>
        </div>
      </AccountSection>
      <AccountSection heading={t('profile.legal.heading')} description={t('profile.legal.text')}>
        <div className="iv-account-actions">
          <LegalDialog name="privacy" label={t('profile.legal.privacy')} />
          <LegalDialog name="terms" label={t('profile.legal.terms')} />
        </div>
      </AccountSection>
    </>
  );
}
