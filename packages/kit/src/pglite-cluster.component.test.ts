import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite-cluster.ts';

const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
function newFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'innerview-pglite-test-'));
  folders.push(dir);
  return dir;
}

describe('embedded databases started from the kept empty cluster', () => {
  it('two new databases are each empty, writable and apart', async () => {
    const [a, b] = await Promise.all([openPglite(undefined), openPglite(newFolder())]);
    try {
      await a.exec('create table notes (body text); insert into notes values ($$only in a$$);');
      expect((await b.query(`select to_regclass('notes') as t`)).rows).toEqual([{ t: null }]);
      expect((await a.query('select body from notes')).rows).toEqual([{ body: 'only in a' }]);
      expect((await b.query('select current_database() as d')).rows).toEqual([{ d: 'postgres' }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a database on disk is opened again with what was written, not replaced by the empty cluster', async () => {
    const dir = newFolder();
    const first = await openPglite(dir);
    await first.exec(`create table goals (title text); insert into goals values ('run 10 km');`);
    await first.close();
    const again = await openPglite(dir);
    try {
      expect((await again.query('select title from goals')).rows).toEqual([{ title: 'run 10 km' }]);
    } finally {
      await again.close();
    }
  });

  it('keeps the empty cluster as one whole file readable by this user only', async () => {
    await (await openPglite(undefined)).close();
    const kept = readdirSync(tmpdir()).filter((f) => f.startsWith('innerview-pglite-empty-cluster-'));
    expect(kept.filter((f) => f.endsWith('.tar'))).toHaveLength(1);
    const file = path.join(tmpdir(), kept.find((f) => f.endsWith('.tar'))!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
  });
});
