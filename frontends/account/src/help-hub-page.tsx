import './account.css';
import { buttonClassName, PageHeader } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { AccountSection } from './account-section.tsx';
import { usePageTitle } from './use-page-title.ts';

type FaqItem = { id: string; question: string; answer: string };
type FaqSectionName = 'billing' | 'general' | 'safety';

function isFaqItem(value: unknown): value is FaqItem {
  if (typeof value !== 'object' || value === null) return false;
  const { id, question, answer } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof question === 'string' && typeof answer === 'string';
}

/** The items of one FAQ section of the `help` namespace, taking what is there. */
function useFaqItems(section: FaqSectionName): FaqItem[] {
  const { t } = useTranslation('help');
  const items = t(`${section}.items`, { returnObjects: true }) as unknown;
  return Array.isArray(items) ? items.filter(isFaqItem) : [];
}

function FaqSection({ section }: { section: FaqSectionName }) {
  const { t } = useTranslation('help');
  const items = useFaqItems(section);
  return (
    <AccountSection heading={t(`${section}.heading`)} testId={`faq-${section}`}>
      <div className="iv-faq">
        {items.map((item) => (
          // Native disclosure: keyboard, screen readers and find-in-page work without script.
          <details key={item.id} id={`faq-${item.id}`} className="iv-faq__item">
            <summary className="iv-faq__question">{item.question}</summary>
            <p className="iv-faq__answer">{item.answer}</p>
          </details>
        ))}
      </div>
    </AccountSection>
  );
}

/**
 * Exposed as `account/HelpHubPage` (docs/product.md#help-hub): the FAQ's Billing and General sections,
 * the published safety protocol, and a contact link to support.
 */
export default function HelpHubPage() {
  const { t } = useTranslation(['help', 'account']);
  usePageTitle(t('help:title'));
  const email = t('help:contact.email');
  return (
    <div className="iv-account-screen" data-remote="account" data-screen="help">
      <PageHeader title={t('help:title')} description={t('help:intro')} />
      <div className="iv-account-stack">
        <FaqSection section="billing" />
        <FaqSection section="general" />
        {/* What the coach does when it notices a crisis (California SB 243, EU AI Act art. 50). */}
        <FaqSection section="safety" />
        <AccountSection
          heading={t('help:contact.heading')}
          description={t('help:contact.text')}
          testId="contact"
        >
          <p className="iv-account-contact">
            <a className={buttonClassName('primary')} href={`mailto:${email}`}>
              {t('help:contact.linkLabel')}
            </a>
            <span className="iv-account-contact__address">{email}</span>
          </p>
        </AccountSection>
      </div>
    </div>
  );
}
