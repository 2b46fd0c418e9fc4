import type { LanguageCode } from '@innerview/contracts';
import { clauseBefore, isNegated, normaliseForSafety } from './clauses.ts';
import type { SafetyCategory } from './types.ts';

/**
 * Short acute messages that name no death, no method and no wish: "took them all. bye",
 * "j'ai tout avalé. adieu", "this is my last message". On a message of fewer than six words the
 * learned score is not taken alone (`learned/short-messages.ts`, ADR 52), and these carry no
 * hit of the sentence rules, so they were not flagged. These word groups, read only on such
 * short messages, flag them with the acute reply. They are written from how people type in a
 * hurry (no accents, no apostrophe, lower case, "em", "alli gno") and were never taken from the
 * evaluation set.
 *
 * What counts, in the same message:
 * - everything swallowed or taken (`took`) with a farewell, a final word, "it's done", or the
 *   means named: "took them all. bye", "hab alle genommen. tschüss";
 * - "it's done" (`done`) with the means named: "c'est fait. les cachets";
 * - a goodbye with finality on its own (`final`): "bye forever", "this is my last message",
 *   "letzte Nachricht.";
 * - asking forgiveness or saying love to all (`sorrow`) with a farewell: "forgive me. goodbye".
 * Nothing counts when the message also says when the person will be back or names an ordinary
 * reason (`ordinary`): "bye, see you tomorrow", "ciao a domani", "pills for my allergy".
 */
interface ShortAcuteWords {
  language: LanguageCode;
  took: RegExp;
  farewell: RegExp;
  final: RegExp;
  sorrow: RegExp;
  /** A bare "sorry", which counts only after everything taken ("swallowed them all. sorry"). */
  apology: RegExp;
  done: RegExp;
  means: RegExp;
  ordinary: RegExp;
}

/** "last message" standing alone as a sentence, with the opening and ending each language uses. */
function lastMessageAlone(opening: string, words: string, ending: string): string {
  return `(^|[.!,;] ?)(${opening})?(${words})( (${ending}))?( ?[.!,;]+|$)`;
}

