import type { LanguageCode, QuestionKey } from '@innerview/contracts';

export const emotions = [
  'pressure',
  'sadness',
  'worry',
  'anger',
  'tiredness',
  'loneliness',
  'uncertainty',
  'joy',
] as const;
export type Emotion = (typeof emotions)[number];

export interface CoachPhrases {
  /** Said once, in the offline coach's first reply of a session. */
  intro: string;
  /** `{p}`: the person's own words. */
  reflections: string[];
  /**
   * Said instead of a reflection when the message holds heavy words (a risk cue): the coach never
   * quotes those back (docs/safety.md).
   */
  heardWithoutQuote: string;
  /** `{e}`: the emotion's noun. */
  emotionLine: string;
  emotionNouns: Record<Emotion, string>;
  /** Words (folded, as regular expressions) that show each emotion. */
  emotionWords: Record<Emotion, RegExp>;
  /** `{t}`: questionnaire step, `{a}`: the person's answer. */
  questionnaireLink: string;
  questionnaireThanks: string;
  /** When the person asks the coach what to do. */
  advice: string;
  topics: Record<QuestionKey, string>;
  questions: {
    general: string[];
    emotion: string[];
    questionnaire: string[];
    opening: string[];
    attachment: string[];
  };
  /** `{n}`: the documents' names (quoted), `{p}`: a passage of the first one. */
  attachmentRead: string;
  /** The files service could not be asked (down, slow, not configured). */
  attachmentUnreadable: string;
  /** `{n}`: names of documents without text (a scanned PDF). */
  attachmentEmpty: string;
  /** `{n}`: names of images this coach cannot see. */
  imagesUnseen: string;
  /** Opening and closing quotation marks around a file's name. */
  nameQuotes: [string, string];
  /** Words too common to link a message to a questionnaire answer. */
  stopwords: Set<string>;
}

const words = (list: string) => new Set(list.split(' '));

