import type { QuestionnaireContent } from './types.ts';

/** Italian (tu, as the rest of the Italian interface; worded without gendered agreements). */
export const it: QuestionnaireContent = {
  intro: [
    {
      title: 'Ti diamo il benvenuto su Innerview',
      paragraphs: [
        'Innerview è uno spazio per fermarti, pensare ad alta voce e guardare la tua vita da nuove prospettive, con un coach IA disponibile ogni volta che ne hai bisogno.',
        'Il tuo coach ti ascolta, ti fa domande e ti aiuta a trovare le tue risposte. Non è una terapia e non fornisce consulenza medica, legale o finanziaria.',
      ],
    },
    {
      title: 'Perché il tuo coach possa conoscerti',
      paragraphs: [
        "Ti invitiamo a un questionario di riflessione in 8 passaggi. Le tue risposte danno al tuo coach un'idea di chi sei, così le chat possono partire dalla tua vita invece che da zero.",
        'Non ci sono risposte giuste o sbagliate. Scrivi quanto vuoi, salta ciò a cui preferisci non rispondere e torna a finire più tardi: ogni risposta viene salvata man mano.',
        'Le tue risposte sono cifrate e usate solo per il tuo coaching. Puoi rileggerle in qualsiasi momento nel tuo profilo.',
      ],
    },
  ],
  steps: [
    {
      title: 'Io oggi',
      description:
        "Un'istantanea di dove ti trovi adesso: che cosa riempie le tue giornate, come stai, che cosa ti passa per la mente.",
      questions: [
        'Come ti descriveresti oggi, in poche frasi?',
        'Che cosa assorbe di più la tua energia e la tua attenzione in questo periodo?',
        'Quali aspetti della tua vita attuale ti riempiono di orgoglio?',
        'Che cosa ti porta qui, e che cosa vorresti ricevere da queste chat?',
      ],
    },
    {
      title: 'Le mie radici',
      description: 'Da dove vieni: i luoghi, le persone e i valori che hanno segnato la tua storia.',
      questions: [
        "Dove hai trascorso l'infanzia, e com'era per te quel luogo?",
        'Chi ha contato di più per te da giovane, e in che modo?',
        'Quali valori della tua educazione porti ancora con te, e quali hai lasciato alle spalle?',
      ],
    },
    {
      title: 'I segni del mio percorso',
      description: 'I momenti, le scelte e le svolte che hanno lasciato un segno sul tuo cammino finora.',
      questions: [
        'Quali momenti o svolte hanno fatto di te la persona che sei oggi?',
        'Quali difficoltà hai attraversato, e che cosa ti hanno insegnato?',
        'Quali scelte ti fa piacere aver fatto?',
        "C'è un capitolo della tua storia a cui ripensi spesso?",
      ],
    },
    {
      title: 'I miei compagni di viaggio',
      description:
        'Le persone che camminano al tuo fianco: famiglia, amici, colleghi e tutte le persone che contano per te.',
      questions: [
        'Chi sono le persone più importanti per te oggi?',
        'A chi ti rivolgi quando hai bisogno di sostegno, e chi si rivolge a te?',
        'Quali relazioni ti danno energia, e quali ti chiedono molto?',
        "C'è una relazione che vorresti coltivare o cambiare?",
      ],
    },
    {
      title: 'Le mie giornate in poche parole',
      description: "Com'è per te una settimana qualunque, al lavoro e non solo.",
      questions: [
        "Com'è una tua giornata o una tua settimana tipo?",
        'Di che cosa ti occupi per lavoro o per studio, e come ti senti al riguardo?',
        'Quali momenti della giornata ti piacciono di più, e quali trovi più faticosi?',
        'Come concili i tuoi impegni con il tempo per te?',
      ],
    },
    {
      title: 'Ciò che mi nutre',
      description: 'Ciò che ti rigenera, ti porta gioia e ti dà forza.',
      questions: [
        'Quali attività, luoghi o persone ti ricaricano le batterie?',
        "Qual è l'ultimo momento in cui hai provato vera serenità o gioia, e che cosa stava succedendo?",
        'Quali tuoi punti di forza o qualità apprezzano gli altri?',
        'Come ti prendi cura di te quando le cose si fanno difficili?',
      ],
    },
    {
      title: 'Sogni e progetti per il domani',
      description: 'Ciò in cui speri, e ciò che vorresti costruire o cambiare.',
      questions: [
        'Come vorresti che fosse la tua vita tra qualche anno?',
        'Quali sogni o progetti ti stanno più a cuore in questo momento?',
        'Che cosa ti trattiene, e che cosa potrebbe aiutarti a fare un primo passo?',
        'Se le nostre chat fossero un vero successo per te, che cosa sarebbe cambiato?',
      ],
    },
    {
      title: 'Ciò che è dentro di me',
      description: 'Il tuo mondo interiore: ciò che conta profondamente per te e ciò che vorresti esplorare.',
      questions: [
        'Quali valori contano di più per te, e come si manifestano nella tua vita?',
        'A che cosa ti ritrovi a pensare nei momenti di quiete?',
        'Che cosa vorresti capire meglio di te?',
        "C'è qualcos'altro che vorresti che il tuo coach sapesse di te?",
      ],
    },
  ],
};