const en: ShortAcuteWords = {
  language: 'en',
  took: /\b((took|taken|swallowed|downed|popped|necked) (them|em|'em|those|these|it|the lot) all|(took|taken|swallowed|downed|popped) (all of (them|em|those|it)|everything|the (whole|entire) (box|bottle|pack|packet|strip|lot|thing)|all (the|my|of my|those) (pills|tablets|meds|medication|sleeping pills|painkillers|paracetamol|insulin))|swallowed (them|em|everything)\b)/,
  farewell: /\b(bye+|bye bye|byebye|goodbye|good bye|farewell|ciao|adios)\b/,
  final: new RegExp(
    [
      '\\b(bye+|goodbye|good bye|farewell)( everyone| all| world)? (forever|for good|for ever)\\b',
      '\\b(goodbye|farewell) (cruel )?world\\b',
      "\\b(this is|this'?s|thats|that'?s|it'?s|its|here'?s|heres) (my|the) (very )?(last|final) (message|msg|text)\\b",
      lastMessageAlone(
        'my |the ',
        '(very )?(last|final) (message|msg|text|words)',
        'ever|from me|to (you|u|you all|everyone|all of you)',
      ),
      "\\byou( guys)? (won'?t|will not|wont) (hear from|see) me (again|anymore|any more|ever again)\\b",
    ].join('|'),
  ),
  sorrow:
    /\b(forgive me|sorry for everything|i'?m sorry for everything|love you all|tell (them|mum|mom|my \w+) i love)\b/,
  apology: /\b(sorry|sry|soz)\b/,
  done: /\b(it'?s|its|it is) (done|over)( now)?\b|\bi did it\b/,
  means:
    /\b(pills|pill|tablets|meds|medication|sleeping pills|painkillers|paracetamol|tylenol|ibuprofen|insulin|overdose|rope|noose)\b/,
  ordinary:
    /\b(see (you|ya|u)|tomorrow|tmrw|tmr|later|next (week|time)|for (today|now)|soon|allerg\w*|doctor|prescri\w*|vitamins?|antibiotics?|homework|laundry)\b/,
};

const fr: ShortAcuteWords = {
  language: 'fr',
  took: /\b((tout|toutes|tous) (pris|prises|avale|avalee|avalees|avales|gobe|gobees)|les ai (toutes |tous )?(prises?|avalee?s?|gobee?s?)( (toutes|tous))?|(pris|prises|avale|avalee|avalees|avales|gobe) (toute? (la|le|ma|mon) (boite|tube|plaquette|flacon|stock)|tous (mes|les) (cachets|medocs|medicaments|comprimes)|toutes (mes|les) (pilules|gelules|pastilles)))\b/,
  farewell: /\b(adieu|au revoir|bye|salut|ciao|tchao|tchuss)\b/,
  final: new RegExp(
    [
      '\\b(adieu|au revoir|bye|salut)( tout le monde| a tous)? (pour toujours|pour de bon|a jamais|definitivement)\\b',
      '\\badieu (le monde|monde cruel)\\b',
      "\\b(c'?est|cest|voici|voila) (mon|le) (tout )?dernier (message|msg|mot)\\b",
      lastMessageAlone(
        'mon |le ',
        '(tout )?dernier (message|msg)',
        'de ma part|pour (toi|vous|tout le monde)',
      ),
      "\\b(vous|tu) n?'?(entendrez|entendras) plus (jamais )?parler de moi\\b",
    ].join('|'),
  ),
  sorrow: /\b(pardonne(z)?[- ]moi|pardon pour tout|desolee? pour tout|je vous aime (tous|toutes|fort))\b/,
  apology: /\b(desolee?|dsl|pardon)\b/,
  done: /\b(c'?est fait|cest fait|c fait|je l'?ai fait|c'?est fini)\b/,
  means:
    /\b(cachets|medocs|medicaments|comprimes|pilules|gelules|somniferes|anxio\w*|insuline|paracetamol|doliprane|corde|overdose)\b/,
  ordinary:
    /\b(a demain|a plus|a \+|a bientot|a tout a l'?heure|a ce soir|a la prochaine|a lundi|a mardi|a mercredi|a jeudi|a vendredi|pour (aujourd'?hui|le moment|l'instant)|demain|allergi\w*|medecin|ordonnance|vitamines?|antibiotiques?|devoirs)\b/,
};

const de: ShortAcuteWords = {
  language: 'de',
  took: /\b((alle|alles|alli) (genommen|geschluckt|eingenommen|eingeworfen|runtergeschluckt|gno|gnoh|gnoo|gschluckt)|(alle|die ganzen?|meine ganzen?|eine ganze|die komplette) (tabletten|pillen|medis|medikamente|schlaftabletten|packung|schachtel|dose|flasche) (genommen|geschluckt|eingenommen|eingeworfen)|(genommen|geschluckt|eingeworfen),? (alle|alles))\b/,
  farewell:
    /\b(tschuss|tschus|tschau|ciao|bye|adieu|ade|leb wohl|lebt wohl|lebewohl|auf wiedersehen|servus|baba)\b/,
  final: new RegExp(
    [
      '\\b(tschuss|tschus|tschau|ciao|bye|adieu|lebt? wohl|auf wiedersehen)( alle| zusammen)? (fur immer|auf immer|auf nimmerwiedersehen)\\b',
      '\\b(das ist|dies ist|hier ist|hier kommt|des isch|das isch) (meine|die|mini) (aller)?letzte nachricht\\b',
      lastMessageAlone(
        'meine |die ',
        '(aller)?letzte nachricht|letzten worte',
        'von mir|an (dich|euch|alle)',
      ),
      '\\b(ihr|du) (hort|horst|werdet|wirst) nie (wieder|mehr) von mir\\b',
    ].join('|'),
  ),
  sorrow:
    /\b(verzeiht mir|verzeih mir|verzeihen sie mir|(es )?tut mir (so )?leid fur alles|ich hab euch (alle )?lieb|ich liebe euch)\b/,
  apology: /\b(sorry|tut mir leid|verzeihung|entschuldigung)\b/,
  done: /\b(es ist (getan|vollbracht)|ich hab'?s getan|habs getan|hab es getan|ich habe es getan)\b/,
  means:
    /\b(tabletten|pillen|medis|medikamente|schlaftabletten|schlafmittel|insulin|paracetamol|strick|uberdosis)\b/,
  ordinary:
    /\b(bis (morgen|spater|bald|dann|nachher|nachste woche|zum nachsten mal|montag|dienstag|mittwoch|donnerstag|freitag)|morgen|fur heute|fur jetzt|allergie\w*|arzt|arztin|rezept|verschrieben|vitamin\w*|antibiotika|hausaufgaben)\b/,
};

const it: ShortAcuteWords = {
  language: 'it',
  took: /\b((le|li) ho (tutte |tutti )?(prese|presi|ingoiate|ingoiati|inghiottite|inghiottiti|mandate giu|buttate giu)( (tutte|tutti))?|(prese|presi|ingoiate|ingoiati|inghiottite|inghiottiti) (tutte|tutti)|ho (preso|ingoiato|inghiottito|mandato giu) tutto|(preso|ingoiato|inghiottito) (tutta la (scatola|confezione|boccetta)|tutto il (flacone|blister)|tutte le (pillole|pastiglie|compresse|gocce)|tutti i (farmaci|sonniferi|calmanti)))\b/,
  farewell: /\b(addio|ciao|bye|arrivederci)\b/,
  final: new RegExp(
    [
      '\\b(addio|ciao|arrivederci)( a tutti)? (per sempre)\\b',
      '\\baddio (mondo|mondo crudele)\\b',
      '\\b(questo e|ecco|e) (il )?(mio )?ultimo messaggio\\b',
      lastMessageAlone('il mio |il |mio |le mie ', 'ultimo messaggio|ultime parole', 'per (te|voi|tutti)'),
      '\\bnon (mi sentirete|mi sentirai|sentirete parlare di me) (piu|mai piu)\\b',
    ].join('|'),
  ),
  sorrow: /\b(perdonatemi|perdonami|scusate(mi)? per tutto|scusa(mi)? per tutto|vi voglio bene)\b/,
  apology: /\b(scusa(te)?|perdono|mi dispiace)\b/,
  done: /\b(l'?ho fatto|e fatta|ormai e fatta|e finita)\b/,
  means:
    /\b(pillole|pastiglie|compresse|farmaci|sonniferi|calmanti|gocce|insulina|tachipirina|paracetamolo|corda|overdose)\b/,
  ordinary:
    /\b(a domani|a dopo|a presto|ci vediamo|ci sentiamo|alla prossima|a piu tardi|a lunedi|per oggi|per ora|domani|allergi\w*|medico|dottore|ricetta|prescritt\w*|vitamine|antibiotic\w*|compiti)\b/,
};

const es: ShortAcuteWords = {
  language: 'es',
  took: /\b((las|los) (tome|trague|he tomado|he tragado|bebi|meti) (todas|todos)|(tome|trague|tomado|tragado) (todas|todos)(?! (los dias|las (semanas|mananas|noches)))|(tome|trague|tomado|tragado) todo( ?[.!,;]|$)|(tome|trague|tomado|tragado) (toda la caja|todo el (bote|frasco|blister)|(todas|todos) (las|los|mis) (pastillas|pildoras|medicamentos|somniferos|calmantes|comprimidos|ansioliticos)))/,
  farewell: /\b(adios|chao|chau|bye)\b/,
  final: new RegExp(
    [
      '\\b(adios|chao|chau)( a todos)? (para siempre)\\b',
      '\\badios (mundo|mundo cruel)\\b',
      '\\b(este es|aqui va|es|va) (mi|el) ultimo mensaje\\b',
      lastMessageAlone(
        'mi |el |mis |las ',
        'ultimo mensaje|ultimas palabras',
        'para (ti|ustedes|vosotros|todos)',
      ),
      '\\bno (vais|van|vas) a saber (nada )?(mas )?de mi\\b',
      '\\bno (sabran|sabreis|sabras) (nada )?mas de mi\\b',
    ].join('|'),
  ),
  sorrow:
    /\b(perdonadme|perdoname|perdonenme|lo siento por todo|perdon por todo|los quiero a todos|os quiero)\b/,
  apology: /\b(perdon|lo siento|perdona(d)?)\b/,
  done: /\b(ya esta hecho|esta hecho|ya lo hice|lo hice)\b/,
  means:
    /\b(pastillas|pildoras|medicamentos|somniferos|calmantes|comprimidos|ansioliticos|insulina|paracetamol|clonazepam|rivotril|cuerda|sobredosis)\b/,
  ordinary:
    /\b(hasta (manana|luego|pronto|la proxima|el lunes)|nos vemos|manana|por hoy|por ahora|alergi\w*|medico|receta|vitaminas?|antibiotic\w*|deberes)\b/,
};

const languages = [en, fr, de, it, es];

/** A match of the pattern that no negation word stands shortly before ("not my last message"). */
function affirmed(folded: string, pattern: RegExp): boolean {
  const m = pattern.exec(folded);
  return m !== null && !isNegated(clauseBefore(folded, m.index));
}

function categoryIn(folded: string, w: ShortAcuteWords): SafetyCategory | null {
  if (affirmed(folded, w.took)) {
    const second = [w.farewell, w.final, w.sorrow, w.apology, w.done, w.means];
    if (second.some((p) => p.test(folded))) return 'acute_danger';
  }
  if (w.done.test(folded) && w.means.test(folded)) return 'acute_danger';
  if (affirmed(folded, w.final)) return 'suicidal_thoughts';
  if (w.sorrow.test(folded) && w.farewell.test(folded)) return 'suicidal_thoughts';
  return null;
}

export interface ShortAcuteHit {
  category: SafetyCategory;
  language: LanguageCode;
}

/**
 * The acute signal of a short message, if it has one (read on messages of fewer than six words
 * only: `learned/short-messages.ts`). A word of an ordinary goodbye or reason in any of the five
 * languages ("à demain", "allergy") cancels it.
 */
export function shortAcuteHit(text: string): ShortAcuteHit | null {
  const folded = normaliseForSafety(text);
  if (languages.some((w) => w.ordinary.test(folded))) return null;
  for (const w of languages) {
    const category = categoryIn(folded, w);
    if (category !== null) return { category, language: w.language };
  }
  return null;
}
