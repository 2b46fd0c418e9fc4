import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { openDatabase } from './db.ts';
import { databaseContract } from './db-contract.ts';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test-fixtures/migrations');

describe('database on PGlite (embedded)', () => {
  databaseContract(() => openDatabase({ url: 'memory://', dataDir: '' }), migrations);
});
