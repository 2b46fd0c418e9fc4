import { SettingsOptionsResponse, SettingsResponse } from '@innerview/contracts/auth';
import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { getSettings, putSettings, resetSettings } from '../actions/settings.ts';
import type { AuthContext } from '../auth-context.ts';
import { defaultSettings, languageOptions, themes } from '../domain/settings.ts';
import { SettingsRequest } from './schemas.ts';

export function settingsRoutes(auth: AuthContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/settings/options',
      summary: 'The languages (code, name, nativeName) and themes a user can choose',
      auth: 'none',
      responses: { 200: { description: 'Options', schema: SettingsOptionsResponse } },
      handler: () => ({ languages: languageOptions, themes: [...themes], defaults: defaultSettings }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/settings/me',
      summary: "The user's language and theme",
      responses: { 200: { description: 'Settings', schema: SettingsResponse } },
      handler: ({ userId }) => getSettings(auth, userId),
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/settings/me',
      summary: 'Set language (en, fr, de, it, es; regional variants such as fr-CH are mapped) and/or theme',
      body: SettingsRequest,
      responses: { 200: { description: 'Saved settings', schema: SettingsResponse } },
      handler: ({ body, userId }) => putSettings(auth, userId, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/settings/me',
      summary: 'Restore the defaults (English, system theme)',
      responses: { 200: { description: 'Default settings', schema: SettingsResponse } },
      handler: ({ userId }) => resetSettings(auth, userId),
    }),
  ];
}
