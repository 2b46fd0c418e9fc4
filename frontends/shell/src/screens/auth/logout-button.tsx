import { useLogOut } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

/** "Log out" for any signed-in screen: see `useLogOut` for what it does. */
export function LogoutButton() {
  const { t } = useTranslation('shell');
  const { logOut, busy } = useLogOut();
  return (
    <Button variant="ghost" size="sm" loading={busy} onClick={() => void logOut()}>
      {t('layout.logout')}
    </Button>
  );
}
