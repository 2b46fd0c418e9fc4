import type { QuestionnaireContent } from './types.ts';

/** German (Duzen, as the rest of the German interface; Swiss spelling with "ss"). */
export const de: QuestionnaireContent = {
  intro: [
    {
      title: 'Willkommen bei Innerview',
      paragraphs: [
        'Innerview ist ein Raum, um innezuhalten, laut nachzudenken und dein Leben aus neuen Blickwinkeln zu sehen – mit einem KI-Coach, der da ist, wann immer du ihn brauchst.',
        'Dein Coach hört zu, stellt Fragen und hilft dir, deine eigenen Antworten zu finden. Er ist keine Therapie und gibt keine medizinische, rechtliche oder finanzielle Beratung.',
      ],
    },
    {
      title: 'Damit dein Coach dich kennenlernen kann',
      paragraphs: [
        'Wir laden dich zu einem Fragebogen zur Selbstreflexion in 8 Schritten ein. Deine Antworten geben deinem Coach ein Bild davon, wer du bist, damit eure Chats bei deinem Leben ansetzen statt bei null.',
        'Es gibt keine richtigen oder falschen Antworten. Schreib so viel oder so wenig, wie du möchtest, überspring, was du lieber nicht beantworten willst, und mach später weiter: Jede Antwort wird laufend gespeichert.',
        'Deine Antworten werden verschlüsselt und nur für dein Coaching verwendet. Du kannst sie jederzeit in deinem Profil nachlesen.',
      ],
    },
  ],
  steps: [
    {
      title: 'Ich heute',
      description:
        'Eine Momentaufnahme deines Jetzt: was deine Tage füllt, wie es dir geht, was dich beschäftigt.',
      questions: [
        'Wie würdest du dich heute in ein paar Sätzen beschreiben?',
        'Was nimmt im Moment am meisten von deiner Energie und Aufmerksamkeit in Anspruch?',
        'Worauf bist du in deinem jetzigen Leben stolz?',
        'Was führt dich hierher, und was wünschst du dir von diesen Chats?',
      ],
    },
    {
      title: 'Meine Wurzeln',
      description: 'Woher du kommst: die Orte, die Menschen und die Werte, die dich geprägt haben.',
      questions: [
        'Wo bist du aufgewachsen, und wie war es für dich dort?',
        'Wer hat dich in jungen Jahren am meisten geprägt, und wie?',
        'Welche Werte aus deiner Erziehung trägst du heute noch in dir, und welche hast du hinter dir gelassen?',
      ],
    },
    {
      title: 'Die Spuren meines Weges',
      description:
        'Die Momente, Entscheidungen und Wendepunkte, die auf deinem bisherigen Weg Spuren hinterlassen haben.',
      questions: [
        'Welche Momente oder Wendepunkte haben dich zu dem Menschen gemacht, der du heute bist?',
        'Welche Herausforderungen hast du gemeistert, und was haben sie dich gelehrt?',
        'Über welche Entscheidungen bist du froh?',
        'Gibt es ein Kapitel deiner Geschichte, an das du noch oft denkst?',
      ],
    },
    {
      title: 'Meine Weggefährten',
      description:
        'Die Menschen, die dich begleiten: Familie, Freundinnen und Freunde, Kolleginnen und Kollegen und alle, die dir wichtig sind.',
      questions: [
        'Wer sind heute die wichtigsten Menschen in deinem Leben?',
        'An wen wendest du dich, wenn du Unterstützung brauchst, und wer wendet sich an dich?',
        'Welche Beziehungen geben dir Energie, und welche verlangen dir viel ab?',
        'Gibt es eine Beziehung, die du pflegen oder verändern möchtest?',
      ],
    },
    {
      title: 'Meine Tage in wenigen Worten',
      description: 'Wie eine ganz normale Woche bei dir aussieht, bei der Arbeit und darüber hinaus.',
      questions: [
        'Wie sieht ein typischer Tag oder eine typische Woche bei dir aus?',
        'Was machst du beruflich oder in deiner Ausbildung, und wie geht es dir damit?',
        'Welche Momente deines Tages geniesst du am meisten, und welche fallen dir am schwersten?',
        'Wie bringst du deine Pflichten und Zeit für dich selbst unter einen Hut?',
      ],
    },
    {
      title: 'Was mich nährt',
      description: 'Was dir neue Kraft gibt, dir Freude macht und dich stärkt.',
      questions: [
        'Welche Tätigkeiten, Orte oder Menschen laden deine Batterien wieder auf?',
        'Wann hast du dich zuletzt richtig wohl oder glücklich gefühlt, und was war da los?',
        'Welche Stärken oder Eigenschaften schätzen andere an dir?',
        'Wie sorgst du für dich, wenn es schwierig wird?',
      ],
    },
    {
      title: 'Träume und Pläne für morgen',
      description: 'Was du dir erhoffst und was du aufbauen oder verändern möchtest.',
      questions: [
        'Wie soll dein Leben in ein paar Jahren aussehen?',
        'Welche Träume oder Pläne liegen dir gerade besonders am Herzen?',
        'Was hält dich zurück, und was könnte dir helfen, einen ersten Schritt zu machen?',
        'Wenn unsere Chats für dich ein echter Erfolg wären: Was hätte sich dann verändert?',
      ],
    },
    {
      title: 'Was in mir ist',
      description: 'Deine innere Welt: was dir zutiefst wichtig ist und was du erkunden möchtest.',
      questions: [
        'Welche Werte sind dir am wichtigsten, und wie zeigen sie sich in deinem Leben?',
        'Worüber denkst du in stillen Momenten nach?',
        'Was möchtest du über dich selbst besser verstehen?',
        'Gibt es noch etwas, das dein Coach über dich wissen sollte?',
      ],
    },
  ],
};
