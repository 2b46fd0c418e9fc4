import {
  type AccountDeletedResponse,
  api,
  apiFetch,
  type CurrentUserResponse,
  type ThemePreference,
  type UserSettings,
} from '@innerview/api-client';

/** The account area's calls, added to the shell's one RTK Query api (shared cache, token, errors). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /users/me: first and/or last name (the address cannot change). */
    updateProfile: build.mutation<CurrentUserResponse, { first_name?: string; last_name?: string }>({
      query: (body) => ({ url: '/users/me', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    /** PUT /settings/me: saved to the account, applied at the next session start anywhere. */
    updateSettings: build.mutation<UserSettings, { language?: string; theme?: ThemePreference }>({
      query: (body) => ({ url: '/settings/me', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
    /**
     * DELETE /users/me. Invalidates nothing on purpose: the session is over, and a refetch would
     * only meet a 401 and send the person away from the post-deletion screen.
     */
    deleteAccount: build.mutation<AccountDeletedResponse, { current_password: string }>({
      // Re-authentication (docs/adr/0046): the current password travels in the body.
      query: (body) => ({ url: '/users/me', method: 'DELETE', body }),
    }),
  }),
});

export const { useUpdateProfileMutation, useUpdateSettingsMutation, useDeleteAccountMutation } = accountApi;

/** The services whose part of the export can be missing (ADR 17). */
export const EXPORT_PARTS = ['billing', 'chat', 'questionnaire', 'files', 'notifications'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

export type DownloadedExport = { fileName: string; blob: Blob; unavailable: ExportPart[] };

/** `attachment; filename="innerview-export-2026-05-01.json"` → the file name, if it is a safe one. */
export function fileNameOf(contentDisposition: string | null): string | null {
  const name = contentDisposition?.match(/filename="([^"]+)"/)?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : null;
}

/** The parts the server could not gather, read from the export itself. */
export function unavailableParts(text: string): ExportPart[] {
  try {
    const sections = (JSON.parse(text) as { sections?: Record<string, { status?: unknown }> }).sections;
    return EXPORT_PARTS.filter((part) => sections?.[part]?.status === 'unavailable');
  } catch {
    return [];
  }
}

/**
 * GET /users/me/export as a file. It can take a few seconds (every service is asked), so the
 * time-out is longer than the usual 30 s would need; errors arrive as `ApiRequestError`.
 */
export async function downloadExport(): Promise<DownloadedExport> {
  const response = await apiFetch('/users/me/export', { timeoutMs: 60_000 });
  const text = await response.text();
  const fileName =
    fileNameOf(response.headers.get('content-disposition')) ??
    `innerview-export-${new Date().toISOString().slice(0, 10)}.json`;
  return {
    fileName,
    blob: new Blob([text], { type: 'application/json' }),
    unavailable: unavailableParts(text),
  };
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
