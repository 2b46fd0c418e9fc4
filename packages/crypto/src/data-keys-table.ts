import type { Queryable } from '@innerview/kit/db';
import { eq } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The table of per-user data keys, for a service to include in its own drizzle schema (so its
 * drizzle-kit migrations create it): `export const dataKeys = dataKeysTable();`.
 *
 * - `wrapped_key`: the user's AES-256 data key encrypted under master key `key_version`
 *   (`<iv>.<ciphertext+tag>`, base64url); null once destroyed.
 * - `destroyed_at`: set by erasure. The row stays as a tombstone so that reading old data says
 *   "destroyed" and no new key is ever made for an erased user id.
 */
export function dataKeysTable(name = 'data_keys') {
  return pgTable(name, {
    userId: uuid('user_id').primaryKey(),
    wrappedKey: text('wrapped_key'),
    keyVersion: integer('key_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    destroyedAt: timestamp('destroyed_at', { withTimezone: true }),
  });
}

export type DataKeysTable = ReturnType<typeof dataKeysTable>;

/**
 * Whether the person's data key was destroyed (erased): the tombstone row is the lasting record of
 * the erasure and holds nothing of them but the id.
 */
export async function isKeyDestroyed(q: Queryable, table: DataKeysTable, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ destroyedAt: table.destroyedAt })
    .from(table)
    .where(eq(table.userId, userId))
    .limit(1);
  return row?.destroyedAt != null;
}
