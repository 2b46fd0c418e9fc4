import './auth.css';
import { type LegalDocumentName as DocumentName, readLegalDocument } from '@innerview/i18n';
import { Alert, Button, Card, PageHeader, Spinner } from '@innerview/ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGoBack } from './use-go-back.ts';

const SCREEN: Record<DocumentName, 'termsOfService' | 'privacyPolicy'> = {
  terms: 'termsOfService',
  privacy: 'privacyPolicy',
};

function LegalText({ name }: { name: DocumentName }) {
  const { t } = useTranslation(['legal', 'shell']);
  const doc = readLegalDocument(t(`legal:${name}`, { returnObjects: true }));
  const title = doc.title ?? t(`shell:screens.${SCREEN[name]}`);
  useDocumentTitle(title);
  const goBack = useGoBack(PATHS.root);
  const contentsId = `${name}-contents`;
  return (
    <>
      <PageHeader
        title={title}
        description={doc.updated ? <span className="iv-legal__updated">{doc.updated}</span> : undefined}
        back={
          <Button variant="ghost" size="sm" onClick={goBack}>
            <span aria-hidden="true">←</span> {t('shell:auth.legal.back')}
          </Button>
        }
      />
      {doc.sections.length === 0 ? (
        <Alert variant="warning">{t('shell:auth.legal.unavailable')}</Alert>
      ) : (
        <>
          <nav className="iv-legal__contents" aria-labelledby={contentsId}>
            <h2 id={contentsId}>{t('shell:auth.legal.contents')}</h2>
            <ol>
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${name}-${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {doc.sections.map((section) => (
            <section
              key={section.id}
              id={`${name}-${section.id}`}
              aria-labelledby={`${name}-${section.id}-heading`}
            >
              <h2 id={`${name}-${section.id}-heading`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </>
      )}
    </>
  );
}

function LegalLoading() {
  const { t } = useTranslation('shell');
  return <Spinner size="md" label={t('remote.loading')} />;
}

/** The terms or the privacy policy (docs/product.md#legal-and-data-facts, docs/product.md#screens-and-navigation) with a back button; the texts load on first visit. */
function LegalPage({ name }: { name: DocumentName }) {
  return (
    <article className="iv-legal" data-screen={SCREEN[name]}>
      <Card padding="lg" className="iv-auth__card">
        {/* The `legal` texts load when first needed: a spinner inside the card meanwhile. */}
        <Suspense fallback={<LegalLoading />}>
          <LegalText name={name} />
        </Suspense>
      </Card>
    </article>
  );
}

/** /auth/terms-of-service: "terms page with back button" (docs/product.md#routes). */
export function TermsOfServicePage() {
  return <LegalPage name="terms" />;
}

/** /auth/privacy-policy (docs/product.md#routes). */
export function PrivacyPolicyPage() {
  return <LegalPage name="privacy" />;
}
