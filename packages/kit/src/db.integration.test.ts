import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe } from 'vitest';
import { openDatabase } from './db.ts';
import { databaseContract } from './db-contract.ts';
import { createTestDatabase } from './testing/postgres.ts';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test-fixtures/migrations');
const drops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

describe('database on PostgreSQL (distributed)', () => {
  databaseContract(async () => {
    const database = await createTestDatabase();
    drops.push(database.drop);
    return openDatabase({ url: database.url, dataDir: '' });
  }, migrations);
});
