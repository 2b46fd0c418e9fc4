import { readFileSync } from 'node:fs';
import path from 'node:path';
import { languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { de } from '../services/questionnaire/src/domain/content/de.ts';
import { en } from '../services/questionnaire/src/domain/content/en.ts';
import { es } from '../services/questionnaire/src/domain/content/es.ts';
import { fr } from '../services/questionnaire/src/domain/content/fr.ts';
import { it as itContent } from '../services/questionnaire/src/domain/content/it.ts';

// Issue 20: the second introduction screen (questionnaire service content) and the invitation
// screen right after it (shell texts) said the same sentence. A person reads them one after the
// other, so no run of six words may appear on both.
const root = path.resolve(import.meta.dirname, '..');
const content = { en, fr, de, it: itContent, es };

function runs(text: string, size = 6): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + size <= words.length; i++) out.add(words.slice(i, i + size).join(' '));
  return out;
}

describe('onboarding copy', () => {
  it.each(languageCodes)('the invitation does not repeat the introduction in %s', (language) => {
    const shell = JSON.parse(
      readFileSync(path.join(root, `frontends/shell/locales/${language}/onboarding.json`), 'utf8'),
    ) as { invitation: Record<string, string> };
    const intro = runs(
      content[language].intro.flatMap((screen) => [screen.title, ...screen.paragraphs]).join(' '),
    );
    const repeated = Object.values(shell.invitation).flatMap((text) =>
      [...runs(text)].filter((r) => intro.has(r)),
    );
    expect(repeated).toEqual([]);
  });
});
