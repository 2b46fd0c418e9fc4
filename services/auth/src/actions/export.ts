import { toLanguageCode } from '@innerview/contracts';
import { HttpError } from '@innerview/kit';
import { type ExportSection, fetchInternalExport } from '@innerview/kit/internal';
import { type AuthContext, EXPORT_SERVICES, type ExportServiceName } from '../auth-context.ts';
import { listConsents } from '../db/deletion.ts';
import { findUserById } from '../db/users.ts';
import { defaultSettings, toTheme } from '../domain/settings.ts';

/** Each service gets this long to answer; the export waits for all of them in parallel. */
const SERVICE_TIMEOUT_MS = 5000;

export interface DataExport {
  innerview_export: { version: 1; exported_at: string; user_id: string; note: string };
  /** One section per service; `unavailable` says that service's data could not be gathered now. */
  sections: Record<'auth' | ExportServiceName, ExportSection>;
}

/** The auth service's own part: profile, consents and settings. No password hash, no lockout counters. */
async function authSection(auth: AuthContext, userId: string): Promise<ExportSection> {
  const user = await findUserById(auth.service.db, userId);
  if (!user) throw new HttpError(401);
  const consents = await listConsents(auth.service.db, userId);
  return {
    status: 'included',
    data: {
      profile: {
        id: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        date_of_birth: user.dateOfBirth,
        email_verified_at: user.verifiedAt?.toISOString() ?? null,
        onboarding_completed: user.onboardingCompleted,
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
      },
      consents: consents.map((c) => ({
        terms_version: c.termsVersion,
        privacy_version: c.privacyVersion,
        sensitive_data_consent: c.sensitiveDataConsent,
        accepted_at: c.acceptedAt.toISOString(),
      })),
      settings: {
        language: toLanguageCode(user.language) ?? defaultSettings.language,
        theme: toTheme(user.theme) ?? defaultSettings.theme,
      },
    },
  };
}

/**
 * GET /users/me/export: everything Innerview holds about the person, gathered from every service's
 * `GET /internal/export` (ADR 17). A service that does not answer (down, too slow, or without the
 * call yet) does not fail the export: its section says `unavailable`, so the person can try again.
 */
export async function exportData(auth: AuthContext, userId: string): Promise<DataExport> {
  const own = await authSection(auth, userId);
  const urls = auth.serviceUrls?.() ?? {};
  const others = await Promise.all(
    EXPORT_SERVICES.map(
      async (name) =>
        [
          name,
          await fetchInternalExport({
            baseUrl: urls[name],
            calls: auth.service.calls,
            userId,
            timeoutMs: SERVICE_TIMEOUT_MS,
          }),
        ] as const,
    ),
  );
  return {
    innerview_export: {
      version: 1,
      exported_at: auth.service.clock.now().toISOString(),
      user_id: userId,
      note: 'All data Innerview holds about you, one section per part of the service. A section marked "unavailable" could not be gathered at this moment: download the export again later to get it.',
    },
    sections: { auth: own, ...Object.fromEntries(others) } as DataExport['sections'],
  };
}
