import { Button } from '@innerview/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallOffer } from './install-offer.ts';

/**
 * The offer to install the app, shown once after the person has chatted a few times (install-offer.ts).
 * A region in the page flow, not a dialog: it takes no focus and hides nothing of the chat.
 */
export function InstallOfferBanner() {
  const { t } = useTranslation('shell');
  const { offered, install, dismiss } = useInstallOffer();
  const titleId = useId();
  if (!offered) return null;
  return (
    <section className="iv-shell-install" aria-labelledby={titleId} data-testid="install-offer">
      <img className="iv-shell-install__icon" src="/icons/icon-192.png" alt="" width={40} height={40} />
      <div className="iv-shell-install__text">
        <h2 id={titleId} className="iv-shell-install__title">
          {t('install.title')}
        </h2>
        <p>{t('install.text')}</p>
      </div>
      <div className="iv-shell-install__actions">
        <Button onClick={() => void install()}>{t('install.accept')}</Button>
        <Button variant="secondary" onClick={dismiss}>
          {t('install.dismiss')}
        </Button>
      </div>
    </section>
  );
}
