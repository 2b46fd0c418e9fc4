import { Alert, Button, ConfirmDialog, PasswordField } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccountMutation } from '../account-api.ts';
import { AccountSection } from '../account-section.tsx';

/**
 * Account deletion with its confirm dialog (docs/product.md#screens-and-navigation, docs/product.md#deleting-an-account), in the safer reading of ADR 15: the
 * dialog says login ends at once and a paid plan ends with no further charge; it never promises
 * access to the end of the billing cycle.
 */
export function DeleteSection({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [deleteAccount] = useDeleteAccountMutation();

  const confirm = async () => {
    if (current === '') {
      setCurrentError(t('profile.delete.currentRequired'));
      throw new Error('current password missing');
    }
    const result = await deleteAccount({ current_password: current });
    if ('error' in result && result.error) {
      const status = (result.error as { status?: unknown }).status;
      if (status === 422) {
        // The one field of this call: the current password was wrong.
        setCurrentError(t('profile.delete.currentWrong'));
        throw new Error('current password wrong');
      }
      // Said inside the dialog (the page behind it is hidden from screen readers while it is open),
      // which stays open: the person may retry or cancel.
      setFailed(true);
      throw new Error('account deletion failed');
    }
    onDeleted();
  };

  return (
    <AccountSection
      heading={t('profile.delete.heading')}
      description={t('profile.delete.text')}
      tone="danger"
      testId="delete-account"
    >
      <div className="iv-account-actions">
        <Button
          variant="destructive"
          onClick={() => {
            setFailed(false);
            setCurrent('');
            setCurrentError(undefined);
            setOpen(true);
          }}
        >
          {t('profile.delete.button')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('profile.delete.confirmTitle')}
        description={t('profile.delete.confirmIntro')}
        confirmLabel={t('profile.delete.confirm')}
        cancelLabel={t('profile.delete.cancel')}
        destructive
        onConfirm={confirm}
      >
        <ul className="iv-account-consequences">
          <li>{t('profile.delete.confirmLogin')}</li>
          <li>{t('profile.delete.confirmBilling')}</li>
          <li>{t('profile.delete.confirmRetention')}</li>
          <li>{t('profile.delete.confirmErasure')}</li>
        </ul>
        <PasswordField
          label={t('profile.delete.currentPassword')}
          name="current_password"
          autoComplete="current-password"
          showLabel={t('profile.delete.showPassword')}
          hideLabel={t('profile.delete.hidePassword')}
          value={current}
          onChange={(event) => {
            setCurrent(event.target.value);
            setCurrentError(undefined);
          }}
          error={currentError}
        />
        {failed && <Alert variant="error">{t('profile.delete.failed')}</Alert>}
      </ConfirmDialog>
    </AccountSection>
  );
}
