import { describe, expect, it } from 'vitest';
import { searchSnippet } from './search-snippet.ts';

describe('searchSnippet', () => {
  it('keeps a short message whole, on one line', () => {
    expect(searchSnippet('I miss\nmy  brother', ['brother'])).toBe('I miss my brother');
  });

  it('cuts a long message around its first match, at spaces, with ellipses', () => {
    const text = `${'word '.repeat(60)}the Prüfung tomorrow scares me ${'more '.repeat(60)}`;
    const snippet = searchSnippet(text, ['prufung']);
    expect(snippet.startsWith('…word ')).toBe(true);
    expect(snippet.endsWith('more…')).toBe(true);
    expect(snippet).toContain('the Prüfung tomorrow scares me');
    expect(snippet.length).toBeLessThanOrEqual(182);
  });
});
