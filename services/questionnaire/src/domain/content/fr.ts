import type { QuestionnaireContent } from './types.ts';

/** French (vouvoiement, as the rest of the French interface; worded without gendered agreements). */
export const fr: QuestionnaireContent = {
  intro: [
    {
      title: 'Bienvenue sur Innerview',
      paragraphs: [
        'Innerview est un espace pour faire une pause, réfléchir à voix haute et regarder votre vie sous un nouvel angle, avec un coach IA disponible dès que vous en avez besoin.',
        "Votre coach vous écoute, vous pose des questions et vous aide à trouver vos propres réponses. Il ne s'agit pas d'une thérapie, et il ne donne pas de conseils médicaux, juridiques ou financiers.",
      ],
    },
    {
      title: 'Pour que votre coach apprenne à vous connaître',
      paragraphs: [
        'Nous vous invitons à un questionnaire de réflexion en 8 étapes. Vos réponses donnent à votre coach une idée de qui vous êtes, afin que vos échanges partent de votre vie plutôt que de zéro.',
        "Il n'y a pas de bonnes ou de mauvaises réponses. Écrivez autant ou aussi peu que vous le souhaitez, passez ce à quoi vous préférez ne pas répondre et revenez terminer plus tard : chaque réponse est enregistrée au fur et à mesure.",
        'Vos réponses sont chiffrées et servent uniquement à votre coaching. Vous pouvez les relire à tout moment dans votre profil.',
      ],
    },
  ],
  steps: [
    {
      title: "Moi aujourd'hui",
      description:
        "Un instantané de là où vous en êtes : ce qui remplit vos journées, comment vous allez, ce qui vous occupe l'esprit.",
      questions: [
        "Comment vous décririez-vous aujourd'hui, en quelques phrases ?",
        "Qu'est-ce qui mobilise le plus votre énergie et votre attention en ce moment ?",
        "Qu'est-ce qui vous inspire de la fierté dans votre vie actuelle ?",
        "Qu'est-ce qui vous amène ici, et qu'aimeriez-vous que ces échanges vous apportent ?",
      ],
    },
    {
      title: 'Mes racines',
      description: "D'où vous venez : les lieux, les personnes et les valeurs qui ont marqué votre histoire.",
      questions: [
        'Où avez-vous grandi, et comment était-ce pour vous ?',
        'Quelles personnes ont le plus compté pour vous quand vous étiez jeune, et de quelle manière ?',
        "Quelles valeurs de votre éducation portez-vous encore aujourd'hui, et lesquelles avez-vous laissées derrière vous ?",
      ],
    },
    {
      title: 'Les empreintes de mon parcours',
      description:
        "Les moments, les choix et les tournants qui ont laissé leur empreinte sur votre chemin jusqu'ici.",
      questions: [
        "Quels moments ou tournants ont fait de vous la personne que vous êtes aujourd'hui ?",
        'Quelles épreuves avez-vous traversées, et que vous ont-elles appris ?',
        "Quels choix vous réjouissez-vous d'avoir faits ?",
        'Y a-t-il un chapitre de votre histoire auquel vous repensez souvent ?',
      ],
    },
    {
      title: 'Mes compagnons de route',
      description:
        'Les personnes qui cheminent à vos côtés : famille, amis, collègues et toutes celles qui comptent pour vous.',
      questions: [
        "Qui sont les personnes qui comptent le plus pour vous aujourd'hui ?",
        'Vers qui vous tournez-vous quand vous avez besoin de soutien, et qui se tourne vers vous ?',
        "Quelles relations vous donnent de l'énergie, et lesquelles vous demandent beaucoup ?",
        'Y a-t-il une relation que vous aimeriez entretenir davantage ou faire évoluer ?',
      ],
    },
    {
      title: 'Mes journées en quelques mots',
      description: 'À quoi ressemble une semaine ordinaire pour vous, au travail et en dehors.',
      questions: [
        'À quoi ressemble une journée ou une semaine type pour vous ?',
        "Que faites-vous comme travail ou comme études, et qu'en pensez-vous ?",
        'Quels moments de la journée appréciez-vous le plus, et lesquels trouvez-vous les plus difficiles ?',
        'Comment conciliez-vous vos obligations et du temps pour vous ?',
      ],
    },
    {
      title: 'Ce qui me nourrit',
      description: 'Ce qui vous ressource, vous apporte de la joie et vous donne de la force.',
      questions: [
        'Quelles activités, quels lieux ou quelles personnes vous permettent de recharger vos batteries ?',
        'Quel est le dernier moment de vraie sérénité ou de joie que vous avez vécu, et que se passait-il ?',
        'Quelles forces ou qualités les autres apprécient-ils chez vous ?',
        'Comment prenez-vous soin de vous quand les choses deviennent difficiles ?',
      ],
    },
    {
      title: 'Rêves et projets pour demain',
      description: 'Ce que vous espérez, et ce que vous aimeriez construire ou changer.',
      questions: [
        'À quoi aimeriez-vous que votre vie ressemble dans quelques années ?',
        'Quels rêves ou projets vous tiennent le plus à cœur en ce moment ?',
        "Qu'est-ce qui vous retient, et qu'est-ce qui pourrait vous aider à faire un premier pas ?",
        "Si nos échanges étaient une vraie réussite pour vous, qu'est-ce qui aurait changé ?",
      ],
    },
    {
      title: 'Ce qui est en moi',
      description:
        'Votre monde intérieur : ce qui compte profondément pour vous, et ce que vous aimeriez explorer.',
      questions: [
        'Quelles valeurs comptent le plus pour vous, et comment se manifestent-elles dans votre vie ?',
        'À quoi vous surprenez-vous à réfléchir dans les moments calmes ?',
        "Qu'aimeriez-vous mieux comprendre de vous-même ?",
        'Y a-t-il autre chose que vous aimeriez que votre coach sache de vous ?',
      ],
    },
  ],
};
