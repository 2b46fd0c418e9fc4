import type { Queryable } from '@innerview/kit';
import { eq } from 'drizzle-orm';
import { dataKeys } from './schema.ts';

/**
 * Whether the person was erased: their data key's tombstone (ADR 8, 17) is the record of it, kept
 * for good and holding nothing of them but the id. Call it under `lockUserUploads`, which the
 * erasure takes too, so that the answer cannot change before the caller commits.
 */
export async function isErased(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ destroyedAt: dataKeys.destroyedAt })
    .from(dataKeys)
    .where(eq(dataKeys.userId, userId))
    .limit(1);
  return row?.destroyedAt != null;
}
