import type { CueLexicon } from '../types.ts';

const hisSide =
  '(marito|compagno|ragazzo|fidanzato|padre|patrigno|zio|fratello|figlio|ex|capo|nonno|cugino|amico|migliore amico|collega|coinquilino)';
const herSide =
  '(moglie|compagna|ragazza|fidanzata|madre|matrigna|zia|sorella|figlia|ex|amica|migliore amica|collega|coinquilina)';

export const it: CueLexicon = {
  language: 'it',
  self: /\b(io|mi|me|mio|mia|miei|mie|sono|ho)\b/,
  close: new RegExp(`\\b((il )?mio ${hisSide}|(la )?mia ${herSide}|lui|lei)\\b`),
  otherSubject: /\b(lui|lei|loro|tu|voi|noi|qualcuno)\b/,
  intent:
    /\b(voglio|vorrei|volevo|vuole|voleva|penso|pensando|pensavo|immagino|sogno|ho deciso|deciso|sto per|ho intenzione|desidero|mi piacerebbe|preferirei|ha detto|dice)\b/,
  deathWish:
    /\b(essere mort[oa]|non svegliarmi( piu)?|farla finita|togliermi la vita|togliersi la vita|uccidermi|ammazzarmi|il mio (stesso )?funerale|che tutto finisca|sparire per sempre|dormire per sempre|addormentarmi per sempre)\b/,
  leaving:
    /\b(non ci saro piu|non ci sarei piu|non ci fossi piu|quando non ci saro|dopo la mia morte|lettera d'addio|lettere d'addio|(regalato|dato|regalo|do) [a-z' ]{0,40}(perche|tanto) [a-z ]{0,20}non ci|(ha|ho) regalato (tutte )?le (sue|mie) cose)/,
  burden:
    /\b((un|solo un) peso per|(sarebbero|sarebbe) (sollevat[ie]|meglio)|starebbero meglio senza di me|meglio senza di me|nessuno se ne accorgerebbe|nessuno (mi )?(noterebbe|sentirebbe la mia mancanza)|a nessuno importerebbe)/,
  hopeless:
    /\b(non ho (piu )?(un|nessun) futuro|nessun futuro|a che serve (andare avanti|vivere|continuare)|nessuna via d'uscita|non vedo (piu )?(un|nessun) futuro|(la )?(mia )?vita non ha (piu )?(alcun |nessun )?senso|non vedo (piu )?(nessuna |una )?via d'uscita)\b/,
  lethalMeans:
    /\b(overdose|pillole|pastiglie|compresse|farmaci|medicine|sonniferi|antidepressivi|paracetamolo|corda|cappio|pistola|lamette)\b/,
  quantity: /\b(tutte|tutti|quante|quanti|abbastanza|intera|intero|troppe)\b/,
  research: /\b(cercato|cerco|googlato|informat[oa])\b/,
  acquire: /\b(comprato|compro|procurat[oa]|ordinato|messo da parte|accumulato)\b/,
  benignMeds:
    /\b(dimenticat[oa] di prendere|smettere di prendere|ricetta|farmacia|medico|effetti collaterali|dose|portapillole|per (la|il|l') ?(febbre|allergia|orticaria|mal di \w+|tosse|influenza|raffreddore|emicrania|pressione|colesterolo)|ogni mattina|tutte le mattine)\b/,
  height: /\b(ponte|tetto|cornicione|bordo|balcone|finestra|scogliera|binari)\b/,
  jump: /\b(saltare|buttarmi|gettarmi|lanciarmi)\b/,
  onEdge: /\b(sul|sul bordo del|in cima al) (ponte|tetto|cornicione|balcone)\b/,
  now: /\b(adesso|in questo momento|stanotte|stasera|subito|un'ora fa|pochi minuti fa)\b/,
  follow:
    /\b(mi (sta )?segu(e|endo)|mi seguiva|mi pedina|davanti alla (porta|casa)|sotto casa|picchia contro la porta|sfonda la porta|vuole entrare)\b/,
  fear: /\b(paura|terrorizzat[oa]|spaventat[oa]|panico|sol[oa]|aiuto)\b/,
  threat:
    /\b(mi (ammazza|uccide|ammazzera|uccidera|accoltella)|vuole (ammazzarmi|uccidermi|accoltellarmi))\b/,
  threatContext: /\b(porta|ubriac[oa]|coltello|arma|grida|urla|stanotte|stasera|adesso|minaccia)\b/,
  abuser: new RegExp(`\\b(lui|lei|(il )?mio ${hisSide}|(la )?mia ${herSide})\\b`),
  harmOthers:
    /\b((lo|la|li) (ammazzo|uccido|accoltello|faccio fuori|sparo)|(ammazzo|uccido|faccio fuori) (mia|mio|sua|suo|quella|quel|quello) \w+|(gli|le) (pianto|infilo) (qualcosa|un|il)|(paga|la paga|me la paga|pagher\w*) per|vado (da lui|da lei) e (lo|la) (ammazzo|sistemo))\b/,
  serious:
    /\b(non (sto )?scherz\w*|sul serio|ci ho (gia )?pensato (a )?come|ho (gia )?(programmato|pianificato|organizzato|previsto) tutto|so dove (abita|lavora)|ho quello che serve|coltello|pistola|arma|fucile)\b/,
  abuseAct:
    /\bmi (picchia|picchiava|colpisce|colpiva|prende a (calci|pugni|schiaffi)|spinge|ha spint[oa]|strangola|chiude in casa|rinchiude|violenta|ha violentat[oa]|tocca|toccava|ha toccat[oa]|vieta|impedisce|toglie il telefono|schiaffeggia|tira i capelli|ha stretto (il collo|la gola)|stringe (il collo|la gola)|ha pres[oa] per (il collo|la gola))\b/,
  harmAct:
    /\b(tagliarmi|mi taglio|mi sono tagliat[oa]|tagli|lametta|rasoio|bruciature|bruciarmi|mi brucio|incis[oa]|mi colpisco|farmi del male|mi faccio del male|autolesion\w*|mi graffio)\b/,
  harmContext:
    /\b(braccia|braccio|polsi|polso|cosce|gambe|pelle|pancia|corpo|di nuovo|ricominciato|ricaduta|senza tagliarmi|apposta|sangue|cicatrici)\b/,
  accident:
    /\b(incidente|per sbaglio|forno|padella|ferro da stiro|cucinando|verdure|cipolle|radendomi|sciando|bici|caduta|caduto|scottatura|capelli|carta|burnout)\b/,
  distance:
    /\b(romanzo|libro|film|serie|personaggio|protagonista|capitolo|notizia|notizie|giornale|articolo|documentario|tesina|relazione|statistiche|tassi|prevenzione|volontariato|volontari[oa]|podcast|canzone)\b/,
  resolved:
    /\b(ormai e passato|e passato(?=[,.;!]|$)|e acqua passata|(adesso|ora|oggi) sto bene|sto bene (adesso|ora|oggi)|ne sono uscit[oa]|l'ho superato|(oggi|ora|adesso) so che non e (vero|cosi)|mi sono rifatt[oa] una vita|(anni|mesi) fa[\s\S]{0,80}?\boggi (ho (corso|una famiglia|un lavoro|dei figli)|faccio|lavoro|aiuto|insegno|corro|alleno))\b/,
  returning: /\b(di nuovo|ricominciato|sono tornati|e tornato|ultimamente|ricaduta)\b/,
  joke: /\b(ahah\w*|haha\w*|lol|xd)\b|😂|🤣/,
};
