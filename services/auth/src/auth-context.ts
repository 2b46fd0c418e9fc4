import type { KeyRing } from '@innerview/crypto';
import type { BaseConfig, ServiceContext } from '@innerview/kit';
import type { RateLimiter } from '@innerview/kit/rate-limiter';
import type { RevocationStore } from '@innerview/kit/tokens/index';
import type { SigningKey } from './adapters/security/signing-keys.ts';
import type { AuthConfig } from './config.ts';

export type AuthServiceContext = ServiceContext<AuthConfig & BaseConfig>;

/** What the auth service's actions share: the kit's context plus its own adapters and key. */
export interface AuthContext {
  service: AuthServiceContext;
  revocations: RevocationStore;
  limiter: RateLimiter;
  /** Seals one-time tokens in events (EVENT_PAYLOAD_KEY, shared with notifications). */
  eventPayloadKeys: KeyRing;
  /** Loaded (or generated) once at start-up. */
  signingKey(): Promise<SigningKey>;
  /** Base URLs of the other services, for the data export (ADR 17); a missing one is "unavailable". */
  serviceUrls?(): ExportServiceUrls;
}

/** The services a person's data export gathers from, besides auth itself. */
export const EXPORT_SERVICES = ['billing', 'chat', 'questionnaire', 'files', 'notifications'] as const;
export type ExportServiceName = (typeof EXPORT_SERVICES)[number];
export type ExportServiceUrls = Partial<Record<ExportServiceName, string>>;
