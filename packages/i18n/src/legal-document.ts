export type LegalSection = { id: string; heading: string; paragraphs: string[] };
export type LegalDocument = { title?: string; updated?: string; sections: LegalSection[] };
export type LegalDocumentName = 'terms' | 'privacy';

function isSection(value: unknown): value is LegalSection {
  if (typeof value !== 'object' || value === null) return false;
  const { id, heading, paragraphs } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof heading === 'string' &&
    Array.isArray(paragraphs) &&
    paragraphs.every((p) => typeof p === 'string')
  );
}

/**
 * One document of the shell's `legal` namespace (`{ title, updated, sections: [{ id, heading,
 * paragraphs }] }`), read by the shell's legal pages and the account's legal dialogs alike, taking
 * what is there: a missing or partial file shows what it has instead of failing.
 */
export function readLegalDocument(raw: unknown): LegalDocument {
  if (typeof raw !== 'object' || raw === null) return { sections: [] };
  const { title, updated, sections } = raw as Record<string, unknown>;
  return {
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof updated === 'string' ? { updated } : {}),
    sections: Array.isArray(sections) ? sections.filter(isSection) : [],
  };
}
