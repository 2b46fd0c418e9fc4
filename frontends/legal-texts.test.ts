// The legal texts (shell namespace `legal`: terms of service and privacy policy) and the help-hub
// FAQ (account namespace `help`) in all five languages: the shape the screens render, the same
// sections and entries everywhere, and the facts of the product (docs/product.md#what-innerview-is, docs/product.md#how-things-change-over-time, docs/product.md#numbers-and-limits) in every
// language, so that a translation which drops or changes a number, an address or a name fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const FRONTENDS = path.dirname(new URL(import.meta.url).pathname);
const LANGUAGES = ['en', 'fr', 'de', 'it', 'es'] as const;
const OTHERS = LANGUAGES.filter((lng) => lng !== 'en');
type Language = (typeof LANGUAGES)[number];

const text = z.string().refine((s) => s.trim() !== '' && s === s.trim(), 'non-empty, no outer spaces');
const id = z.string().regex(/^[a-z]+(-[a-z]+)*$/, 'kebab-case id');

const section = z.strictObject({ id, heading: text, paragraphs: z.array(text).min(1) });
const document = z.strictObject({ title: text, updated: text, sections: z.array(section).min(10) });
const legalSchema = z.strictObject({ terms: document, privacy: document });

const item = z.strictObject({ id, question: text, answer: text });
const faqGroup = z.strictObject({ heading: text, items: z.array(item).min(8) });
const helpSchema = z.strictObject({
  title: text,
  intro: text,
  billing: faqGroup,
  general: faqGroup,
  // What the coach does in a crisis (issue 17): fewer entries than the other groups.
  safety: z.strictObject({ heading: text, items: z.array(item).min(5) }),
  contact: z.strictObject({
    heading: text,
    text,
    linkLabel: text,
    email: z.literal('support@innerview.ch'),
  }),
});

type Legal = z.infer<typeof legalSchema>;
type Help = z.infer<typeof helpSchema>;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(FRONTENDS, file), 'utf8'));
}

const legal = (lng: Language): Legal => legalSchema.parse(readJson(`shell/locales/${lng}/legal.json`));
const help = (lng: Language): Help => helpSchema.parse(readJson(`account/locales/${lng}/help.json`));

/** Every visible string of one file, for checks that apply to all of them. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

const sectionText = (doc: Legal['terms'], sectionId: string): string => {
  const found = doc.sections.find((s) => s.id === sectionId);
  return found ? `${found.heading} ${found.paragraphs.join(' ')}` : '';
};
const itemText = (group: Help['billing'], itemId: string): string => {
  const found = group.items.find((i) => i.id === itemId);
  return found ? `${found.question} ${found.answer}` : '';
};

/** A number or code as a whole token: '2' is not found in '12.09.2025', '30' not in '300'. */
function missingTokens(haystack: string, tokens: string[]): string[] {
  return tokens.filter((token) => {
    const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return !new RegExp(`(?<![\\w.@])${escaped}(?![\\w@]|\\.\\w)`).test(haystack);
  });
}

// Facts that read the same in every language, per section (docs/product.md#languages-and-appearance, docs/product.md#how-things-change-over-time, docs/product.md#languages-translations-and-themes).
const TERMS_FACTS: Record<string, string[]> = {
  'eligibility-and-account': ['16', 'support@innerview.ch'],
  'free-trial': ['30', '2'],
  'plans-and-payment': ['2', 'CHF', 'EUR', 'USD', '30'],
  'cancellation-and-reactivation': ['90'],
  crisis: ['143', '147', '144', '112', 'Pro Juventute'],
  'account-deletion': ['90', 'support@innerview.ch'],
  contact: ['support@innerview.ch', 'privacy@innerview.ch'],
};
const PRIVACY_FACTS: Record<string, string[]> = {
  controller: ['privacy@innerview.ch'],
  'storage-and-encryption': ['AES-256'],
  retention: ['90', '10'],
  'your-rights': ['JSON', '30', 'privacy@innerview.ch', 'www.edoeb.admin.ch'],
  'cookies-and-local-storage': ['10'],
  children: ['16'],
  contact: ['privacy@innerview.ch', 'support@innerview.ch'],
};
const BILLING_FACTS: Record<string, string[]> = {
  'free-trial': ['30'],
  'trial-end': ['2'],
  plans: ['2'],
  'currencies-and-vat': ['CHF', 'EUR', 'USD', '30'],
  reactivation: ['90'],
};
const GENERAL_FACTS: Record<string, string[]> = {
  crisis: ['143', '147', '144', '112'],
  age: ['16'],
  questionnaire: ['8'],
  'data-location': ['AES-256'],
  'data-export': ['JSON'],
  'account-deletion': ['90'],
};

