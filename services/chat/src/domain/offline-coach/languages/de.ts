import { stopwordSet } from '../languages-shared.ts';
import type { CoachPhrases } from '../phrases.ts';

// Swiss spelling (ss, never ß), informal "du" as in the rest of the German interface.
export const de: CoachPhrases = {
  greetings: [
    'Hallo, schön, dass du da bist.',
    'Hallo, danke, dass du schreibst.',
    'Willkommen, schauen wir es uns zusammen an.',
    'Hallo, nimm dir die Zeit, die du brauchst.',
  ],
  questionnaireThanks: [
    'Danke, dass du etwas von dir erzählst.',
    'Danke für deine Antworten, so lerne ich dich ein wenig kennen.',
  ],
  quoteReflections: [
    '„{p}“: Lass uns einen Moment dabei bleiben.',
    'Du sagst „{p}“, und das scheint dir wichtig zu sein.',
    'Ich halte deine Worte fest: „{p}“.',
    'Wenn du schreibst „{p}“, nehme ich das ernst.',
    '„{p}“, danke, dass du es so klar sagst.',
  ],
  topicReflections: [
    '{x} scheint gerade viel Raum einzunehmen.',
    'Im Kern geht es also um {x}.',
    'Ich verstehe, dass es um {x} geht.',
  ],
  acknowledgements: [
    'Danke, das hilft mir, es klarer zu sehen.',
    'Ich verstehe, danke fürs Erklären.',
    'Das gibt mir ein besseres Bild.',
    'Gut, gehen wir Schritt für Schritt.',
  ],
  shortAnswers: ['Danke.', 'Gut.', 'Notiert, danke.', 'In Ordnung.', 'Verstehe.'],
  questionBack: [
    'Das ist eine echte Frage, und sie verdient einen genauen Blick.',
    'Schauen wir uns diese Frage zusammen an.',
  ],
  heardWithoutQuote: 'Danke, dass du das in Worte fasst. Ich höre dir zu, und es gibt keine Eile.',
  feelingLines: [
    'Ich höre {e} in dem, was du schreibst.',
    'Es klingt nach {e}.',
    'Ich spüre {e} in deinen Worten.',
  ],
  feelingNouns: {
    fear: 'Angst',
    sadness: 'Traurigkeit',
    anger: 'Ärger',
    pressure: 'Druck',
    tiredness: 'Müdigkeit',
    loneliness: 'Einsamkeit',
    confusion: 'Ratlosigkeit',
    shame: 'Scham',
    joy: 'Freude',
    pride: 'Stolz',
    relief: 'Erleichterung',
  },
  and: 'und',
  feelingWords: {
    fear: /\b(angst|angste|(mache|mach) mir (grosse |viele )?sorgen|sorgen? (mich|mir)|besorgt|nervos|panik\w*|beunruhigt|furcht|furchte\w*|traue mich nicht)\b/,
    sadness: /\b(traurig\w*|weine\w*|niedergeschlagen|unglucklich|deprimiert|bedruckt)\b/,
    anger: /\b(wut|wutend|sauer|verargert|argert|genervt|frustriert\w*|frust)\b/,
    pressure: /\b(stress\w*|gestresst|uberfordert|unter druck|druck|zu viel)\b/,
    tiredness: /\b(mude|erschopft|ausgelaugt|kaputt|ausgebrannt|keine energie)\b/,
    loneliness: /\b(einsam\w*|fuhle mich (so |oft |sehr )?allein|isoliert)\b/,
    confusion: /\b(festgefahren|verwirrt|unsicher|ratlos|weiss nicht (mehr )?weiter)\b/,
    shame: /\b(scham|schame\w*|peinlich)\b/,
    joy: /\b(glucklich|froh|freude|freue mich|begeistert|dankbar)\b/,
    pride: /\b(stolz)\b/,
    relief: /\b(erleichter\w*)\b/,
  },
  negation: /^(nicht|kein|keine|keinen|nie|niemals|ohne)$/,
  ideaRequest:
    /(^|[.!?]\s*)(ideen|tipps|vorschlage)\b|\b((ein paar|paar|einige|zwei|drei|konkrete|gute|deine|irgendwelche) (kleine |konkrete )?(ideen|tipps|vorschlage|ratschlage)|hast du (\w+ )?(ideen|tipps|vorschlage|eine idee|einen tipp|einen rat)|gib mir|ratschlag|empfiehlst|was soll ich|was sollte ich|was kann ich|was konnte ich|soll ich|sollte ich|wie kann ich|wie konnte ich|wie fange ich|wo (soll|kann|konnte) ich anfangen|hilf mir|sag mir,? wie)\b/,
  decisionRequest: /\b(soll ich|sollte ich)\b(?! (tun|machen))/,
  twoIdeas: /\b(zwei|2) (ideen|tipps|vorschlage|ratschlage)\b/,
  ideaLeads: [
    'Hier ein paar kleine Dinge, die du ausprobieren könntest:',
    'Ein paar konkrete Ideen, nimm, was passt:',
    'Einige kleine Schritte, die oft helfen:',
  ],
  decisionLeads: [
    'Entscheiden kann ich nicht für dich, aber hier ein paar Wege, klarer zu sehen:',
    'Ein paar Wege, diese Entscheidung abzuwägen:',
  ],
  topics: {
    work: {
      words:
        /\b(arbeit|job|chef|chefin|vorgesetzt\w*|kolleg\w*|buro|karriere|meetings?|sitzung\w*|lohn|gehalt|team|kunden|stelle)\b/,
      phrase: 'deine Arbeit',
      suggestions: [
        'Wähle eine Situation, die sich bei der Arbeit wiederholt, und probiere diese Woche eine kleine Änderung darin aus; notiere danach, was passiert ist.',
        'Schreib in einem Satz auf, was du von deiner Arbeit willst, und prüfe die Aufgaben von morgen daran.',
        'Bitte eine Kollegin oder einen Freund, dem du vertraust, um ein Gespräch von zehn Minuten darüber.',
      ],
    },
    relationship: {
      words:
        /\b(partner\w*|mann|frau|schwester|bruder|mutter|mama|vater|papa|eltern|familie|streit|beziehung|trennung|kinder)\b/,
      phrase: 'deine Beziehung zu einem nahen Menschen',
      suggestions: [
        'Wähle einen ruhigen Moment und beginne mit einem Satz darüber, was du brauchst, statt darüber, was schiefging.',
        'Schreib vor dem Gespräch auf, wie es zwischen euch in drei Monaten sein soll.',
        'Schick ein kleines Zeichen guten Willens, eine Nachricht oder einen Anruf, ohne Bedingungen.',
      ],
    },
    studies: {
      words:
        /\b(studium|studiere\w*|uni|universitat|prufung\w*|masterarbeit|bachelorarbeit|schule|kurs|vorlesung\w*|lernen|informatik)\b/,
      phrase: 'dein Studium',
      suggestions: [
        'Arbeite in Blöcken von 25 Minuten, das Handy in einem anderen Raum, und fang mit nur einem Block an.',
        'Mach den allerersten Schritt so klein, dass er fünf Minuten dauert (Datei öffnen, Titel schreiben), und tu ihn heute.',
        'Sprich mit jemandem, der es schon hinter sich hat, einer Dozentin oder einem ehemaligen Studenten, wie er oder sie es gemacht hat.',
      ],
    },
    health: {
      words:
        /\b(schlaf\w*|energie|sport|laufen|joggen|gesundheit|arzt|arztin|korper|handy|nachte?|spaziergang|mittag)\b/,
      phrase: 'deine Gesundheit',
      suggestions: [
        'Mach eine Woche lang ein kleines Experiment, etwa dieselbe Schlafenszeit oder das Handy ausserhalb des Schlafzimmers, und notiere, wie sich deine Morgen verändern.',
        'Füge zehn Minuten Bewegung oder Tageslicht in einen Moment ein, den es in deinem Tag schon gibt, zum Beispiel die Mittagspause.',
        'Notiere drei Tage lang, wann deine Energie am tiefsten und am höchsten ist, und lege eine wichtige Aufgabe in den besten Moment.',
      ],
    },
    confidence: {
      words:
        /\b(selbstvertrauen|selbstwert\w*|nicht gut genug|zweifel\w*|versag\w*|dumm|vergleich\w*|kritisier\w*|traue mich)\b/,
      phrase: 'dein Selbstvertrauen',
      suggestions: [
        'Schreib jeden Abend eine Sache auf, die dir an diesem Tag gelungen ist, so klein sie auch ist, und woran du das merkst.',
        'Schreib auf, was du einer guten Freundin an deiner Stelle sagen würdest, und lies es dir selbst vor.',
        'Wähle diese Woche einen Moment mit wenig Risiko, um einmal das Wort zu ergreifen, und vergleiche, was wirklich passiert, mit dem, was du erwartet hast.',
      ],
    },
    organisation: {
      words:
        /\b(aufschieb\w*|schiebe\w*|prokrastin\w*|fristen?|deadlines?|to-do|organisier\w*|morgen|konzentr\w*|motivation|anfangen|fange)\b/,
      phrase: 'die Art, wie du deine Zeit einteilst',
      suggestions: [
        'Schreib alles auf, was dich beschäftigt, und kreise nur die drei Dinge ein, die diese Woche wirklich zählen.',
        'Gib der kleinsten Aufgabe jetzt gleich zehn Minuten: Anfangen ist oft schwerer als Weitermachen.',
        'Plane heute Abend den ersten Schritt von morgen, mit Uhrzeit und Ort.',
      ],
    },
    social: {
      words: /\b(freunde|freundinnen|einsam|allein|leute|menschen|umgezogen|neue stadt|nachbarn|verein)\b/,
      phrase: 'dein Umfeld',
      suggestions: [
        'Wähle eine regelmässige Aktivität, bei der sich jede Woche dieselben Leute treffen, einen Verein, einen Kurs oder Freiwilligenarbeit, und geh zweimal hin, bevor du urteilst.',
        'Schick heute einer Person, die du aus den Augen verloren hast, eine Nachricht.',
        'Sag bei der nächsten kleinen Einladung zu, auch nur für eine Stunde.',
      ],
    },
  },
  decisionSuggestions: [
    'Schreib die drei Dinge auf, die dir gerade am wichtigsten sind (Sicherheit, Entwicklung, Menschen, Freiheit…), und bewerte jede Möglichkeit daran von 1 bis 5.',
    'Stell dir jede Möglichkeit in zehn Tagen, zehn Monaten und zehn Jahren vor, und notiere, welche du bereuen würdest, nicht versucht zu haben.',
    'Mach vor der Entscheidung einen kleinen Test: ein Gespräch, einen Probetag oder eine Information, die dir noch fehlt.',
    'Lege ein Datum für die Entscheidung fest und liste auf, was du bis dahin wissen musst, damit sie nicht mehr im Kreis dreht.',
  ],
  generalSuggestions: [
    'Beschreib in einem Satz, was in einem Monat anders sein soll: Das ist vorerst dein Ziel.',
    'Liste auf, was schon für dich spricht (Menschen, Fähigkeiten, Zeit), auch wenn es klein scheint.',
    'Wähle ein winziges Experiment für die nächsten drei Tage und notiere, was sich verändert.',
    'Schreib den ersten Schritt auf, klein genug für heute, und leg fest, wann du ihn machst.',
    'Schau die Situation aus einem anderen Blickwinkel an: Was würde sich ändern, wenn du sie als Gelegenheit zum Lernen sähest statt als Prüfung.',
  ],
  questionnaireQuotes: [
    'In deinem Fragebogen hast du unter *{t}* geschrieben: „{a}“.',
    'Das passt zu dem, was du unter *{t}* geschrieben hast: „{a}“.',
  ],
  questionnaireMentions: [
    'Das scheint mit dem zusammenzuhängen, was du in deinem Fragebogen unter *{t}* geschrieben hast.',
  ],
  steps: {
    question_1: 'Ich heute',
    question_2: 'Meine Wurzeln',
    question_3: 'Die Spuren meines Weges',
    question_4: 'Meine Weggefährten',
    question_5: 'Meine Tage in wenigen Worten',
    question_6: 'Was mich nährt',
    question_7: 'Träume und Pläne für morgen',
    question_8: 'Was in mir ist',
  },
  questions: {
    opening: ['Was möchtest du heute erkunden?', 'Was beschäftigt dich gerade?', 'Wo möchtest du anfangen?'],
    goal: [
      'Was möchtest du anders haben?',
      'Was ist dir daran gerade am wichtigsten?',
      'Wenn es ab jetzt gut liefe, wie sähe das für dich aus?',
      'Was möchtest du heute aus unserem Chat mitnehmen?',
      'Worauf kommt es dir dabei am meisten an?',
    ],
    reality: [
      'Wie zeigt sich das in deinen Tagen?',
      'Was hast du schon versucht, und was ist dir dabei aufgefallen?',
      'Wann hast du das zuletzt bemerkt, und was ist da passiert?',
      'Wer gehört noch zu dieser Situation?',
      'Was funktioniert schon, wenn auch nur ein wenig?',
    ],
    options: [
      'Welche Möglichkeiten siehst du, auch solche, die unwahrscheinlich scheinen?',
      'Was würdest du einer Freundin oder einem Freund an deiner Stelle raten?',
      'Was könnte ein erster kleiner Schritt sein?',
      'Was würdest du versuchen, wenn du wüsstest, dass nichts schiefgehen kann?',
    ],
    will: [
      'Was machst du zuerst, und wann?',
      'Was könnte dir in die Quere kommen, und wie würdest du damit umgehen?',
      'Woran wirst du merken, dass es wirkt?',
      'Wer könnte dich dabei unterstützen?',
      'Auf einer Skala von 1 bis 10, wie bereit bist du, anzufangen?',
    ],
    feeling: [
      'Wenn du das bemerkst, was ist dann meistens um dich herum los?',
      'Was würde dir helfen, dich ein wenig leichter zu fühlen?',
      'Wo in deinem Leben spürst du das am stärksten?',
      'Was, glaubst du, will dir das sagen?',
    ],
    pleasant: [
      'Was hat dir geholfen, dahin zu kommen?',
      'Wie möchtest du diesen Moment würdigen?',
      'Was zeigt dir das über dich selbst?',
    ],
    questionnaire: [
      'Wie hängt das mit dem zusammen, was du gerade erlebst?',
      'Was hat sich verändert, seit du das geschrieben hast?',
      'Stimmt das für dich heute noch?',
    ],
    afterIdeas: [
      'Welche davon scheint dir diese Woche am ehesten machbar?',
      'Welche möchtest du zuerst ausprobieren, und wann?',
      'Was würde dir den ersten Schritt leichter machen?',
      'Wie würdest du eine davon so anpassen, dass sie besser zu deinem Leben passt?',
    ],
    attachment: [
      'Was möchtest du, dass wir uns an dem Geteilten anschauen?',
      'Was davon ist dir gerade am wichtigsten?',
    ],
  },
  conjunctions: /^(und|aber|also|weil|denn|obwohl|oder|sondern)$/,
  attachmentRead: 'Ich habe {n} gelesen. Eine Stelle fällt mir auf: „{p}“.',
  attachmentReadNoPassage: 'Ich habe {n} gelesen.',
  attachmentUnreadable:
    'Ich konnte die angehängten Dateien gerade nicht lesen: Erzähl mir in deinen Worten, was dir daran wichtig ist.',
  attachmentEmpty: 'In {n} habe ich keinen lesbaren Text gefunden.',
  imagesUnseen:
    'Bilder kann ich nicht sehen: Erzähl mir in deinen Worten, was {n} zeigt und was es dir bedeutet.',
  quotes: ['„', '“'],
  stopwords: stopwordSet(
    'aber alle also auch auf aus bei bin bist dann dass dein deine dem den der des die dies diese doch durch eine einem einen einer habe haben hast hatte immer kann mehr mich mein meine mit nach noch nicht oder sehr sein sich sind uber und unter viel von weil wenn wie wird wirklich zum zur denke heute etwas einfach eigentlich wieder jetzt schon',
  ),
};
