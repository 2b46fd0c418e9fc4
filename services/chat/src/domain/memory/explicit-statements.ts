import type { LanguageCode } from '@innerview/contracts';
import { detectTextLanguage } from '../language.ts';
import { type MemoryKind, type MemoryNote, PROPOSED_TEXT_MAX } from './memory-rules.ts';

/** A phrase as a whole word sequence: no letter right before or after it (works with accents). */
const w = (source: string) => new RegExp(`(?<![\\p{L}])(?:${source})(?![\\p{L}])`, 'iu');

interface StatementRules {
  /** "remember that …": what follows is the item, its kind read from its own words. */
  remember: RegExp;
  /** Phrases that make the sentence itself an item of that kind ("my goal is …"). */
  kinds: Array<[Exclude<MemoryKind, 'other'>, RegExp]>;
}

/**
 * The explicit statements the offline coach keeps (docs/product.md#memory), per language. Only
 * clear first-person wording: the coach guesses nothing, the person can always add items by hand.
 */
const rules: Record<LanguageCode, StatementRules> = {
  en: {
    remember: w("(?:please )?(?:remember|keep in mind|don't forget|do not forget|note)(?: that)?"),
    kinds: [
      [
        'goal',
        w(
          "my (?:main |big |biggest |real )?(?:goal|aim|objective) (?:is|for [^.,]+ is)|i(?:'m| am) working (?:on|towards)",
        ),
      ],
      [
        'preference',
        w("i(?:'d| would)? prefer|i like it (?:better )?when you|please (?:always|keep|don't|do not)"),
      ],
      [
        'helps',
        w(
          'what helps me|it helps me (?:to|when)|(?:walking|running|writing|music|sport|yoga|sleep) helps me',
        ),
      ],
      ['value', w('what matters (?:most )?to me|i (?:really )?value|(?:is|are) (?:really )?important to me')],
      ['change', w("i(?:'d| would)? (?:like|want) to change|i want to stop|i(?:'d| would) like to stop")],
      [
        'person',
        w(
          'my (?:wife|husband|partner|girlfriend|boyfriend|sister|brother|mother|mum|mom|father|dad|son|daughter|best friend|boss|manager)(?: [\\p{L}]+)? (?:is|has|was)',
        ),
      ],
    ],
  },
  de: {
    remember: w(
      '(?:bitte )?(?:merk dir|merke dir|merken sie sich|denk daran|denke daran|vergiss nicht|behalte im kopf)(?:,)?',
    ),
    kinds: [
      ['goal', w('mein (?:großes |wichtigstes |eigentliches )?ziel ist|ich arbeite (?:daran|darauf hin)')],
      [
        'preference',
        w(
          'ich (?:bevorzuge|mag lieber|hätte lieber|möchte lieber|habe lieber|hätte gern)|mir (?:ist|sind) [^.,]{1,40} lieber|ich [^.,]{1,40} lieber (?:mag|habe|hätte)',
        ),
      ],
      ['helps', w('was mir hilft|mir hilft|es hilft mir')],
      ['value', w('was mir (?:wirklich |am meisten )?wichtig ist|mir ist [^.,]{1,40} wichtig|ich schätze')],
      ['change', w('ich (?:möchte|will|würde gern) [^.,]{1,60} ändern|ich (?:möchte|will) aufhören')],
      [
        'person',
        w(
          '(?:meine|mein) (?:frau|mann|partnerin|partner|freundin|freund|schwester|bruder|mutter|vater|sohn|tochter|chefin|chef)(?: [\\p{L}]+)? (?:ist|hat|war)',
        ),
      ],
    ],
  },
  fr: {
    remember: w(
      "(?:s'il te plaît |s'il vous plaît )?(?:souviens-toi|souvenez-vous|rappelle-toi|retiens|retenez|n'oublie pas|note)(?: bien)?(?: que| qu'|,)?",
    ),
    kinds: [
      ['goal', w("mon (?:principal |grand |vrai )?(?:objectif|but) (?:est|c'est)|je travaille (?:à|pour)")],
      ['preference', w("je préfère|je préférerais|j'aime (?:mieux|quand tu)")],
      ['helps', w("ce qui m'aide|ça m'aide|cela m'aide")],
      [
        'value',
        w(
          'ce qui compte (?:le plus )?pour moi|ce qui est important pour moi|(?:est|sont) (?:très )?important(?:e|s|es)? pour moi',
        ),
      ],
      ['change', w('je (?:veux|voudrais|aimerais) changer|je (?:veux|voudrais|aimerais) arrêter')],
      [
        'person',
        w(
          '(?:ma|mon) (?:femme|mari|compagne|compagnon|copine|copain|sœur|soeur|frère|mère|père|fils|fille|patronne|patron|cheffe|chef)(?: [\\p{L}]+)? (?:est|a|était)',
        ),
      ],
    ],
  },
  it: {
    remember: w('(?:per favore )?(?:ricorda(?:ti)?|tieni (?:a mente|presente)|non dimenticare)(?: che|,)?'),
    kinds: [
      ['goal', w('il mio (?:grande |principale |vero )?obiettivo è|sto lavorando per')],
      ['preference', w('(?:io )?preferisco|preferirei|mi piace (?:di più )?quando (?:tu )?')],
      ['helps', w('(?:quello che|ciò che|cosa) mi aiuta|mi aiuta')],
      [
        'value',
        w(
          '(?:quello che|ciò che) conta (?:di più )?per me|per me (?:è|sono) important[ei]|(?:è|sono) important[ei] per me',
        ),
      ],
      ['change', w('(?:vorrei|voglio) cambiare|(?:vorrei|voglio) smettere')],
      [
        'person',
        w(
          '(?:mia|mio) (?:moglie|marito|compagna|compagno|ragazza|ragazzo|sorella|fratello|madre|mamma|padre|papà|figlio|figlia|capa|capo)(?: [\\p{L}]+)? (?:è|ha|era)',
        ),
      ],
    ],
  },
  es: {
    remember: w('(?:por favor )?(?:recuerda|acuérdate de|ten en cuenta|no olvides|apunta)(?: que|,)?'),
    kinds: [
      ['goal', w('mi (?:gran |principal |verdadero )?(?:objetivo|meta) es|estoy trabajando (?:en|para)')],
      ['preference', w('(?:yo )?prefiero|preferiría|me gusta (?:más )?cuando')],
      ['helps', w('lo que me ayuda|me ayuda')],
      [
        'value',
        w('lo que (?:más )?me importa|lo que es importante para mí|(?:es|son) (?:muy )?importantes? para mí'),
      ],
      ['change', w('(?:quiero|quisiera|me gustaría) cambiar|(?:quiero|quisiera|me gustaría) dejar de')],
      [
        'person',
        w(
          'mi (?:esposa|esposo|mujer|marido|pareja|novia|novio|hermana|hermano|madre|mamá|padre|papá|hijo|hija|jefa|jefe)(?: [\\p{L}]+)? (?:es|tiene|era)',
        ),
      ],
    ],
  },
};