// Names that differ by language: where disputes go, the Swiss data protection act and its
// supervisor, and the crisis line 143 under its name in that language.
const LOCAL_FACTS: Record<Language, { geneva: string; act: string; supervisor: string; line143: string }> = {
  en: { geneva: 'Geneva', act: 'FADP', supervisor: 'FDPIC', line143: 'La Main Tendue' },
  fr: { geneva: 'Genève', act: 'LPD', supervisor: 'PFPDT', line143: 'La Main Tendue' },
  de: { geneva: 'Genf', act: 'DSG', supervisor: 'EDÖB', line143: 'Die Dargebotene Hand' },
  it: { geneva: 'Ginevra', act: 'LPD', supervisor: 'IFPDT', line143: 'Telefono Amico' },
  es: { geneva: 'Ginebra', act: 'LPD', supervisor: 'FDPIC', line143: 'La Main Tendue' },
};

const factProblems = (facts: Record<string, string[]>, read: (key: string) => string) =>
  Object.entries(facts)
    .map(([key, tokens]) => ({ key, missing: missingTokens(read(key), tokens) }))
    .filter(({ missing }) => missing.length > 0);

describe.each(LANGUAGES)('%s', (lng) => {
  it('legal.json has the agreed shape', () => {
    expect(() => legal(lng)).not.toThrow();
  });

  it('help.json has the agreed shape', () => {
    expect(() => help(lng)).not.toThrow();
  });

  it('ids are unique within each document and FAQ', () => {
    const { terms, privacy } = legal(lng);
    const { billing, general, safety } = help(lng);
    for (const ids of [
      terms.sections.map((s) => s.id),
      privacy.sections.map((s) => s.id),
      [...billing.items, ...general.items, ...safety.items].map((i) => i.id),
    ]) {
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('the terms were last updated on 12.09.2025 and the privacy policy is version 1.0', () => {
    const { terms, privacy } = legal(lng);
    expect(terms.updated).toContain('12.09.2025');
    expect(privacy.updated).toMatch(/(?<![\d.])1\.0(?![\d.]\d)/);
  });

  it('the terms state the facts of the spec', () => {
    const { terms } = legal(lng);
    expect(factProblems(TERMS_FACTS, (key) => sectionText(terms, key))).toEqual([]);
    expect(sectionText(terms, 'governing-law')).toContain(LOCAL_FACTS[lng].geneva);
    expect(sectionText(terms, 'crisis')).toContain(LOCAL_FACTS[lng].line143);
  });

  it('the privacy policy states the facts of the spec', () => {
    const { privacy } = legal(lng);
    expect(factProblems(PRIVACY_FACTS, (key) => sectionText(privacy, key))).toEqual([]);
    expect(sectionText(privacy, 'controller')).toContain(LOCAL_FACTS[lng].act);
    expect(sectionText(privacy, 'your-rights')).toContain(LOCAL_FACTS[lng].supervisor);
    expect(sectionText(privacy, 'contact')).toContain(LOCAL_FACTS[lng].geneva);
  });

  it('the FAQ states the facts of the spec', () => {
    const { billing, general } = help(lng);
    expect(factProblems(BILLING_FACTS, (key) => itemText(billing, key))).toEqual([]);
    expect(factProblems(GENERAL_FACTS, (key) => itemText(general, key))).toEqual([]);
    expect(itemText(general, 'crisis')).toContain(LOCAL_FACTS[lng].line143);
  });

  it('names no e-mail address but support@ and privacy@innerview.ch', () => {
    const all = [...strings(legal(lng)), ...strings(help(lng))].join('\n');
    const addresses = new Set(all.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g));
    expect([...addresses].sort()).toEqual(['privacy@innerview.ch', 'support@innerview.ch']);
  });

  it('has no placeholder, markup or i18next syntax', () => {
    const suspicious = [...strings(legal(lng)), ...strings(help(lng))].filter(
      (s) =>
        /\b(TODO|TBD|FIXME|XXX)\b|\[[^\]]*\]|\{\{|\$t\(|<\/?[a-z][^>]*>|…|\.\.\./.test(s) ||
        /lorem|ipsum/i.test(s),
    );
    expect(suspicious).toEqual([]);
  });

  it('renders through i18next unchanged', async () => {
    const resources = { legal: readJson(`shell/locales/${lng}/legal.json`) as Legal };
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: resources }, ns: ['legal'], defaultNS: 'legal' });
    expect(i18n.t('terms.sections', { returnObjects: true })).toEqual(resources.legal.terms.sections);
    expect(i18n.t('privacy.updated')).toBe(resources.legal.privacy.updated);
  });
});

describe.each(OTHERS)('%s against English', (lng) => {
  const en = { legal: legal('en'), help: help('en') };
  const shape = (doc: Legal['terms']) => doc.sections.map((s) => `${s.id}:${s.paragraphs.length}`);

  it('has the same terms sections, in the same order, with as many paragraphs', () => {
    expect(shape(legal(lng).terms)).toEqual(shape(en.legal.terms));
  });

  it('has the same privacy sections, in the same order, with as many paragraphs', () => {
    expect(shape(legal(lng).privacy)).toEqual(shape(en.legal.privacy));
  });

  it('has the same FAQ entries, in the same order', () => {
    const ids = (h: Help) => ({
      billing: h.billing.items.map((i) => i.id),
      general: h.general.items.map((i) => i.id),
      safety: h.safety.items.map((i) => i.id),
    });
    expect(ids(help(lng))).toEqual(ids(en.help));
  });

  it('is translated, not copied from English', () => {
    const english = new Set([...strings(en.legal), ...strings(en.help)].filter((s) => s.length > 40));
    const copied = [...strings(legal(lng)), ...strings(help(lng))].filter((s) => english.has(s));
    expect(copied).toEqual([]);
  });
});

describe('language conventions', () => {
  it('German uses Swiss spelling: "ss", never "ß"', () => {
    const german = [...strings(legal('de')), ...strings(help('de'))].filter((s) => s.includes('ß'));
    expect(german).toEqual([]);
  });

  it('German addresses the user with "du", never "Sie"', () => {
    const formal = [...strings(legal('de')), ...strings(help('de'))].filter((s) =>
      /(?<![.:!?]\s|^|\p{L})(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer)(?!\p{L})/u.test(s),
    );
    expect(formal).toEqual([]);
  });

  it('French keeps a no-break space, never a plain one, before : ; ? ! and inside « »', () => {
    const broken = [...strings(legal('fr')), ...strings(help('fr'))].filter((s) =>
      /[ \t][:;?!»]|«[ \t]/.test(s),
    );
    expect(broken).toEqual([]);
  });

  it('Spanish stays neutral: no "vosotros" forms', () => {
    const regional = [...strings(legal('es')), ...strings(help('es'))].filter((s) =>
      /(?<!\p{L})(vosotros|vosotras|vuestro|vuestra|vuestros|vuestras|os)(?!\p{L})/iu.test(s),
    );
    expect(regional).toEqual([]);
  });
});
