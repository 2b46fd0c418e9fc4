import { AccountScreen } from './account-screen.tsx';

/** Exposed as `account/HelpHubPage`. */
export default function HelpHubPage() {
  return <AccountScreen screen="help" />;
}
