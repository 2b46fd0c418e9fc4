import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from './db.ts';

/** The same checks on PGlite and on PostgreSQL: migrations, queries, transactions. */
export function databaseContract(open: () => Promise<Database>, migrationsFolder: string): void {
  it('applies versioned migrations once and keeps separate histories apart', async () => {
    const database = await open();
    try {
      await database.migrate(migrationsFolder, '__test_migrations');
      await database.migrate(migrationsFolder, '__test_migrations');
      await database.db.execute(sql`insert into greetings (text) values ('hello')`);
      const rows = await database.db.execute(sql`select text from greetings`);
      expect(rowsOf(rows)).toEqual([{ text: 'hello' }]);
    } finally {
      await database.close();
    }
  });

  it('rolls back a failed transaction completely', async () => {
    const database = await open();
    try {
      await database.migrate(migrationsFolder, '__test_migrations');
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into greetings (text) values ('lost')`);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const rows = await database.db.execute(
        sql`select count(*)::int as n from greetings where text = 'lost'`,
      );
      expect(rowsOf(rows)).toEqual([{ n: 0 }]);
      await database.ping();
    } finally {
      await database.close();
    }
  });
}

/** node-postgres returns `{ rows }`, PGlite returns `{ rows }` too; keep tests independent of that. */
export function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}
