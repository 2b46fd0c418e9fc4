// The shared react-router is a chosen subset of its exports (react-router-client.mjs). A front end
// importing anything else would get `undefined` from the shared module at run time, so this test
// holds every import of 'react-router' in the front ends and the shared packages to that subset.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as reactRouter from 'react-router';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = [
  'frontends/shell/src',
  'frontends/chat/src',
  'frontends/account/src',
  'packages/ui/src',
  'packages/api-client/src',
  'packages/i18n/src',
];

function sourceFiles(dir: string): string[] {
  let entries: ReturnType<typeof readdirSync<{ withFileTypes: true }>>;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests import react-router directly, outside federation.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Names a module provides: `export { a, b as c }` lists. */
function exportedNames(code: string): string[] {
  const list = code.match(/export\s*\{([^}]*)\}/s)?.[1] ?? '';
  return list
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
    )
    .filter(Boolean);
}

/** Value names imported or re-exported from 'react-router' (type-only imports are erased). */
function valueImports(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(
    /(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router['"]/gs,
  )) {
    if (match[2]) continue;
    for (const part of (match[3] ?? '').split(',')) {
      const specifier = part.trim();
      if (!specifier || specifier.startsWith('type ')) continue;
      names.push(specifier.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

const provided = exportedNames(
  readFileSync(path.join(import.meta.dirname, 'react-router-client.mjs'), 'utf8'),
);

describe('shared react-router subset', () => {
  it('only names exports react-router really has', () => {
    expect(provided.length).toBeGreaterThan(10);
    expect(provided.filter((name) => !(name in reactRouter))).toEqual([]);
  });

  it('covers every react-router import of the front ends and shared packages', () => {
    const missing: string[] = [];
    for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
      const code = readFileSync(file, 'utf8');
      if (/import\s+\*\s+as\s+\w+\s+from\s+['"]react-router['"]/.test(code)) {
        missing.push(`${path.relative(root, file)}: namespace import (name the exports instead)`);
      }
      for (const name of valueImports(code)) {
        if (!provided.includes(name)) missing.push(`${path.relative(root, file)}: ${name}`);
      }
    }
    expect(missing, 'add these to frontends/shell/build/react-router-client.mjs').toEqual([]);
  });

  it('recognises value, aliased and type-only imports', () => {
    const code = `import { Link, type RouteObject, useNavigate as go } from 'react-router';
      import type { Location } from 'react-router';
      import {\n  Outlet,\n} from "react-router";`;
    expect(valueImports(code)).toEqual(['Link', 'useNavigate', 'Outlet']);
  });
});
