import { type LanguageCode, toLanguageCode } from '@innerview/contracts';

/**
 * The content language: `lang` if it names a supported one (regional variants map to the base,
 * docs/product.md#languages-and-themes-accepted), else the best of `Accept-Language` by weight, else English (docs/product.md#languages-translations-and-themes fallback).
 */
export function resolveLanguage(lang: string | undefined, acceptLanguage: string | undefined): LanguageCode {
  const fromQuery = toLanguageCode(lang);
  if (fromQuery) return fromQuery;
  const ranges = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    const code = toLanguageCode(range.tag);
    if (code) return code;
  }
  return 'en';
}
