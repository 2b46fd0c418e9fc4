// One shape for every service (packages/kit/README.md, "Shape of a service"; ADR 65): the same
// folders under src/, so a reader who knows one service finds their way in the others.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const servicesDir = path.resolve(import.meta.dirname, '..', 'services');

/** Every service has these: its calls, use-cases, rules, tables, events and jobs. */
const required = ['routes', 'actions', 'domain', 'db', 'events', 'jobs'];
/** Allowed besides: `adapters/<what>/` for each port implementation, `testing/` for test helpers. */
const optional = ['adapters', 'testing'];

const services = readdirSync(servicesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function foldersOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe('the shape of a service', () => {
  it('finds the six services', () => {
    expect(services.length).toBeGreaterThanOrEqual(6);
  });

  it.each(services)(
    '%s has routes/, actions/, domain/, db/, events/, jobs/ and nothing else but adapters/, testing/',
    (name) => {
      const folders = foldersOf(path.join(servicesDir, name, 'src'));
      expect(
        required.filter((folder) => !folders.includes(folder)),
        'missing folders',
      ).toEqual([]);
      expect(
        folders.filter((folder) => !required.includes(folder) && !optional.includes(folder)),
        'folders outside the shape (port implementations go under adapters/<what>/)',
      ).toEqual([]);
    },
  );

  it.each(services)('%s keeps only folders, one per port implementation, under adapters/', (name) => {
    const adapters = path.join(servicesDir, name, 'src', 'adapters');
    const loose = foldersOf(path.join(servicesDir, name, 'src')).includes('adapters')
      ? readdirSync(adapters, { withFileTypes: true }).filter((entry) => !entry.isDirectory())
      : [];
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });
});
