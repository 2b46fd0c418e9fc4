import { type Database, openDatabase } from '@innerview/kit/db';
import { sql } from 'drizzle-orm';

/** An in-memory PGlite with a `data_keys` table as a service's migration would make it (tests only). */
export async function openTestDatabase(): Promise<Database> {
  const database = await openDatabase({ url: 'memory://', dataDir: '' });
  await database.db.execute(sql`
    create table data_keys (
      user_id uuid primary key,
      wrapped_key text,
      key_version integer not null,
      created_at timestamptz not null,
      destroyed_at timestamptz
    )`);
  return database;
}
