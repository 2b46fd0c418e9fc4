import path from 'node:path';
import type { Database } from '../db.ts';

/** The kit's own drizzle-kit output (outbox and inbox tables), absolute. */
export const kitMigrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Creates or updates `kit_outbox` and `kit_inbox`, with a migration history of their own. */
export async function migrateKitTables(database: Database): Promise<void> {
  await database.migrate(kitMigrationsFolder, '__kit_migrations');
}
