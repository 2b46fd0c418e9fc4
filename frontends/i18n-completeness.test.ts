// Every text of the three front ends exists in all five languages (docs/product.md#languages-and-appearance, docs/architecture.md#front-ends).
//
// Wording choices, kept consistent within each language:
// - French: "vous", as Swiss French services address their customers; "e-mail" (not "courriel").
// - German: informal "du" throughout, usual for a personal coaching app; Swiss spelling ("ss", no "ß").
// - Italian: informal "tu"; standard Italian as read in Ticino; gender-neutral phrasing.
// - Spanish: informal "tú"; European Spanish.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FRONTENDS = path.dirname(new URL(import.meta.url).pathname);
const LANGUAGES = ['en', 'fr', 'de', 'it', 'es'] as const;
const OTHERS = LANGUAGES.filter((lng) => lng !== 'en');
const APPS = ['shell', 'chat', 'account'];

type Texts = Map<string, unknown>;

/** `{ a: { b: 'x' }, c: ['y'] }` → `a.b` → 'x', `c.0` → 'y' (lists of sections or FAQ items too). */
function flatten(value: unknown, prefix = '', into: Texts = new Map()): Texts {
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

function read(app: string, lng: string, file: string): Texts {
  return flatten(JSON.parse(readFileSync(path.join(FRONTENDS, app, 'locales', lng, file), 'utf8')));
}

/** `{{count}}` for i18next, `{hotkey}` for the UI kit's own placeholders. */
function placeholders(text: unknown): string[] {
  return typeof text === 'string'
    ? [...text.matchAll(/\{\{?\s*([\w.]+)\s*\}?\}/g)].map((m) => m[0]).sort()
    : [];
}

const namespaces = APPS.flatMap((app) =>
  readdirSync(path.join(FRONTENDS, app, 'locales', 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ app, file })),
);

describe('translations', () => {
  it('finds the namespaces of every front end', () => {
    const found = namespaces.map(({ app, file }) => `${app}/${file}`);
    for (const core of ['account/account.json', 'chat/chat.json', 'shell/common.json', 'shell/shell.json']) {
      expect(found).toContain(core);
    }
  });

  it.each(namespaces)('$app/$file: English has only non-empty texts', ({ app, file }) => {
    const problems = [...read(app, 'en', file)]
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
    expect(problems).toEqual([]);
  });

  describe.each(OTHERS)('%s', (lng) => {
    it.each(namespaces)('$app/$file has every English key, no other, none empty', ({ app, file }) => {
      const target = path.join(FRONTENDS, app, 'locales', lng, file);
      expect(existsSync(target), `${app}/locales/${lng}/${file} is missing`).toBe(true);
      const en = read(app, 'en', file);
      const texts = read(app, lng, file);
      const missing = [...en.keys()].filter((key) => !texts.has(key));
      const empty = [...texts]
        .filter(([, t]) => typeof t !== 'string' || t.trim() === '')
        .map(([key]) => key);
      const extra = [...texts.keys()].filter((key) => !en.has(key));
      expect({ missing, empty, extra }).toEqual({ missing: [], empty: [], extra: [] });
    });

    it.each(namespaces)('$app/$file keeps the placeholders of English', ({ app, file }) => {
      const en = read(app, 'en', file);
      const texts = read(app, lng, file);
      const differing = [...en]
        .filter(
          ([key, text]) =>
            texts.has(key) && placeholders(text).join() !== placeholders(texts.get(key)).join(),
        )
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
  });
});
