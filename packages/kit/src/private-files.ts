import { chmodSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Narrows a folder of people's data to its owner: folders 0700, files 0600, all the way down.
 * PGlite unpacks its initial database with modes 0666/0777 of its own (ignoring the umask), so its
 * folder is narrowed once it is ready; files it creates later follow the process umask.
 */
export function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}
