import { at } from '@innerview/kit/db-columns';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One row per account. `email` is stored normalised (trimmed, lower case) and is the login name.
 * The lockout counters live here because lockout is per account (docs/product.md#login-lockout).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('en'),
    theme: text('theme').notNull().default('system'),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: at('verified_at'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** Set by account deletion; a deleted account cannot sign in and is erased 90 days later (ADR 15, 16). */
    deletedAt: at('deleted_at'),
    /** When the erasure confirmation mail was asked for; the erasure itself follows a day later. */
    erasureNoticeAt: at('erasure_notice_at'),
  },
  (t) => [index('users_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`)],
);

/**
 * What the person agreed to at sign-up, and when: the terms and privacy versions and the explicit
 * consent to processing of sensitive data. Kept as its own rows so a later version adds a row.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsVersion: text('terms_version').notNull(),
    privacyVersion: text('privacy_version').notNull(),
    sensitiveDataConsent: boolean('sensitive_data_consent').notNull(),
    acceptedAt: at('accepted_at').notNull(),
  },
  (t) => [index('consents_user_idx').on(t.userId)],
);

/** A sign-in. Its id is the `sid` claim of every token issued for it; revoking it ends them all. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * E-mail verification and password-reset tokens. Only the SHA-256 of a token is kept, so a copy of
 * the database cannot be used to take over an account; `used_at` makes each one single use.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['email_verification', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Failed sign-ins counted per (address, client address) pair, for addresses with and without an
 * account alike, so the answers (attempt counts, warning, lock) do not tell whether an address is
 * registered, and so failures from one client do not lock the owner out everywhere
 * (docs/adr/0045-security-lockout-per-client-address.md). Keyed by hashes, never the address or
 * the IP; a reset deletes every pair of its address; swept once a day.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    emailHash: text('email_hash').notNull(),
    clientHash: text('client_hash').notNull(),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.emailHash, t.clientHash] }),
    index('login_attempts_updated_idx').on(t.updatedAt),
  ],
);
