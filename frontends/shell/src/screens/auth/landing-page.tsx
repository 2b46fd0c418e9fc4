import { Button } from '@innerview/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { LoginPage } from './login-page.tsx';

const POINTS = ['knows', 'private', 'notTherapy', 'trial'] as const;

/**
 * `/` for a visitor (docs/product.md#landing-page): what Innerview is, in a few honest lines, with
 * the sign-in form beside it on wide screens and below it on phones. One h1 (the pitch); the
 * sign-in card's title is an h2 inside the page.
 */
export function LandingPage() {
  const { t } = useTranslation('shell');
  const titleId = useId();
  // After the login card's own title (children's effects run first), so this one stays.
  useDocumentTitle(t('landing.documentTitle'));
  return (
    <div className="iv-landing" data-screen="landing">
      <section className="iv-landing__intro" aria-labelledby={titleId}>
        <p className="iv-landing__eyebrow">{t('landing.eyebrow')}</p>
        <h1 id={titleId} className="iv-landing__title">
          {t('landing.title')}
        </h1>
        <p className="iv-landing__lead">{t('landing.lead')}</p>
        <ul className="iv-landing__points">
          {POINTS.map((point) => (
            <li key={point}>
              <strong>{t(`landing.points.${point}.title`)}</strong>
              <span>{t(`landing.points.${point}.text`)}</span>
            </li>
          ))}
        </ul>
        <p className="iv-landing__actions">
          <Button asChild variant="primary" size="lg">
            <Link to={PATHS.signup}>{t('landing.startTrial')}</Link>
          </Button>
          {/* Phones show the form below the pitch: a way straight to it for those who have an account. */}
          <Button asChild variant="secondary" size="lg" className="iv-landing__to-login">
            <a href="#login">{t('landing.toLogin')}</a>
          </Button>
        </p>
      </section>
      <div className="iv-landing__login" id="login">
        <LoginPage level={2} />
      </div>
    </div>
  );
}
