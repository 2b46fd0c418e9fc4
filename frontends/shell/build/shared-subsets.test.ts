// Some shared libraries are provided as a chosen subset of their exports (the `*-client.mjs` files
// beside this test; host-shared.ts and federation-shared.ts). A remote importing anything else
// would get `undefined` from the shared module at run time, so this test holds every import of
// those libraries in the remotes and the shared packages to their subset. The shell's own
// screens are not held to it: they import the libraries themselves, not through the share.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as reduxToolkit from '@reduxjs/toolkit';
import * as rtkQuery from '@reduxjs/toolkit/query';
import * as rtkQueryReact from '@reduxjs/toolkit/query/react';
import * as reactRedux from 'react-redux';
import * as reactRouter from 'react-router';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

const SUBSETS = [
  { request: 'react-router', file: 'react-router-client.mjs', real: reactRouter },
  { request: '@reduxjs/toolkit', file: 'redux-toolkit-client.mjs', real: reduxToolkit },
  { request: '@reduxjs/toolkit/query', file: 'rtk-query-client.mjs', real: rtkQuery },
  { request: '@reduxjs/toolkit/query/react', file: 'rtk-query-react-client.mjs', real: rtkQueryReact },
  { request: 'react-redux', file: 'react-redux-client.mjs', real: reactRedux },
];

/** Code that reaches these libraries through the share: the remotes and the shared packages. */
function sharedConsumerDirs(): string[] {
  const remotes = readdirSync(path.join(root, 'frontends'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shell')
    .map((entry) => `frontends/${entry.name}/src`);
  return [...remotes, 'packages/ui/src', 'packages/api-client/src', 'packages/i18n/src'];
}

function sourceFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Tests and their helpers (`test-support`) import the libraries directly, outside federation.
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/(\.test|test-support)\.tsx?$/.test(entry.name) ? [full] : [];
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

const quoted = (request: string) => `['"]${request.replace(/[/.]/g, '\\$&')}['"]`;

/** Value names imported or re-exported from `request` (type-only imports are erased). */
function valueImports(code: string, request: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(
    `(import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*${quoted(request)}`,
    'gs',
  );
  for (const match of code.matchAll(pattern)) {
    if (match[2]) continue;
    for (const part of (match[3] ?? '').split(',')) {
      const specifier = part.trim();
      if (!specifier || specifier.startsWith('type ')) continue;
      names.push(specifier.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** Imports that would need every export: `import * as x`, `import x`, `export * from`. */
function wholeImports(code: string, request: string): boolean {
  return new RegExp(
    `import\\s+(\\*\\s+as\\s+\\w+|\\w+)\\s+from\\s*${quoted(request)}|export\\s+\\*\\s+from\\s*${quoted(request)}`,
  ).test(code);
}

const files = sharedConsumerDirs().flatMap((dir) => sourceFiles(path.join(root, dir)));

describe.each(SUBSETS)('shared subset of $request', ({ request, file, real }) => {
  const provided = exportedNames(readFileSync(path.join(import.meta.dirname, file), 'utf8'));

  it('only names exports the library really has', () => {
    expect(provided.length).toBeGreaterThan(2);
    expect(provided.filter((name) => !(name in real))).toEqual([]);
  });

  it('covers every import of it in the remotes and the shared packages', () => {
    const missing: string[] = [];
    for (const source of files) {
      const code = readFileSync(source, 'utf8');
      const where = path.relative(root, source);
      if (wholeImports(code, request))
        missing.push(`${where}: whole-module import (name the exports instead)`);
      for (const name of valueImports(code, request)) {
        if (!provided.includes(name)) missing.push(`${where}: ${name}`);
      }
    }
    expect(missing, `add these to frontends/shell/build/${file}`).toEqual([]);
  });
});

describe('import scanning', () => {
  it('recognises value, aliased and type-only imports of exactly one request', () => {
    const code = `import { Link, type RouteObject, useNavigate as go } from 'react-router';
      import type { Location } from 'react-router';
      import { createApi } from '@reduxjs/toolkit/query/react';
      import {\n  Outlet,\n} from "react-router";`;
    expect(valueImports(code, 'react-router')).toEqual(['Link', 'useNavigate', 'Outlet']);
    expect(valueImports(code, '@reduxjs/toolkit')).toEqual([]);
    expect(valueImports(code, '@reduxjs/toolkit/query/react')).toEqual(['createApi']);
  });

  it('flags namespace, default and star re-exports', () => {
    expect(wholeImports(`import * as RR from 'react-router';`, 'react-router')).toBe(true);
    expect(wholeImports(`import toolkit from '@reduxjs/toolkit';`, '@reduxjs/toolkit')).toBe(true);
    expect(wholeImports(`export * from 'react-redux';`, 'react-redux')).toBe(true);
    expect(wholeImports(`import { Provider } from 'react-redux';`, 'react-redux')).toBe(false);
    expect(wholeImports(`import * as q from '@reduxjs/toolkit/query';`, '@reduxjs/toolkit')).toBe(false);
  });
});
