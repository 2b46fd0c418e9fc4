import { AccountScreen } from './account-screen.tsx';

/** Exposed as `account/SettingsPage`. */
export default function SettingsPage() {
  return <AccountScreen screen="settings" />;
}