export const phrases: Record<LanguageCode, CoachPhrases> = {
  en: {
    intro:
      "I'm the offline coach: a simple built-in companion that works without an AI model. I listen, reflect back what you share and ask one question at a time. I'm not a therapist, and I give no medical, legal or financial advice.",
    reflections: ['You wrote: “{p}”.', 'I’m hearing: “{p}”.', 'What stands out to me is: “{p}”.'],
    heardWithoutQuote: 'Thank you for putting this into words. I’m listening, and there is no hurry.',
    emotionLine: 'It sounds like there is a lot of {e} in this for you.',
    emotionNouns: {
      pressure: 'pressure',
      sadness: 'sadness',
      worry: 'worry',
      anger: 'anger',
      tiredness: 'tiredness',
      loneliness: 'loneliness',
      uncertainty: 'uncertainty',
      joy: 'joy',
    },
    emotionWords: {
      pressure: /\b(stress\w*|overwhelm\w*|pressure|too much)\b/,
      sadness: /\b(sad|sadness|unhappy|down|cry\w*|depressed|heartbroken)\b/,
      worry: /\b(anxious|anxiety|worr\w*|afraid|scared|nervous|fear\w*)\b/,
      anger: /\b(angry|anger|furious|annoyed|frustrat\w*|irritated)\b/,
      tiredness: /\b(tired|exhausted|drained|burn(ed|t)? out|worn out)\b/,
      loneliness: /\b(lonely|loneliness|alone|isolated)\b/,
      uncertainty: /\b(stuck|lost|confused|unsure|don't know what)\b/,
      joy: /\b(happy|glad|excited|proud|relieved|grateful)\b/,
    },
    questionnaireLink: 'In your questionnaire, about “{t}”, you wrote: “{a}”.',
    questionnaireThanks: 'Thank you for sharing a little about yourself.',
    advice: 'Rather than hand you a ready-made answer, I’d like to look at it with you.',
    topics: {
      question_1: 'Me today',
      question_2: 'My roots',
      question_3: 'The marks of my journey',
      question_4: 'My travel companions',
      question_5: 'My days in a few words',
      question_6: 'What nourishes me',
      question_7: 'Dreams and plans for tomorrow',
      question_8: 'What is within me',
    },
    questions: {
      general: [
        'What feels most important to you about this right now?',
        'What would you like to be different?',
        'How is this affecting your days?',
        'What have you already tried, and what did you notice?',
        'If things went well from here, what would that look like for you?',
        'What do you need most at the moment?',
      ],
      emotion: [
        'When you notice this feeling, what tends to be going on around you?',
        'What would help you feel even a little lighter?',
        'Where in your life do you feel this most?',
        'What do you think this feeling is telling you?',
      ],
      questionnaire: [
        'How does that connect with what you are living now?',
        'What has changed since you wrote that?',
      ],
      opening: ['What would you like to explore today?', 'What is on your mind right now?'],
      attachment: ['What would you like us to look at in what you shared?'],
    },
    attachmentRead: 'I’ve read {n}. One passage that stands out: “{p}”.',
    attachmentUnreadable:
      'I couldn’t read the attached files just now, so tell me in your own words what matters in them.',
    attachmentEmpty: 'I found no text I could read in {n}.',
    imagesUnseen: 'I can’t see images, so tell me in your own words what {n} shows and what it means to you.',
    nameQuotes: ['“', '”'],
    stopwords: words(
      'about after again also because been being could does doing from have just like more much really should still that their them then there these they thing things this those through very want what when where which while with would your yours myself',
    ),
  },
  fr: {
    intro:
      "Je suis le coach hors ligne : un compagnon simple, intégré, qui fonctionne sans modèle d'IA. J'écoute, je vous renvoie ce que vous partagez et je pose une question à la fois. Je ne suis pas thérapeute et je ne donne aucun conseil médical, juridique ou financier.",
    reflections: ['Vous avez écrit : « {p} ».', "J'entends : « {p} ».", 'Ce qui me frappe, c’est : « {p} ».'],
    heardWithoutQuote: 'Merci d’avoir mis cela en mots. Je vous écoute, et rien ne presse.',
    emotionLine: "On dirait qu'il y a beaucoup de {e} là-dedans pour vous.",
    emotionNouns: {
      pressure: 'pression',
      sadness: 'tristesse',
      worry: 'inquiétude',
      anger: 'colère',
      tiredness: 'fatigue',
      loneliness: 'solitude',
      uncertainty: 'incertitude',
      joy: 'joie',
    },
    emotionWords: {
      pressure: /\b(stress\w*|debord\w*|pression|trop de)\b/,
      sadness: /\b(triste\w*|pleur\w*|deprime\w*|malheureu\w*|cafard)\b/,
      worry: /\b(anxi\w*|inquiet\w*|peur|nerveu\w*|angoiss\w*)\b/,
      anger: /\b(colere|enerve\w*|frustr\w*|furieu\w*|agace\w*)\b/,
      tiredness: /\b(fatigue\w*|epuise\w*|crev\w*|vide)\b/,
      loneliness: /\b(seule?|isole\w*|solitude)\b/,
      uncertainty: /\b(bloque\w*|perdue?|confus\w*|incertain\w*)\b/,
      joy: /\b(heureu\w*|content\w*|fier|fiere|soulage\w*|joie)\b/,
    },
    questionnaireLink: 'Dans votre questionnaire, à propos de « {t} », vous avez écrit : « {a} ».',
    questionnaireThanks: 'Merci de partager un peu de vous.',
    advice: "Plutôt que de vous donner une réponse toute faite, j'aimerais l'explorer avec vous.",
    topics: {
      question_1: "Moi aujourd'hui",
      question_2: 'Mes racines',
      question_3: 'Les traces de mon parcours',
      question_4: 'Mes compagnons de route',
      question_5: 'Mes journées en quelques mots',
      question_6: 'Ce qui me nourrit',
      question_7: 'Rêves et projets pour demain',
      question_8: 'Ce qui est en moi',
    },
    questions: {
      general: [
        "Qu'est-ce qui vous semble le plus important là-dedans en ce moment ?",
        "Qu'aimeriez-vous voir changer ?",
        'Comment cela se ressent-il dans vos journées ?',
        "Qu'avez-vous déjà essayé, et qu'avez-vous remarqué ?",
        'Si les choses se passaient bien à partir de maintenant, à quoi cela ressemblerait-il pour vous ?',
        'De quoi avez-vous le plus besoin en ce moment ?',
      ],
      emotion: [
        'Quand vous remarquez ce sentiment, que se passe-t-il autour de vous ?',
        "Qu'est-ce qui pourrait vous alléger, même un peu ?",
        'Où, dans votre vie, ressentez-vous cela le plus ?',
        'Que vous dit ce sentiment, à votre avis ?',
      ],
      questionnaire: [
        'Quel lien voyez-vous avec ce que vous vivez maintenant ?',
        "Qu'est-ce qui a changé depuis que vous avez écrit cela ?",
      ],
      opening: [
        "Qu'aimeriez-vous explorer aujourd'hui ?",
        "Qu'est-ce qui vous occupe l'esprit en ce moment ?",
      ],
      attachment: ['Que souhaitez-vous que nous regardions dans ce que vous avez partagé ?'],
    },
    attachmentRead: 'J’ai lu {n}. Un passage me frappe : « {p} ».',
    attachmentUnreadable:
      'Je n’ai pas pu lire les fichiers joints pour le moment : dites-moi avec vos mots ce qui compte pour vous dedans.',
    attachmentEmpty: 'Je n’ai trouvé aucun texte lisible dans {n}.',
    imagesUnseen:
      'Je ne peux pas voir les images : dites-moi avec vos mots ce que montre {n} et ce que cela représente pour vous.',
    nameQuotes: ['« ', ' »'],
    stopwords: words(
      'alors aussi autre avec avoir cette comme dans depuis encore etre fait faire leur leurs mais meme pour quand quel quelle sans sont tout tous toute tres vous votre plus moins parce cela celui elle elles ils nous',
    ),
  },
  de: {
    intro:
      'Ich bin der Offline-Coach: ein einfacher, eingebauter Begleiter, der ohne KI-Modell arbeitet. Ich höre zu, spiegle, was du teilst, und stelle eine Frage nach der anderen. Ich bin kein Therapeut und gebe keine medizinischen, rechtlichen oder finanziellen Ratschläge.',
    reflections: ['Du hast geschrieben: „{p}“.', 'Ich höre: „{p}“.', 'Was mir auffällt, ist: „{p}“.'],
    heardWithoutQuote: 'Danke, dass du das in Worte fasst. Ich höre dir zu, und es gibt keine Eile.',
    emotionLine: 'Es klingt, als steckte darin viel {e} für dich.',
    emotionNouns: {
      pressure: 'Druck',
      sadness: 'Traurigkeit',
      worry: 'Sorge',
      anger: 'Ärger',
      tiredness: 'Müdigkeit',
      loneliness: 'Einsamkeit',
      uncertainty: 'Unsicherheit',
      joy: 'Freude',
    },
    emotionWords: {
      pressure: /\b(stress\w*|uberfordert|druck|zu viel)\b/,
      sadness: /\b(traurig\w*|weine\w*|niedergeschlagen|ungluecklich|unglucklich)\b/,
      worry: /\b(angst|sorge\w*|besorgt|nervos|unruhig)\b/,
      anger: /\b(wut|wutend|arger\w*|genervt|frustr\w*)\b/,
      tiredness: /\b(mude|erschopft|ausgelaugt|kaputt|ausgebrannt)\b/,
      loneliness: /\b(einsam\w*|allein)\b/,
      uncertainty: /\b(festgefahren|verloren|verwirrt|unsicher)\b/,
      joy: /\b(glucklich|froh|stolz|erleichtert|freude|dankbar)\b/,
    },
    questionnaireLink: 'In deinem Fragebogen hast du zu „{t}“ geschrieben: „{a}“.',
    questionnaireThanks: 'Danke, dass du etwas von dir erzählst.',
    advice: 'Statt dir eine fertige Antwort zu geben, möchte ich es mit dir zusammen anschauen.',
    topics: {
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
      general: [
        'Was ist dir daran gerade am wichtigsten?',
        'Was möchtest du anders haben?',
        'Wie zeigt sich das in deinen Tagen?',
        'Was hast du schon versucht, und was ist dir dabei aufgefallen?',
        'Wenn es ab jetzt gut liefe, wie sähe das für dich aus?',
        'Was brauchst du im Moment am meisten?',
      ],
      emotion: [
        'Wenn du dieses Gefühl bemerkst, was ist dann meistens um dich herum los?',
        'Was würde dir helfen, dich ein wenig leichter zu fühlen?',
        'Wo in deinem Leben spürst du das am stärksten?',
        'Was, glaubst du, will dir dieses Gefühl sagen?',
      ],
      questionnaire: [
        'Wie hängt das mit dem zusammen, was du gerade erlebst?',
        'Was hat sich verändert, seit du das geschrieben hast?',
      ],
      opening: ['Was möchtest du heute erkunden?', 'Was beschäftigt dich gerade?'],
      attachment: ['Was möchtest du, dass wir uns an dem Geteilten anschauen?'],
    },
    attachmentRead: 'Ich habe {n} gelesen. Eine Stelle fällt mir auf: „{p}“.',
    attachmentUnreadable:
      'Ich konnte die angehängten Dateien gerade nicht lesen: Erzähl mir in deinen Worten, was dir daran wichtig ist.',
    attachmentEmpty: 'In {n} habe ich keinen lesbaren Text gefunden.',
    imagesUnseen:
      'Bilder kann ich nicht sehen: Erzähl mir in deinen Worten, was {n} zeigt und was es dir bedeutet.',
    nameQuotes: ['„', '“'],
    stopwords: words(
      'aber alle also auch auf aus bei bin bist dann dass dein deine dem den der des die dies diese doch durch eine einem einen einer habe haben hast hatte immer kann mehr mich mein meine mit nach noch nicht oder sehr sein sich sind uber und unter viel von weil wenn wie wird wirklich zum zur',
    ),
  },
  it: {
    intro:
      'Sono il coach offline: un semplice compagno integrato che funziona senza un modello di IA. Ascolto, ti restituisco ciò che condividi e faccio una domanda alla volta. Non sono un terapeuta e non do consigli medici, legali o finanziari.',
    reflections: ['Hai scritto: «{p}».', 'Sento: «{p}».', 'Quello che mi colpisce è: «{p}».'],
    heardWithoutQuote: 'Grazie di averlo messo in parole. Ti ascolto, e non c’è fretta.',
    emotionLine: 'Sembra che in questo ci sia molta {e} per te.',
    emotionNouns: {
      pressure: 'pressione',
      sadness: 'tristezza',
      worry: 'preoccupazione',
      anger: 'rabbia',
      tiredness: 'stanchezza',
      loneliness: 'solitudine',
      uncertainty: 'incertezza',
      joy: 'gioia',
    },
    emotionWords: {
      pressure: /\b(stress\w*|sopraffatt\w*|pressione|troppo)\b/,
      sadness: /\b(triste|tristezza|piango|piangere|giu|depress\w*|infelice)\b/,
      worry: /\b(ansia|ansios\w*|preoccupat\w*|paura|nervos\w*)\b/,
      anger: /\b(rabbia|arrabbiat\w*|frustrat\w*|furios\w*|irritat\w*)\b/,
      tiredness: /\b(stanc\w*|esaust\w*|sfinit\w*|svuotat\w*)\b/,
      loneliness: /\b(mi sento sol[oa]|solitudine|isolat\w*)\b/,
      uncertainty: /\b(bloccat\w*|pers[oa]|confus\w*|incert\w*)\b/,
      joy: /\b(felice|content\w*|orgoglios\w*|sollevat\w*|gioia|grat[oa])\b/,
    },
    questionnaireLink: 'Nel tuo questionario, su «{t}», hai scritto: «{a}».',
    questionnaireThanks: 'Grazie di condividere qualcosa di te.',
    advice: 'Invece di darti una risposta pronta, vorrei guardarlo insieme a te.',
    topics: {
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
      general: [
        'Che cosa ti sembra più importante in questo, adesso?',
        'Che cosa vorresti che fosse diverso?',
        'Come si fa sentire questo nelle tue giornate?',
        'Che cosa hai già provato, e che cosa hai notato?',
        'Se da qui le cose andassero bene, come sarebbe per te?',
        'Di che cosa hai più bisogno in questo momento?',
      ],
      emotion: [
        'Quando noti questa sensazione, che cosa succede di solito intorno a te?',
        'Che cosa ti aiuterebbe a sentirti anche solo un po’ più leggero?',
        'In quale parte della tua vita lo senti di più?',
        'Secondo te, che cosa ti sta dicendo questa sensazione?',
      ],
      questionnaire: [
        'Come si collega a quello che stai vivendo adesso?',
        'Che cosa è cambiato da quando l’hai scritto?',
      ],
      opening: ['Che cosa ti piacerebbe esplorare oggi?', 'Che cosa hai in mente in questo momento?'],
      attachment: ['Che cosa vorresti che guardassimo in ciò che hai condiviso?'],
    },
    attachmentRead: 'Ho letto {n}. Un passaggio mi colpisce: «{p}».',
    attachmentUnreadable:
      'Non sono riuscito a leggere i file allegati in questo momento: raccontami con parole tue che cosa conta per te in essi.',
    attachmentEmpty: 'Non ho trovato testo leggibile in {n}.',
    imagesUnseen:
      'Non posso vedere le immagini: raccontami con parole tue che cosa mostra {n} e che cosa significa per te.',
    nameQuotes: ['«', '»'],
    stopwords: words(
      'anche ancora avere come con cosa della delle dello degli dopo essere fare hanno molto nella nelle niente ogni perche piu poco quando quella quello questa questo sono sempre senza solo stato tutto tutti tutte veramente',
    ),
  },
  es: {
    intro:
      'Soy el coach sin conexión: un compañero sencillo e integrado que funciona sin un modelo de IA. Escucho, te devuelvo lo que compartes y hago una pregunta a la vez. No soy terapeuta y no doy consejos médicos, legales ni financieros.',
    reflections: ['Escribiste: «{p}».', 'Escucho: «{p}».', 'Lo que me llama la atención es: «{p}».'],
    heardWithoutQuote: 'Gracias por ponerlo en palabras. Te escucho, y no hay prisa.',
    emotionLine: 'Parece que en esto hay mucha {e} para ti.',
    emotionNouns: {
      pressure: 'presión',
      sadness: 'tristeza',
      worry: 'preocupación',
      anger: 'rabia',
      tiredness: 'fatiga',
      loneliness: 'soledad',
      uncertainty: 'incertidumbre',
      joy: 'alegría',
    },
    emotionWords: {
      pressure: /\b(estres\w*|agobi\w*|presion|demasiado)\b/,
      sadness: /\b(triste\w*|tristeza|lloro|llorar|deprimid\w*|infeliz)\b/,
      worry: /\b(ansiedad|ansios\w*|preocupad\w*|miedo|nervios\w*)\b/,
      anger: /\b(rabia|enfadad\w*|enojad\w*|frustrad\w*|furios\w*)\b/,
      tiredness: /\b(cansad\w*|agotad\w*|exhaust\w*|quemad\w*)\b/,
      loneliness: /\b(me siento sol[oa]|soledad|aislad\w*)\b/,
      uncertainty: /\b(estancad\w*|perdid\w*|confundid\w*|insegur\w*)\b/,
      joy: /\b(feliz|content\w*|orgullos\w*|aliviad\w*|alegria|agradecid\w*)\b/,
    },
    questionnaireLink: 'En tu cuestionario, sobre «{t}», escribiste: «{a}».',
    questionnaireThanks: 'Gracias por compartir un poco de ti.',
    advice: 'En lugar de darte una respuesta hecha, me gustaría mirarlo contigo.',
    topics: {
      question_1: 'Yo hoy',
      question_2: 'Mis raíces',
      question_3: 'Las huellas de mi camino',
      question_4: 'Mis compañeros de viaje',
      question_5: 'Mis días en pocas palabras',
      question_6: 'Lo que me nutre',
      question_7: 'Sueños y proyectos para mañana',
      question_8: 'Lo que hay dentro de mí',
    },
    questions: {
      general: [
        '¿Qué es lo que más te importa de esto ahora mismo?',
        '¿Qué te gustaría que fuera diferente?',
        '¿Cómo se nota esto en tus días?',
        '¿Qué has probado ya, y qué notaste?',
        'Si a partir de ahora las cosas fueran bien, ¿cómo sería eso para ti?',
        '¿Qué es lo que más necesitas en este momento?',
      ],
      emotion: [
        'Cuando notas este sentimiento, ¿qué suele estar pasando a tu alrededor?',
        '¿Qué te ayudaría a sentirte aunque sea un poco más ligero?',
        '¿En qué parte de tu vida lo sientes más?',
        '¿Qué crees que te está diciendo este sentimiento?',
      ],
      questionnaire: [
        '¿Cómo se relaciona eso con lo que estás viviendo ahora?',
        '¿Qué ha cambiado desde que escribiste eso?',
      ],
      opening: ['¿Qué te gustaría explorar hoy?', '¿Qué tienes en mente ahora mismo?'],
      attachment: ['¿Qué te gustaría que miráramos en lo que compartiste?'],
    },
    attachmentRead: 'He leído {n}. Un pasaje me llama la atención: «{p}».',
    attachmentUnreadable:
      'No he podido leer los archivos adjuntos en este momento: cuéntame con tus palabras lo que te importa de ellos.',
    attachmentEmpty: 'No encontré texto legible en {n}.',
    imagesUnseen: 'No puedo ver imágenes: cuéntame con tus palabras qué muestra {n} y qué significa para ti.',
    nameQuotes: ['«', '»'],
    stopwords: words(
      'ahora algo antes aunque cada como con cosa cuando desde donde entonces esta este esto estoy hace hacer hasta mucho muy nada para pero porque puedo sobre siempre sin solo tambien tengo tiene todo todos mismo',
    ),
  },
};
