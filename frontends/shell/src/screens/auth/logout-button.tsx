import { useLogOut } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Log out" for any signed-in screen: see `useLogOut` for what it does. */
export function LogoutButton() {
  const { t } = useTranslation('shell');
  const logOut = useLogOut();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await logOut();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" size="sm" loading={busy} onClick={onClick}>
      {t('layout.logout')}
    </Button>
  );
}
