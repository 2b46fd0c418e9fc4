import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { formatMoney, glossary } from '@innerview/contracts/glossary';
import { describe, expect, it } from 'vitest';

// The glossary (packages/contracts/src/glossary.ts, ADR 60) against every text a person reads:
// each front end's locale files and each mail template, language by language. A term that
// contradicts the glossary fails with its file, key and text.
const root = path.resolve(import.meta.dirname, '..');

/** Placeholders, markup and addresses are not words of the language. */
function wordsOnly(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, 'X')
    .replace(/\$\{[^}]*\}/g, 'X')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ');
}

type Text = { where: string; text: string };

function jsonTexts(value: unknown, where: string): Text[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => jsonTexts(inner, `${where}.${key}`));
  return [];
}

function localeTexts(language: LanguageCode): Text[] {
  const texts: Text[] = [];
  for (const frontend of readdirSync(path.join(root, 'frontends'))) {
    const dir = path.join(root, 'frontends', frontend, 'locales', language);
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files)
      texts.push(
        ...jsonTexts(
          JSON.parse(readFileSync(path.join(dir, file), 'utf8')),
          `${frontend}/${language}/${file}`,
        ),
      );
  }
  return texts;
}

/**
 * The strings of one language in a mail template: the `<language>: {` blocks of its tables, read
 * from the source (string and template literals), so every sentence counts, not only those a
 * sample mail happens to render.
 */
function mailTexts(language: LanguageCode): Text[] {
  const dir = path.join(root, 'services/notifications/src/domain/templates');
  const texts: Text[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
    let inside: string | null = null;
    lines.forEach((line, index) => {
      const open = /^(\s*)(en|fr|de|it|es): \{\s*$/.exec(line);
      if (open) {
        inside = open[2] === language ? open[1]! : null;
        return;
      }
      if (inside !== null && new RegExp(`^${inside}\\},?\\s*$`).test(line)) {
        inside = null;
        return;
      }
      if (inside === null) return;
      for (const match of line.matchAll(/'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`|"((?:[^"\\]|\\.)*)"/g))
        texts.push({
          where: `notifications/${file}:${index + 1}`,
          text: match[1] ?? match[2] ?? match[3] ?? '',
        });
    });
  }
  return texts;
}

describe('glossary', () => {
  it.each(languageCodes)('every locale file and mail template in %s keeps to the glossary', (language) => {
    const texts = [...localeTexts(language), ...mailTexts(language)];
    expect(texts.length).toBeGreaterThan(100);
    const contradictions = texts.flatMap(({ where, text }) =>
      glossary[language].avoid
        .filter(({ pattern }) => pattern.test(wordsOnly(text.replace(/\\u00a0/g, '\u00a0'))))
        .map(({ use }) => `${where}: "${text}" (use ${use})`),
    );
    expect(contradictions).toEqual([]);
  });

  it('names its own terms in the texts it watches', () => {
    for (const language of languageCodes) {
      const all = localeTexts(language)
        .map((t) => t.text)
        .join('\n');
      expect(all).toContain(glossary[language].newChat);
      expect(all).toContain(glossary[language].vat);
    }
  });

  it('writes money the Swiss way in every language', () => {
    expect(formatMoney(1900, 'CHF')).toBe('CHF 19.00');
    expect(formatMoney(19000, 'EUR')).toBe('EUR 190.00');
    expect(formatMoney(1900, 'JPY')).toBe('JPY 1900');
  });
});
