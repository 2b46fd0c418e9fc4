/**
 * docs/product.md#goals "The coach proposes a goal": a goal the person states in a message ("my
 * goal is…", "I want to… by…"), in the five languages. The offline coach offers to keep it, and the
 * chat shows "Add as goal" under that reply: both use this one rule, so they always agree. No zod
 * here: the chat bundle imports it.
 */
const patterns: RegExp[] = [
  // en
  /\bmy goal is (?:to )?(.+)/i,
  /\bi want to (.+\bby (?:the end of |next )?\w+.*)/i,
  /\bi(?:'d| would) like to (.+\bby (?:the end of |next )?\w+.*)/i,
  // fr
  /\bmon (?:objectif|but) (?:est|c'est|c’est) (?:de |d'|d’)?(.+)/i,
  /\bje veux (.+\b(?:d'ici|d’ici|avant) .+)/i,
  // de
  /\bmein ziel ist(?:,| es,)? (.+)/i,
  /\bich will ((?:.+ )?bis .+)/i,
  /\bich möchte ((?:.+ )?bis .+)/i,
  // it
  /\bil mio obiettivo è (?:di )?(.+)/i,
  /\bvoglio ((?:.+ )?entro .+)/i,
  // es
  /\bmi (?:objetivo|meta) es (.+)/i,
  /\bquiero (.+\b(?:para|antes de) (?:el |la |finales )?\w+.*)/i,
];

const GOAL_TITLE_MAX = 200;

/** The goal's title as the person put it (its first sentence, without trailing punctuation), or null. */
export function goalStatement(message: string): string | null {
  const text = message.replace(/\s+/g, ' ').trim();
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    const title = match[1]
      .split(/(?<=[.!?])\s|[\n;]/)[0]!
      .replace(/[.!?…,;:\s]+$/u, '')
      .trim();
    if (title.length >= 3 && title.length <= GOAL_TITLE_MAX && !title.includes('?')) {
      return title.charAt(0).toUpperCase() + title.slice(1);
    }
  }
  return null;
}

type Language = 'en' | 'fr' | 'de' | 'it' | 'es';

/**
 * The offline coach's offer after a goal stated in a message. The chat shows "Add as goal" under a
 * reply holding one of these sentences (never under a care reply, which holds none).
 */
export const goalOffers: Record<Language, string> = {
  en: 'That sounds like a goal. If you want, keep it as a goal below, and I will check in with you on it.',
  fr: 'Cela ressemble à un objectif. Si vous le souhaitez, gardez-le comme objectif ci-dessous et je ferai le point avec vous.',
  de: 'Das klingt nach einem Ziel. Wenn du willst, halte es unten als Ziel fest, dann frage ich später nach.',
  it: 'Sembra un obiettivo. Se vuoi, salvalo come obiettivo qui sotto e ti chiederò come procede.',
  es: 'Eso suena a un objetivo. Si quieres, guárdalo como objetivo aquí abajo y te preguntaré cómo va.',
};

/** Whether a coach reply offers to keep a goal (it holds one of the offers). */
export function offersGoal(reply: string): boolean {
  return Object.values(goalOffers).some((offer) => reply.includes(offer));
}
