import { api, loggedOut, useAppDispatch } from '@innerview/api-client';
import { Button, Dialog } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export const SUPPORT_EMAIL = 'support@innerview.ch';

/**
 * The post-deletion information screen (docs/product.md#profile, docs/product.md#deleting-an-account): login is no longer possible. A modal over the
 * whole app, because nothing behind it works any more; leaving it (button, Escape, ×) ends the
 * local session and opens the login page. The token was already cleared in every tab.
 */
export function AccountDeletedScreen() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const leave = () => {
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    void navigate('/', { replace: true });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && leave()}
      title={t('profile.deleted.title')}
      closeLabel={t('profile.deleted.close')}
      className="iv-account-deleted"
      footer={
        <Button block onClick={leave}>
          {t('profile.deleted.leave')}
        </Button>
      }
    >
      <div data-testid="account-deleted">
        <p className="iv-account-deleted__lead">{t('profile.deleted.body')}</p>
        <p>{t('profile.deleted.retention')}</p>
        <p>
          {t('profile.deleted.support')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </div>
    </Dialog>
  );
}
