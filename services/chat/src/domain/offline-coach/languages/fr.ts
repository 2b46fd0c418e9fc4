import { frenchSpacing, stopwordSet } from '../languages-shared.ts';
import type { CoachPhrases } from '../phrases.ts';

// Written with plain spaces; frenchSpacing puts the no-break spaces before : ; ? ! and inside « ».
export const fr: CoachPhrases = frenchSpacing<CoachPhrases>({
  greetings: [
    'Bonjour, prenons le temps qu’il faut.',
    'Bonjour, merci de m’écrire.',
    'Bonjour, je suis là pour vous.',
    'Bienvenue, regardons cela ensemble.',
  ],
  questionnaireThanks: [
    'Merci de partager un peu de vous.',
    'Merci pour vos réponses, elles m’aident à vous connaître un peu.',
  ],
  quoteReflections: [
    '« {p} » : prenons un moment pour nous y arrêter.',
    'Vous dites « {p} », et cela semble compter pour vous.',
    'Je retiens vos mots : « {p} ».',
    'Quand vous écrivez « {p} », je le prends au sérieux.',
    '« {p} », merci de le dire aussi simplement.',
  ],
  topicReflections: [
    '{x} semble prendre beaucoup de place en ce moment.',
    'Au cœur de tout cela, il y a donc {x}.',
    'Je comprends que cela touche à {x}.',
  ],
  acknowledgements: [
    'Merci, cela m’aide à y voir plus clair.',
    'Je vois, merci de m’expliquer.',
    'Cela me donne une image plus précise.',
    'D’accord, avançons pas à pas.',
  ],
  shortAnswers: ['Merci.', 'D’accord.', 'C’est noté, merci.', 'Très bien.', 'Je vois.'],
  questionBack: [
    'C’est une vraie question, et elle mérite qu’on s’y arrête.',
    'Regardons cette question ensemble.',
  ],
  heardWithoutQuote: 'Merci d’avoir mis cela en mots. Je vous écoute, et rien ne presse.',
  feelingLines: [
    'J’entends {e} dans ce que vous écrivez.',
    'Il semble y avoir {e} là-dedans.',
    'Cela semble porter {e}.',
  ],
  feelingNouns: {
    fear: 'de la peur',
    sadness: 'de la tristesse',
    anger: 'de la colère',
    pressure: 'de la pression',
    tiredness: 'de la fatigue',
    loneliness: 'de la solitude',
    confusion: 'de la confusion',
    shame: 'de la honte',
    joy: 'de la joie',
    pride: 'de la fierté',
    relief: 'du soulagement',
  },
  and: 'et',
  feelingWords: {
    fear: /\b(peur|peurs|effraye\w*|anxi\w*|inquiet\w*|angoiss\w*|nerveu\w*|panique\w*|crain\w*|redoute\w*)\b/,
    sadness: /\b(triste\w*|pleur\w*|deprime\w*|malheureu\w*|cafard|chagrin)\b/,
    anger: /\b(colere|enerve\w*|frustr\w*|furieu\w*|agace\w*|en rage|irrite\w*)\b/,
    pressure: /\b(stress\w*|deborde\w*|sous pression|pression|trop de choses)\b/,
    tiredness: /\b(fatigue\w*|epuise\w*|crevee?s?|(me sens|suis) videe?|a bout|plus d'energie)\b/,
    loneliness:
      /\b((me sens|suis|sens|reste|vis) (tres |si |tellement |un peu )?seule?s?|isolee?s?|solitude)\b/,
    confusion:
      /\b(bloquee?s?|(me sens|suis) (completement |un peu )?perdue?s?|confus\w*|paume\w*|tiraille\w*)\b/,
    shame: /\b(honte|humilie\w*)\b/,
    joy: /\b(heureu\w*|content\w*|joie|ravie?s?|enthousias\w*)\b/,
    pride: /\b(fier|fiere|fiers|fieres|fierte)\b/,
    relief: /\b(soulage\w*)\b/,
  },
  negation: /^(pas|jamais|ni|sans)$/,
  ideaRequest:
    /(^|[.!?]\s*)(idees|conseils|astuces|suggestions|pistes)\b|\b((des|quelques|trois|deux|tes|vos|d'|un|une|autres|donne-moi|donnez-moi) ?(petites? |bonnes? )?(idees?|conseils?|astuces?|suggestions?|pistes?)|que (dois|devrais|pourrais|peux)-je (faire|dire)|par ou (commencer|je commence)|qu'est-ce que je (dois|devrais|pourrais|peux) faire|je (dois|devrais|pourrais|peux) faire quoi|comment (je peux|puis-je|faire pour|est-ce que je peux)|est-ce que je devrais|devrais-je|dois-je|aide-moi a|dis-moi comment|dites-moi comment|tu ferais quoi|vous feriez quoi)\b/,
  decisionRequest: /\b(est-ce que je devrais|devrais-je|dois-je)\b(?! faire)/,
  twoIdeas: /\b(deux|2) (idees|conseils|pistes|suggestions)\b/,
  ideaLeads: [
    'Voici quelques petites choses que vous pourriez essayer :',
    'Quelques idées concrètes, à prendre ou à laisser :',
    'Quelques petits pas qui aident souvent :',
  ],
  decisionLeads: [
    'Je ne peux pas choisir à votre place, mais voici quelques façons d’y voir plus clair :',
    'Quelques façons de peser cette décision :',
  ],
  topics: {
    work: {
      words:
        /\b(travail|boulot|job|poste|chef|cheffe|patron\w*|collegues?|bureau|carriere|reunions?|salaire|equipe|clients?|dossiers?)\b/,
      phrase: 'votre travail',
      suggestions: [
        'Choisissez une situation qui revient au travail et essayez-y un seul petit changement cette semaine, puis notez ce qui s’est passé.',
        'Écrivez en une phrase ce que vous attendez de votre travail, et comparez-y vos tâches de demain.',
        'Demandez à un collègue ou un ami de confiance dix minutes pour en parler.',
      ],
    },
    relationship: {
      words:
        /\b(copain|copine|partenaire|mari|femme|conjoint\w*|soeur|frere|mere|maman|pere|papa|parents|famille|dispute\w*|couple|relation)\b/,
      phrase: 'votre relation avec un proche',
      suggestions: [
        'Choisissez un moment calme et commencez par une phrase sur ce dont vous avez besoin, plutôt que sur ce qui n’a pas marché.',
        'Avant d’en parler, écrivez comment vous aimeriez que les choses soient entre vous dans trois mois.',
        'Envoyez un petit signe de bonne volonté, un message ou un appel, sans condition.',
      ],
    },
    studies: {
      words: /\b(etudes?|universite|fac|examens?|these|memoire|ecole|cours|diplome|devoirs?|revisions?)\b/,
      phrase: 'vos études',
      suggestions: [
        'Travaillez par blocs de 25 minutes, le téléphone dans une autre pièce, et commencez par un seul bloc.',
        'Rendez le tout premier pas si petit qu’il prend cinq minutes (ouvrir le fichier, écrire un titre), et faites-le aujourd’hui.',
        'Parlez à une personne qui est passée par là, un enseignant ou un ancien étudiant, de la façon dont elle s’y est prise.',
      ],
    },
    health: {
      words:
        /\b(sommeil|dormir|dors|insomnie\w*|energie|sport|courir|sante|medecin|corps|telephone|nuits?|marche\w*)\b/,
      phrase: 'votre santé',
      suggestions: [
        'Faites une petite expérience pendant une semaine, par exemple la même heure de coucher ou le téléphone hors de la chambre, et notez ce qui change le matin.',
        'Ajoutez dix minutes de mouvement ou de lumière du jour à un moment qui existe déjà dans votre journée, comme la pause de midi.',
        'Pendant trois jours, notez quand votre énergie est au plus bas et au plus haut, et placez une tâche importante au meilleur moment.',
      ],
    },
    confidence: {
      words:
        /\b(confiance|pas a la hauteur|pas assez bien|imposteur|estime de soi|doute\w*|rater|nul|nulle|compar\w*|jug\w*|entretien)\b/,
      phrase: 'votre confiance en vous',
      suggestions: [
        'Chaque soir, notez une chose que vous avez bien faite dans la journée, même petite, et ce qui le montre.',
        'Écrivez ce que vous diriez à une personne chère à votre place, et relisez-le pour vous.',
        'Entraînez-vous une fois à voix haute avec quelqu’un de confiance, puis comparez ce qui se passe vraiment avec ce que vous imaginiez.',
      ],
    },
    organisation: {
      words:
        /\b(procrastin\w*|repousse\w*|remets?|delais?|echeances?|to-do|organis\w*|demain|concentr\w*|motivation|commencer)\b/,
      phrase: 'votre façon d’organiser votre temps',
      suggestions: [
        'Notez tout ce qui vous occupe l’esprit, puis entourez seulement les trois choses qui comptent vraiment cette semaine.',
        'Donnez dix minutes à la plus petite tâche, maintenant : commencer est souvent plus dur que continuer.',
        'Prévoyez ce soir le premier pas de demain, avec une heure et un lieu.',
      ],
    },
    social: {
      words: /\b(amis?|amies?|seule?|personne ici|gens|demenage\w*|nouvelle ville|voisins?|club)\b/,
      phrase: 'votre vie sociale',
      suggestions: [
        'Choisissez une activité régulière où les mêmes personnes se retrouvent chaque semaine, un club, un cours ou du bénévolat, et allez-y deux fois avant de juger.',
        'Envoyez aujourd’hui un message à quelqu’un que vous avez perdu de vue.',
        'Dites oui à la prochaine petite invitation, même pour une heure.',
      ],
    },
  },
  decisionSuggestions: [
    'Notez les trois choses qui comptent le plus pour vous en ce moment (sécurité, évolution, proches, liberté…) et donnez à chaque option une note de 1 à 5 pour chacune.',
    'Imaginez chaque option dans dix jours, dix mois et dix ans, et notez celle que vous regretteriez de ne pas avoir tentée.',
    'Faites un petit test avant de décider : une conversation, une journée d’essai, ou une information qui vous manque.',
    'Fixez une date pour la décision et listez ce que vous devez savoir d’ici là, pour qu’elle cesse de tourner en boucle.',
  ],
  generalSuggestions: [
    'Décrivez en une phrase ce que vous aimeriez voir changer d’ici un mois : c’est votre objectif pour l’instant.',
    'Listez ce qui joue déjà en votre faveur (des personnes, des compétences, du temps), même si cela paraît petit.',
    'Choisissez une toute petite expérience pour les trois prochains jours et notez ce qui change.',
    'Écrivez le premier pas, assez petit pour le faire aujourd’hui, et décidez quand vous le ferez.',
    'Regardez la situation sous un autre angle : qu’est-ce qui changerait si vous la voyiez comme une occasion d’apprendre plutôt que comme un examen.',
  ],
  questionnaireQuotes: [
    'Dans votre questionnaire, sous *{t}*, vous avez écrit « {a} ».',
    'Cela rejoint ce que vous avez écrit sous *{t}* : « {a} ».',
  ],
  questionnaireMentions: [
    'Cela semble rejoindre ce que vous avez écrit sous *{t}* dans votre questionnaire.',
  ],
  steps: {
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
    opening: [
      "Qu'aimeriez-vous explorer aujourd'hui ?",
      "Qu'est-ce qui vous occupe l'esprit en ce moment ?",
      'Par où aimeriez-vous commencer ?',
    ],
    goal: [
      "Qu'aimeriez-vous voir changer ?",
      "Qu'est-ce qui vous semble le plus important là-dedans en ce moment ?",
      'Si les choses se passaient bien à partir de maintenant, à quoi cela ressemblerait-il pour vous ?',
      "Qu'aimeriez-vous retirer de notre échange aujourd'hui ?",
      'Qu’est-ce qui compte le plus pour vous dans tout cela ?',
    ],
    reality: [
      'Comment cela se ressent-il dans vos journées ?',
      "Qu'avez-vous déjà essayé, et qu'avez-vous remarqué ?",
      'Quand l’avez-vous remarqué pour la dernière fois, et que s’est-il passé ?',
      'Qui d’autre fait partie de cette situation ?',
      'Qu’est-ce qui fonctionne déjà, même un peu ?',
    ],
    options: [
      'Quelles possibilités voyez-vous, même celles qui semblent peu probables ?',
      'Que conseilleriez-vous à une personne proche à votre place ?',
      'Quel pourrait être un premier petit pas ?',
      'Qu’essaieriez-vous si vous saviez que cela ne pouvait pas mal tourner ?',
    ],
    will: [
      'Que ferez-vous en premier, et quand ?',
      'Qu’est-ce qui pourrait vous en empêcher, et comment feriez-vous alors ?',
      'À quoi verrez-vous que cela fonctionne ?',
      'Qui pourrait vous soutenir là-dedans ?',
      'Sur une échelle de 1 à 10, où en est votre envie de commencer ?',
    ],
    feeling: [
      'Quand vous remarquez cela, que se passe-t-il autour de vous ?',
      "Qu'est-ce qui pourrait vous alléger, même un peu ?",
      'Où, dans votre vie, le ressentez-vous le plus ?',
      'Que vous dit cela, à votre avis ?',
    ],
    pleasant: [
      'Qu’est-ce qui vous a permis d’y arriver ?',
      'Comment aimeriez-vous marquer ce moment ?',
      'Qu’est-ce que cela vous montre de vous-même ?',
    ],
    questionnaire: [
      'Quel lien voyez-vous avec ce que vous vivez maintenant ?',
      "Qu'est-ce qui a changé depuis que vous avez écrit cela ?",
      'Est-ce encore vrai pour vous aujourd’hui ?',
    ],
    afterIdeas: [
      'Laquelle vous semble la plus faisable cette semaine ?',
      'Laquelle aimeriez-vous essayer en premier, et quand ?',
      'Qu’est-ce qui rendrait le premier pas plus facile pour vous ?',
      'Comment adapteriez-vous l’une d’elles à votre vie ?',
    ],
    attachment: [
      'Que souhaitez-vous que nous regardions dans ce que vous avez partagé ?',
      'Qu’est-ce qui compte le plus pour vous là-dedans en ce moment ?',
    ],
  },
  conjunctions: /^(et|mais|donc|car|parce|puisque|ou|alors)$/,
  attachmentRead: 'J’ai lu {n}. Un passage me frappe : « {p} ».',
  attachmentReadNoPassage: 'J’ai lu {n}.',
  attachmentUnreadable:
    'Je n’ai pas pu lire les fichiers joints pour le moment : dites-moi avec vos mots ce qui compte pour vous dedans.',
  attachmentEmpty: 'Je n’ai trouvé aucun texte lisible dans {n}.',
  imagesUnseen:
    'Je ne peux pas voir les images : dites-moi avec vos mots ce que montre {n} et ce que cela représente pour vous.',
  quotes: ['« ', ' »'],
  stopwords: stopwordSet(
    'alors aussi autre avec avoir cette comme dans depuis encore etre fait faire leur leurs mais meme pour quand quel quelle sans sont tout tous toute tres vous votre plus moins parce cela celui elle elles ils nous toujours jamais aujourd quelque chose choses peut-etre vraiment souvent',
  ),
});
