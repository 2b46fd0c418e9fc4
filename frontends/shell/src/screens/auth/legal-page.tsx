import './auth.css';
import { Alert, Button, Card, PageHeader, Spinner } from '@innerview/ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGoBack } from './use-go-back.ts';

type Section = { id: string; heading: string; paragraphs: string[] };
type LegalDocument = { title?: string; updated?: string; sections: Section[] };
type DocumentName = 'terms' | 'privacy';

function isSection(value: unknown): value is Section {
  if (typeof value !== 'object' || value === null) return false;
  const { id, heading, paragraphs } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof heading === 'string' &&
    Array.isArray(paragraphs) &&
    paragraphs.every((p) => typeof p === 'string')
  );
}

/**
 * One document of the `legal` namespace (`{ title, updated, sections: [{ id, heading, paragraphs }] }`),
 * taking what is there: a missing or partial file shows what it has instead of failing.
 */
export function readLegalDocument(raw: unknown): LegalDocument {
  if (typeof raw !== 'object' || raw === null) return { sections: [] };
  const { title, updated, sections } = raw as Record<string, unknown>;
  return {
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof updated === 'string' ? { updated } : {}),
    sections: Array.isArray(sections) ? sections.filter(isSection) : [],
  };
}

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
