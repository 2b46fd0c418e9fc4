import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { lockUntilCommit, type Queryable } from './db.ts';

/**
 * The record of erased people kept by a service that has no data key to tombstone (billing,
 * notifications), for its own drizzle schema: `export const erasedPeople = erasedPeopleTable();`.
 * It holds a hash of each user id (`erasedMark`), never the id, and no date: only "this id is gone".
 */
export function erasedPeopleTable(name = 'erased_people') {
  return pgTable(name, {
    mark: text('mark').primaryKey(),
  });
}

export type ErasedPeopleTable = ReturnType<typeof erasedPeopleTable>;

/** What `erased_people` holds for a user id: a hash, so that the table names nobody. */
export function erasedMark(userId: string): string {
  return createHash('sha256').update(`innerview.erased.v1:${userId.toLowerCase()}`).digest('base64url');
}

export interface ErasedPeople {
  /**
   * Serialises what the service records about a person with their erasure, so that a row written at
   * the same moment as `auth.user.erased` cannot commit after the erasure swept the tables. Inside a
   * transaction only (the lock ends with it).
   */
  lockPerson(q: Queryable, userId: string): Promise<void>;
  isErased(q: Queryable, userId: string): Promise<boolean>;
  /** `lockPerson` then `isErased`: true means "record nothing about this person". */
  erasedUnderLock(q: Queryable, userId: string): Promise<boolean>;
  markErased(q: Queryable, userId: string): Promise<void>;
}

/** The erased-people operations of one service: its table, and the name its person locks share. */
export function erasedPeople(table: ErasedPeopleTable, lockPrefix: string): ErasedPeople {
  const lockPerson = (q: Queryable, userId: string) => lockUntilCommit(q, `${lockPrefix}:${userId}`);
  const isErased = async (q: Queryable, userId: string) => {
    const [row] = await q
      .select({ mark: table.mark })
      .from(table)
      .where(eq(table.mark, erasedMark(userId)))
      .limit(1);
    return row !== undefined;
  };
  return {
    lockPerson,
    isErased,
    async erasedUnderLock(q, userId) {
      await lockPerson(q, userId);
      return isErased(q, userId);
    },
    async markErased(q, userId) {
      await q
        .insert(table)
        .values({ mark: erasedMark(userId) })
        .onConflictDoNothing();
    },
  };
}
