import type { LanguagePatterns } from '../types.ts';

const close =
  '(marito|moglie|compagno|compagna|ragazzo|ragazza|fidanzato|fidanzata|padre|papa|madre|mamma|patrigno|matrigna|zio|fratello|sorella|ex|figlio|figlia|capo)';

export const it: LanguagePatterns = {
  language: 'it',
  negators: /\b(non|mai|nessun|nessuno|nessuna|neanche|nemmeno|neppure)\b/,
  suppressors: [
    /\bpiuttosto (morire|muoio) (che|piuttosto)\b/,
    /\btagliat[oa] (di nuovo |ancora )?(i capelli|le unghie|la frangia)\b/,
    /\bmi ammazzo di (lavoro|fatica|studio)\b/,
    // Figures of speech: dying of laughter, of shame, of hunger.
    /\bmi (impicco|ammazzo|uccido|sparo|butto)\b[^.!?]{0,30}(?<!non )\b(scherzo|sto scherzando)\b/,
    /\bmi ammazzo (dal ridere|dalle risate|di risate)\b/,
    /\b(voglio|vorrei) (proprio )?morire (dal ridere|dalle risate|di vergogna|dalla vergogna|di fame|di noia|dal caldo|di freddo|dal freddo)\b/,
    /\bfarla finita con (questo|questa|questi|queste|il|lo|la|i|gli|le|quel|quella) (?!vita)/,
    /\b(tagliat[oa]|fatt[oa] male|bruciat[oa]) (mentre|cucinando|alla|al|in palestra|giocando)\b/,
    /\bmi ha battut[oa] a\b/,
  ],
  rules: [
    // Pensieri suicidi
    {
      category: 'suicidal_thoughts',
      pattern: /\b(voglio|vorrei|desidero) (solo |soltanto |davvero |proprio )?morire\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(uccidermi|ammazzarmi|suicidarmi|uccidersi|ammazzarsi|suicidarsi|impiccarmi|buttarmi (giu|dal|da un|sotto))\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\bmi (ammazzo|uccido|impicco|suicido)\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(pensieri|idee) (suicidi|suicidari|di suicidio|di morte)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\b(tentato|tentare|tentativo di) (il )?suicidio\b/ },
    { category: 'suicidal_thoughts', pattern: /\bsuicida\b/ },
    { category: 'suicidal_thoughts', pattern: /\btogliermi la vita\b/ },
    { category: 'suicidal_thoughts', pattern: /\bfarla finita\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\bnon (voglio|ho voglia di) (piu )?vivere\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(nessun|nessuna|alcun) (motivo|ragione) per vivere\b/,
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\b(vorrei|preferirei) essere mort[oa]\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(meglio|starebbero meglio|starebbe meglio) senza (di )?me\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\blettera d'addio\b/ },
    { category: 'suicidal_thoughts', pattern: /\bnon svegliarmi (piu|mai piu)\b/, negatable: false },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(non vedo piu|non vedo|non ha piu|non ha) (il |alcun |nessun )?senso (di |a )?vivere\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(stanc[oa]|stuf[oa]) (di vivere|della vita)\b(?! (a|in|con|qui|cosi|come))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(piu facile|meglio) per tutti se (io )?(sparissi|morissi|non ci fossi piu|non esistessi|me ne andassi)\b/,
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\bche tutto finisca per sempre\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(sparire|andarmene|scomparire) per sempre\b/ },
    // Autolesionismo
    { category: 'self_harm', pattern: /\b(autolesion\w*)\b/ },
    {
      category: 'self_harm',
      pattern: /\bmi sono tagliat[oa] (di nuovo|ancora|le braccia|i polsi|le gambe)\b/,
    },
    {
      category: 'self_harm',
      pattern:
        /\bmi (taglio|brucio|picchio|graffio|ferisco|colpisco) (le |i |con |da sol[oa]|fino|quando|apposta|di nuovo)/,
    },
    { category: 'self_harm', pattern: /\b(farmi|mi faccio|facendomi|fatto) del male\b/ },
    {
      category: 'self_harm',
      pattern:
        /\bmi sono (tagliat[oa]|incis[oa]|bruciat[oa]) (le|i|il) (braccia|braccio|polsi|polso|cosce|gambe|pelle)\b/,
    },
    {
      category: 'self_harm',
      pattern:
        /\b(ferirmi|tagliarmi|bruciarmi|farmi male|ferisco|mi ferisco) (apposta|di proposito|volontariamente)\b/,
    },
    { category: 'self_harm', pattern: /\bcontinuo a (ferirmi|tagliarmi|bruciarmi|farmi del male)\b/ },
    // Violenza e abusi
    {
      category: 'abuse',
      pattern: new RegExp(
        `\\b(lui|lei|mio ${close}|mia ${close}|il mio ${close}|la mia ${close})( \\w+){0,3} (mi picchia|mi picchiava|mi ha picchiat[oa]|mi ha dato uno schiaffo|mi schiaffeggia|mi tocca|mi ha toccat[oa]|mi violenta|mi ha violentat[oa]|mi strangola|mi prende a (calci|pugni))\\b`,
      ),
    },
    {
      category: 'abuse',
      pattern:
        /\b(sono stat[oa]|vengo|venivo) (violentat[oa]|abusat[oa]|maltrattat[oa]|picchiat[oa]|stuprat[oa])\b/,
    },
    { category: 'abuse', pattern: new RegExp(`\\bpaura (del mio|della mia|di mio|di mia) ${close}\\b`) },
    {
      category: 'abuse',
      pattern: /\b(subisco|vivo|subire|vittima di) (la )?violenza (domestica|sessuale|in casa)\b/,
    },
    { category: 'abuse', pattern: /\bcostrett[oa] ad? (avere rapporti|fare sesso)\b/ },
    { category: 'abuse', pattern: /\b(ha|hanno|aveva|avevano) abusato di me\b/ },
    // Pericolo immediato
    { category: 'acute_danger', pattern: /\bcon (un|una|il suo) (coltello|pistola|arma|fucile)\b/ },
    {
      category: 'acute_danger',
      pattern:
        /\b(preso|ingoiato|inghiottito)\b.{0,20}\b(tutte le mie|un'intera|una intera|troppe|tutto il flacone|tutta la confezione)\b.{0,30}\b(pillole|pastiglie|compresse|medicine|farmaci|confezione)?/,
    },
    { category: 'acute_danger', pattern: /\bsono in pericolo\b/ },
    { category: 'acute_danger', pattern: /\bminaccia di (uccidermi|ammazzarmi|picchiarmi|accoltellarmi)\b/ },
    {
      category: 'acute_danger',
      pattern: /\b(entrare|entrando|irrompere) in casa( mia)?\b.{0,40}\b(chius[oa]|nascost[oa]|aiuto)\b/,
    },
    { category: 'acute_danger', pattern: /\bsul (ponte|tetto|cornicione)\b.{0,40}\b(saltare|buttarmi)\b/ },
    {
      category: 'acute_danger',
      pattern:
        /\b(ha detto|mi ha detto|dice|giura|urla|grida|minaccia) che mi (ammazza|uccide|ammazzera|uccidera|ammazzerebbe|ucciderebbe)\b/,
    },
  ],
};
