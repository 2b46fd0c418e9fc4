// Types of the modules the remotes expose, taken straight from the remotes' sources with type-only
// imports (erased at build time, so no remote code is bundled into the shell). A change to an
// exposed component's props breaks the shell's typecheck, the way generated federation types would,
// but without a type server or network at build time.
import type * as GoalsPage from '../../../account/src/goals-page.tsx';
import type * as HelpHubPage from '../../../account/src/help-hub-page.tsx';
import type * as ProfilePage from '../../../account/src/profile-page.tsx';
import type * as SettingsPage from '../../../account/src/settings-page.tsx';
import type * as ChatApp from '../../../chat/src/chat-app.tsx';

export type RemoteModules = {
  'chat/ChatApp': typeof ChatApp;
  'account/ProfilePage': typeof ProfilePage;
  'account/SettingsPage': typeof SettingsPage;
  'account/HelpHubPage': typeof HelpHubPage;
  'account/GoalsPage': typeof GoalsPage;
};

export type RemoteModuleId = keyof RemoteModules;
