import { type LanguageCode, toLanguageCode } from '@innerview/contracts';
import { HttpError } from '@innerview/kit';
import type { AuthContext } from '../auth-context.ts';
import { findUserById, updateUser } from '../db/users.ts';
import { accountMessages } from '../domain/messages.ts';
import { defaultSettings, type Theme, toTheme } from '../domain/settings.ts';
import { userEvent } from './events.ts';

export interface Settings {
  language: LanguageCode;
  theme: Theme;
}

function asSettings(user: { language: string; theme: string }): Settings {
  return {
    language: toLanguageCode(user.language) ?? defaultSettings.language,
    theme: toTheme(user.theme) ?? defaultSettings.theme,
  };
}

export async function getSettings(auth: AuthContext, userId: string): Promise<Settings> {
  const user = await findUserById(auth.service.db, userId);
  if (!user) throw new HttpError(401);
  return asSettings(user);
}

async function saveSettings(auth: AuthContext, userId: string, settings: Settings): Promise<Settings> {
  return auth.service.transaction(async (tx, emit) => {
    const user = await updateUser(tx, userId, settings, auth.service.clock.now());
    if (!user) throw new HttpError(401);
    const saved = asSettings(user);
    await emit(userEvent(auth, 'auth.settings.changed', userId, { userId, ...saved }));
    return saved;
  });
}

/** PUT /settings/me: language (regional variants mapped, docs/product.md#languages-and-themes-accepted) and/or theme. */
export async function putSettings(
  auth: AuthContext,
  userId: string,
  input: { language?: string; theme?: string },
): Promise<Settings> {
  if (input.language === undefined && input.theme === undefined)
    throw new HttpError(422, [{ loc: ['body'], msg: accountMessages.settingsEmpty, type: 'missing' }]);
  const language = input.language === undefined ? undefined : toLanguageCode(input.language);
  const theme = input.theme === undefined ? undefined : toTheme(input.theme);
  const errors = [
    language === null
      ? { loc: ['body', 'language'], msg: accountMessages.languageInvalid, type: 'enum' }
      : null,
    theme === null ? { loc: ['body', 'theme'], msg: accountMessages.themeInvalid, type: 'enum' } : null,
  ].filter((e) => e !== null);
  if (errors.length > 0) throw new HttpError(422, errors);
  const current = await getSettings(auth, userId);
  return saveSettings(auth, userId, {
    language: language ?? current.language,
    theme: theme ?? current.theme,
  });
}

/** DELETE /settings/me: back to the defaults (English, the device's appearance). */
export function resetSettings(auth: AuthContext, userId: string): Promise<Settings> {
  return saveSettings(auth, userId, { ...defaultSettings });
}
