import { describe, expect, it } from 'vitest';
import { foldChar, matchRanges, searchWords } from './chat-search.ts';

describe('search folding', () => {
  it('folds case, accents and ligatures the same way in five languages', () => {
    expect(searchWords('Große PRÜFUNG, große Angst')).toEqual(['grosse', 'prufung', 'angst']);
    expect(searchWords("J'ai peur de DÉCEVOIR l'équipe")).toEqual(['ai', 'peur', 'de', 'decevoir', 'equipe']);
    expect(searchWords('Più città, mañana, cœur')).toEqual(['piu', 'citta', 'manana', 'coeur']);
    expect(foldChar('Ø')).toBe('o');
  });

  it('finds whole words only and gives ranges of the original text', () => {
    const text = 'Prüfung morgen; die Prüfungsangst bleibt. PRÜFUNG!';
    const ranges = matchRanges(text, ['prufung']);
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(['Prüfung', 'PRÜFUNG']);
    const german = 'Die große Straße';
    expect(matchRanges(german, ['strasse']).map(([a, b]) => german.slice(a, b))).toEqual(['Straße']);
  });
});
