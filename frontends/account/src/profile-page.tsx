import { AccountScreen } from './account-screen.tsx';

/** Exposed as `account/ProfilePage`. */
export default function ProfilePage() {
  return <AccountScreen screen="profile" />;
}
