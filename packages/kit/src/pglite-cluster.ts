import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Opens an embedded PostgreSQL (PGlite) in `dir`, or in memory without one.
 *
 * A new database starts from an empty cluster made once and kept, not from its own initdb:
 * initdb costs about 6 s of CPU on the 2-core machine, loading the kept cluster about 1.4 s, and
 * the embedded product opens six databases at its first start (the component and browser tests
 * many more). The kept cluster is PGlite's own dump of a database nobody has written to (no
 * person's data), one file per PGlite version in the temporary folder, written whole and renamed
 * into place, so a second process never reads half of it. A database that already exists in
 * `dir` is opened as it is.
 */
export async function openPglite(dir: string | undefined): Promise<PGlite> {
  if (dir && existsSync(path.join(dir, 'PG_VERSION'))) {
    const client = new PGlite(dir);
    await client.waitReady;
    return client;
  }
  return PGlite.create({ dataDir: dir, loadDataDir: await emptyCluster() });
}

let kept: Promise<Blob> | undefined;

function emptyCluster(): Promise<Blob> {
  kept ??= keptOrMade().catch((err: unknown) => {
    kept = undefined;
    throw err;
  });
  return kept;
}

async function keptOrMade(): Promise<Blob> {
  const file = path.join(tmpdir(), `innerview-pglite-empty-cluster-${pgliteVersion()}.tar`);
  // Read whole at once: another process may rename its own copy over the file meanwhile, and a
  // Blob that reads the file later would then fail.
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await PGlite.create();
  try {
    const dump = await fresh.dumpDataDir('none');
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 });
    renameSync(part, file);
    return dump;
  } finally {
    await fresh.close();
  }
}

function pgliteVersion(): string {
  // The package's exports hide its package.json; it sits above the resolved entry (dist/).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
