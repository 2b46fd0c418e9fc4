import { stopwordSet } from '../languages-shared.ts';
import type { CoachPhrases } from '../phrases.ts';

export const it: CoachPhrases = {
  greetings: [
    'Ciao, mi fa piacere che tu sia qui.',
    'Ciao, grazie di avermi scritto.',
    'Eccoci, guardiamolo insieme.',
    'Ciao, prenditi il tempo che ti serve.',
  ],
  questionnaireThanks: [
    'Grazie di condividere qualcosa di te.',
    'Grazie per le tue risposte, mi aiutano a conoscerti un po’.',
  ],
  quoteReflections: [
    '«{p}»: fermiamoci un momento su questo.',
    'Dici «{p}», e sembra contare per te.',
    'Tengo a mente le tue parole: «{p}».',
    'Quando scrivi «{p}», lo prendo sul serio.',
    '«{p}», grazie di averlo detto così chiaramente.',
  ],
  topicReflections: [
    '{x} sembra occupare molto spazio in questo periodo.',
    'Al centro di tutto questo, quindi, c’è {x}.',
    'Capisco che la questione riguarda {x}.',
  ],
  acknowledgements: [
    'Grazie, mi aiuta a vedere le cose più chiaramente.',
    'Capisco, grazie di avermelo spiegato.',
    'Questo mi dà un quadro più chiaro.',
    'Va bene, andiamo un passo alla volta.',
  ],
  shortAnswers: ['Grazie.', 'Va bene.', 'Preso nota, grazie.', 'D’accordo.', 'Capisco.'],
  questionBack: ['È una domanda vera, e merita uno sguardo attento.', 'Guardiamo insieme questa domanda.'],
  heardWithoutQuote: 'Grazie di averlo messo in parole. Ti ascolto, e non c’è fretta.',
  feelingLines: [
    'Sento {e} in quello che scrivi.',
    'Sembra esserci {e} in tutto questo.',
    'Pare che questo porti con sé {e}.',
  ],
  feelingNouns: {
    fear: 'un po’ di paura',
    sadness: 'un po’ di tristezza',
    anger: 'un po’ di rabbia',
    pressure: 'un po’ di pressione',
    tiredness: 'un po’ di stanchezza',
    loneliness: 'un po’ di solitudine',
    confusion: 'un po’ di confusione',
    shame: 'un po’ di vergogna',
    joy: 'un po’ di gioia',
    pride: 'un po’ di orgoglio',
    relief: 'un po’ di sollievo',
  },
  and: 'e',
  feelingWords: {
    fear: /\b(paura|paure|spaventat\w*|ansia|ansios\w*|preoccupat\w*|preoccupa|nervos\w*|panico|timore)\b/,
    sadness: /\b(triste|tristi|tristezza|piango|piangere|pianto|(sono|mi sento) giu|depress\w*|infelice)\b/,
    anger: /\b(rabbia|arrabbiat\w*|frustrat\w*|furios\w*|irritat\w*|incazzat\w*)\b/,
    pressure: /\b(stress\w*|sopraffatt\w*|sotto pressione|pressione|troppe cose|troppo da fare)\b/,
    tiredness: /\b(stanc[oaih]e?|stanchezza|esaust\w*|sfinit\w*|svuotat\w*|senza energia)\b/,
    loneliness: /\b((mi sento|sono|resto) (cosi |molto |tanto )?sol[oaie]|solitudine|isolat\w*)\b/,
    confusion: /\b(bloccat\w*|(mi sento|sono) (un po' )?pers[oaie]|confus\w*|disorientat\w*)\b/,
    shame: /\b(vergogn\w*|imbarazz\w*|umiliat\w*)\b/,
    joy: /\b(felice|felici|contento|contenta|contenti|gioia|entusiast\w*)\b/,
    pride: /\b(orgoglios\w*|fier[oaie])\b/,
    relief: /\b(sollevat\w*|sollievo)\b/,
  },
  negation: /^(non|mai|ne|senza|nemmeno|neanche)$/,
  ideaRequest:
    /\b((hai|avresti|dammi|dai|qualche|alcune|alcuni|delle|dei|due|tre|altre|altri|servono|serve) (\w+ )?(idee|idea|consigli|consiglio|suggerimenti|suggerimento|dritte)|consigliami|(cosa|che) (devo|posso|dovrei|potrei) (fare|dire)|da dove (comincio|inizio|parto)|come (posso|potrei)|aiutami a|dimmi come|dovrei)\b/,
  decisionRequest: /\bdovrei\b(?! fare)/,
  twoIdeas: /\b(due|2) (idee|consigli|suggerimenti|dritte)\b/,
  ideaLeads: [
    'Ecco alcune piccole cose che potresti provare:',
    'Qualche idea concreta, prendi quello che ti serve:',
    'Alcuni piccoli passi che spesso aiutano:',
  ],
  decisionLeads: [
    'Non posso scegliere al posto tuo, ma ecco alcuni modi per vederci più chiaro:',
    'Alcuni modi per soppesare questa decisione:',
  ],
  topics: {
    work: {
      words:
        /\b(lavoro|lavorare|impiego|capo|capa|responsabile|colleghi|colleghe|ufficio|carriera|riunion\w*|stipendio|squadra|clienti|posto)\b/,
      phrase: 'il tuo lavoro',
      suggestions: [
        'Scegli una situazione che si ripete al lavoro e prova un solo piccolo cambiamento questa settimana, poi annota che cosa è successo.',
        'Scrivi in una frase che cosa vuoi dal tuo lavoro, e confronta con essa i compiti di domani.',
        'Chiedi a un collega o a un amico di fiducia dieci minuti per parlarne.',
      ],
    },
    relationship: {
      words:
        /\b(ragazzo|ragazza|partner|marito|moglie|sorella|fratello|madre|mamma|padre|papa|genitori|famiglia|litigat\w*|litigio|lite|relazione|coppia)\b/,
      phrase: 'il rapporto con una persona vicina',
      suggestions: [
        'Scegli un momento tranquillo e comincia con una frase su ciò di cui hai bisogno, più che su ciò che non è andato.',
        'Prima di parlarne, scrivi come vorresti che fossero le cose tra voi fra tre mesi.',
        'Manda un piccolo segno di buona volontà, un messaggio o una chiamata, senza condizioni.',
      ],
    },
    studies: {
      words: /\b(studio|studiare|universita|esami?|tesi|scuola|corso|lezion\w*|libro|laurea|compiti)\b/,
      phrase: 'lo studio',
      suggestions: [
        'Lavora a blocchi di 25 minuti con il telefono in un’altra stanza, e comincia con un solo blocco.',
        'Rendi il primissimo passo così piccolo da durare cinque minuti (aprire il file, scrivere un titolo), e fallo oggi.',
        'Parla con una persona che ci è già passata, un docente o un ex studente, di come ha fatto.',
      ],
    },
    health: {
      words:
        /\b(sonno|dormire|dormo|insonnia|energia|sport|correre|corsa|palestra|salute|medico|corpo|telefono|notti?|passeggiat\w*)\b/,
      phrase: 'la tua salute',
      suggestions: [
        'Fai un piccolo esperimento per una settimana, per esempio la stessa ora per andare a letto o il telefono fuori dalla camera, e annota come cambiano le tue mattine.',
        'Aggiungi dieci minuti di movimento o di luce del giorno a un momento che esiste già nella tua giornata, come la pausa pranzo.',
        'Per tre giorni annota quando la tua energia è più bassa e più alta, e metti un compito importante nel momento migliore.',
      ],
    },
    confidence: {
      words:
        /\b(fiducia|autostima|non (sono )?abbastanza|meno brav[oa]|impostor\w*|dubbi\w*|stupid[oa]|confront\w*|giudic\w*|complimenti|sbagliare)\b/,
      phrase: 'la fiducia in te',
      suggestions: [
        'Ogni sera scrivi una cosa che ti è riuscita nella giornata, anche piccola, e che cosa lo dimostra.',
        'Scrivi che cosa diresti a una persona cara al tuo posto, e rileggilo per te.',
        'Quando arriva un complimento, rispondi solo con un grazie e annotalo, invece di discuterlo.',
      ],
    },
    organisation: {
      words:
        /\b(rimand\w*|procrastin\w*|scadenz\w*|organizz\w*|domani|concentrar\w*|concentrazione|motivazione|cominciare|iniziare|tempo|timer)\b/,
      phrase: 'il modo in cui organizzi il tuo tempo',
      suggestions: [
        'Scrivi tutto quello che hai in testa, poi cerchia solo le tre cose che contano davvero questa settimana.',
        'Dai dieci minuti al compito più piccolo, adesso: cominciare è spesso più difficile che continuare.',
        'Prepara stasera il primo passo di domani, con un’ora e un luogo.',
      ],
    },
    social: {
      words: /\b(amici|amiche|amico|amica|gente|persone|trasferit\w*|nuova citta|vicini|associazione)\b/,
      phrase: 'la tua vita sociale',
      suggestions: [
        'Scegli un’attività regolare in cui ogni settimana si ritrovano le stesse persone, un club, un corso o il volontariato, e vacci due volte prima di giudicare.',
        'Manda oggi un messaggio a qualcuno che hai perso di vista.',
        'Di’ di sì al prossimo piccolo invito, anche solo per un’ora.',
      ],
    },
  },
  decisionSuggestions: [
    'Scrivi le tre cose che contano di più per te adesso (sicurezza, crescita, persone, libertà…) e dai a ogni opzione un voto da 1 a 5 per ciascuna.',
    'Immagina ogni opzione fra dieci giorni, dieci mesi e dieci anni, e annota quale ti pentiresti di non aver provato.',
    'Fai una piccola prova prima di decidere: una conversazione, un giorno di prova o un’informazione che ti manca.',
    'Fissa una data per la decisione ed elenca che cosa ti serve sapere entro allora, così smette di girarti in testa.',
  ],
  generalSuggestions: [
    'Descrivi in una frase che cosa vorresti che fosse diverso fra un mese: per ora è il tuo obiettivo.',
    'Elenca quello che hai già dalla tua parte (persone, capacità, tempo), anche se sembra poco.',
    'Scegli un piccolissimo esperimento per i prossimi tre giorni e annota che cosa cambia.',
    'Scrivi il primo passo, abbastanza piccolo da farlo oggi, e decidi quando lo farai.',
    'Guarda la situazione da un’altra angolazione: che cosa cambierebbe se la vedessi come un’occasione per imparare invece che come un esame.',
  ],
  questionnaireQuotes: [
    'Nel tuo questionario, alla voce *{t}*, hai scritto «{a}».',
    'Questo si collega a quello che hai scritto alla voce *{t}*: «{a}».',
  ],
  questionnaireMentions: [
    'Questo sembra collegarsi a quello che hai scritto alla voce *{t}* del tuo questionario.',
  ],
  steps: {
    question_1: 'Io oggi',
    question_2: 'Le mie radici',
    question_3: 'Le tracce del mio percorso',
    question_4: 'I miei compagni di viaggio',
    question_5: 'Le mie giornate in poche parole',
    question_6: 'Ciò che mi nutre',
    question_7: 'Sogni e progetti per domani',
    question_8: 'Ciò che è dentro di me',
  },
  questions: {
    opening: [
      'Che cosa ti piacerebbe esplorare oggi?',
      'Che cosa hai in mente in questo momento?',
      'Da dove ti piacerebbe cominciare?',
    ],
    goal: [
      'Che cosa vorresti che fosse diverso?',
      'Che cosa ti sembra più importante in questo, adesso?',
      'Se da qui le cose andassero bene, come sarebbe per te?',
      'Che cosa vorresti portarti via dalla nostra chat di oggi?',
      'Che cosa conta di più per te in tutto questo?',
    ],
    reality: [
      'Come si fa sentire questo nelle tue giornate?',
      'Che cosa hai già provato, e che cosa hai notato?',
      'Quando l’hai notato l’ultima volta, e che cosa è successo?',
      'Chi altro fa parte di questa situazione?',
      'Che cosa funziona già, anche solo un po’?',
    ],
    options: [
      'Quali possibilità vedi, anche quelle che sembrano improbabili?',
      'Che cosa suggeriresti a un amico al tuo posto?',
      'Quale potrebbe essere un primo piccolo passo?',
      'Che cosa proveresti se sapessi che non può andare male?',
    ],
    will: [
      'Che cosa farai per prima cosa, e quando?',
      'Che cosa potrebbe mettersi di mezzo, e come lo affronteresti?',
      'Da che cosa capirai che sta funzionando?',
      'Chi potrebbe sostenerti in questo?',
      'Su una scala da 1 a 10, quanta voglia hai di cominciare?',
    ],
    feeling: [
      'Quando lo noti, che cosa succede di solito intorno a te?',
      'Che cosa ti aiuterebbe a stare anche solo un po’ meglio?',
      'In quale parte della tua vita lo senti di più?',
      'Secondo te, che cosa ti sta dicendo?',
    ],
    pleasant: [
      'Che cosa ti ha aiutato ad arrivarci?',
      'Come ti piacerebbe celebrare questo momento?',
      'Che cosa ti dice questo di te?',
    ],
    questionnaire: [
      'Come si collega a quello che stai vivendo adesso?',
      'Che cosa è cambiato da quando l’hai scritto?',
      'È ancora vero per te oggi?',
    ],
    afterIdeas: [
      'Quale di queste ti sembra più fattibile questa settimana?',
      'Quale vorresti provare per prima, e quando?',
      'Che cosa ti renderebbe più facile il primo passo?',
      'Come adatteresti una di queste alla tua vita?',
    ],
    attachment: [
      'Che cosa vorresti che guardassimo in ciò che hai condiviso?',
      'Che cosa conta di più per te in questo, adesso?',
    ],
  },
  conjunctions: /^(e|ma|quindi|perche|pero|o|oppure|mentre)$/,
  attachmentRead: 'Ho letto {n}. Un passaggio mi colpisce: «{p}».',
  attachmentReadNoPassage: 'Ho letto {n}.',
  attachmentUnreadable:
    'Non sono riuscito a leggere i file allegati in questo momento: raccontami con parole tue che cosa conta per te in essi.',
  attachmentEmpty: 'Non ho trovato testo leggibile in {n}.',
  imagesUnseen:
    'Non posso vedere le immagini: raccontami con parole tue che cosa mostra {n} e che cosa significa per te.',
  quotes: ['«', '»'],
  stopwords: stopwordSet(
    'anche ancora avere come con cosa della delle dello degli dopo essere fare hanno molto nella nelle niente ogni perche piu poco quando quella quello questa questo sono sempre senza solo stato tutto tutti tutte veramente oggi forse davvero qualcosa',
  ),
};