/** A message's sentences; a question is never a statement about oneself. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!;…])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !s.includes('?'));
}

/** A closing courtesy ("…, thanks"): not part of what is to be remembered. */
const COURTESY =
  /[\s,]+(?:thanks|thank you|please|danke(?: dir)?|bitte|merci|s'il te plaît|s'il vous plaît|grazie|per favore|gracias|por favor)[\s.!…]*$/iu;

/** The sentence as an item: no closing stop or courtesy, first letter capitalised. */
function asItem(text: string): string {
  const clean = text
    .replace(COURTESY, '')
    .replace(/^[\s,:;–-]+/u, '')
    .replace(/[\s.!;…]+$/u, '')
    .trim();
  return clean.charAt(0).toLocaleUpperCase() + clean.slice(1);
}

function kindOf(text: string, r: StatementRules): MemoryKind {
  return r.kinds.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}

/**
 * The items a message states explicitly, in its language: "remember that …" keeps what follows,
 * "my goal is …", "I prefer …", "what helps me …" keep the sentence. Sentences in another
 * language than the reply's are read with that language's rules (a person may mix).
 */
export function explicitStatements(message: string, language: LanguageCode): MemoryNote[] {
  const out: MemoryNote[] = [];
  for (const sentence of sentences(message)) {
    const detected = detectTextLanguage(sentence);
    const candidates = [...new Set([detected ?? language, language])];
    const note = candidates.map((code) => statementIn(sentence, rules[code])).find((n) => n !== null);
    if (note && note.text.length <= PROPOSED_TEXT_MAX && note.text.length >= 3) out.push(note);
  }
  return out;
}

/** "Remember …" opens the sentence, or follows one word and a comma ("Coach, remember …"). */
const OPENING = /^(?:[\p{L}]+,\s*)?$/u;

function statementIn(sentence: string, r: StatementRules): MemoryNote | null {
  const remembered = r.remember.exec(sentence);
  if (remembered && OPENING.test(sentence.slice(0, remembered.index))) {
    const rest = asItem(sentence.slice(remembered.index + remembered[0].length));
    return rest.split(/\s+/).length >= 2 ? { kind: kindOf(rest, r), text: rest } : null;
  }
  const kind = kindOf(sentence, r);
  return kind === 'other' ? null : { kind, text: asItem(sentence) };
}
