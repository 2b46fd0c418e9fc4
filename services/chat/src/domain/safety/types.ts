import type { LanguageCode } from '@innerview/contracts';

/** What a crisis message is about; `chat.safety.flagged` carries it (never the text). */
export const safetyCategories = ['acute_danger', 'suicidal_thoughts', 'self_harm', 'abuse'] as const;
export type SafetyCategory = (typeof safetyCategories)[number];

/**
 * One pattern, written against folded text (lower case, no accents, ’ → ', ß → ss).
 * A hit is cancelled when a negation word of its language comes shortly before it in the same
 * clause, or inside it, unless the pattern already spells out its own negation ("no longer want to
 * live": `negatable: false`).
 */
export interface SafetyRule {
  category: SafetyCategory;
  pattern: RegExp;
  negatable?: boolean;
}

export interface LanguagePatterns {
  language: LanguageCode;
  /** Negation words; matched in the few words before a hit and inside it. */
  negators: RegExp;
  /** Figures of speech and everyday uses that look like a hit ("this deadline is killing me"). */
  suppressors: RegExp[];
  rules: SafetyRule[];
}

export interface SafetyFinding {
  category: SafetyCategory;
  language: LanguageCode;
}
