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

/**
 * Word lists (stems, on folded text) for one language, read by the language-independent rules of
 * `cue-rules.ts`: a crisis signal counts only with a person cue (the writer, or someone close),
 * and some only with an intent, quantity or "right now" cue, in the same sentence.
 */
export interface CueLexicon {
  language: LanguageCode;
  /** The writer: I, me, my (and first-person verb forms). */
  self: RegExp;
  /** Someone close whose intent is reported: my friend, my sister, he, she. */
  close: RegExp;
  /** A third person or "you" as subject: without it and without `self`, the writer is implied. */
  otherSubject: RegExp;
  /** Want, plan, decided, thinking about, imagining, wishing. */
  intent: RegExp;
  /** Death as something wished or planned: end it all, not wake up, my own funeral. */
  deathWish: RegExp;
  /** Not being there any more, farewells, giving things away "because I won't be around". */
  leaving: RegExp;
  /** Being a burden; nobody would notice or miss me. */
  burden: RegExp;
  /** No future, no way out, what's the point of going on. */
  hopeless: RegExp;
  /** Pills, overdose, rope, blade, gun. */
  lethalMeans: RegExp;
  /** All of them, how many, enough, the whole box. */
  quantity: RegExp;
  /** Looked up, googled, researched. */
  research: RegExp;
  /** Bought, ordered, collected. */
  acquire: RegExp;
  /** Ordinary medication talk: prescription, side effects, forgot to take. */
  benignMeds: RegExp;
  /** Bridge, roof, ledge, tracks. */
  height: RegExp;
  /** Jump, throw myself. */
  jump: RegExp;
  /** Standing on the bridge, on the edge of the roof. */
  onEdge: RegExp;
  /** Right now, tonight, in my hand, an hour ago. */
  now: RegExp;
  /** Following me, outside my door, trying to get in. */
  follow: RegExp;
  /** Scared, terrified, alone, help. */
  fear: RegExp;
  /** Someone will kill / stab / hurt me. */
  threat: RegExp;
  /** What makes a threat real: at the door, drunk, knife, screaming, tonight. */
  threatContext: RegExp;
  /** A person who can be an abuser as the subject: he, she, my husband, my father. */
  abuser: RegExp;
  /** The writer means to kill or stab someone else: I'm going to stab him, je vais le buter. */
  harmOthers: RegExp;
  /** What makes that threat real: not joking, I've thought about how, I know where he lives, a knife. */
  serious: RegExp;
  /** An act of violence or control with the writer as object: hits me, locks me in. */
  abuseAct: RegExp;
  /** Cutting, burning, blade, razor, banging my head. */
  harmAct: RegExp;
  /** What makes it self-harm: a body part, again, on purpose, hiding it, until it bleeds. */
  harmContext: RegExp;
  /** Accidents and everyday uses: cooking, shaving, skiing, burnout, cutting costs. */
  accident: RegExp;
  /** The topic at a distance: novel, film, news, statistics, prevention work. */
  distance: RegExp;
  /** A past event told as resolved: behind me, I'm doing well now. */
  resolved: RegExp;
  /** ... unless it is coming back: again, lately, coming back. */
  returning: RegExp;
  /** A joke marker: lol, haha, mdr. */
  joke: RegExp;
}
