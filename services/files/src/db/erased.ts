import { isKeyDestroyed } from '@innerview/crypto';
import type { Queryable } from '@innerview/kit';
import { dataKeys } from './schema.ts';

/**
 * Whether the person was erased: their data key's tombstone (ADR 8, 17) is the record of it. Call
 * it under `lockUserUploads`, which the erasure takes too, so that the answer cannot change before
 * the caller commits.
 */
export function isErased(q: Queryable, userId: string): Promise<boolean> {
  return isKeyDestroyed(q, dataKeys, userId);
}
