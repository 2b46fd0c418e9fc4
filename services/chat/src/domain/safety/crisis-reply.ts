import type { LanguageCode } from '@innerview/contracts';
import type { SafetyCategory } from './types.ts';

/** Where to find help, the same in every language; the reply's text around it is translated. */
export const crisisResources = {
  switzerland: {
    helpline: '143',
    helplineNames: 'Die Dargebotene Hand / La Main Tendue / Telefono Amico',
    youth: '147',
    youthName: 'Pro Juventute',
    emergency: '144',
    police: '117',
  },
  europeEmergency: '112',
  otherCountries: 'https://findahelpline.com',
  /** A short list for neighbours and frequent countries; the link covers the rest. */
  elsewhere: {
    de: '0800 111 0 111',
    at: '142',
    fr: '3114',
    it: '02 2327 2327',
    es: '024',
    ukIe: '116 123',
    usCa: '988',
  },
} as const;

/**
 * The two tiers that get a care reply instead of the coach's (docs/safety.md): `acute` is danger
 * now (intent, a plan, means at hand, an attempt under way, someone in danger); `possible` is a
 * signal to ask about (passive wishes to die, hopelessness, farewells, oblique self-harm, control
 * at home).
 */
export type ReferralTier = 'acute' | 'possible';

/** What the care reply is written for; never the person's words. */
export interface SafetyReferral {
  tier: ReferralTier;
  /** What the rules recognised, for a more fitting first sentence; null when only the model saw it. */
  category: SafetyCategory | null;
  language: LanguageCode;
}

interface Texts {
  acuteOpening: Record<SafetyCategory | 'unnamed', string>;
  possibleOpening: Record<'abuse' | 'other', string>;
  /** The direct, gentle question counsellors ask: thoughts of suicide or self-harm, safety now. */
  question: Record<'abuse' | 'other', string>;
  acuteNow: string;
  possibleNow: string;
  switzerland: string;
  helpline: string;
  youth: string;
  emergency: string;
  police: string;
  europe: string;
  elsewhere: (r: typeof crisisResources) => string;
  acuteClosing: string;
  possibleClosing: string;
  checkIn: string;
}

const texts: Record<LanguageCode, Texts> = {
  en: {
    acuteOpening: {
      unnamed:
        'Thank you for writing to me. What you describe sounds serious, and right now your safety matters more than anything else we could talk about.',
      suicidal_thoughts:
        "Thank you for telling me. It sounds like you are carrying something very heavy right now, and you don't have to carry it alone.",
      self_harm:
        'Thank you for telling me. What you are going through matters, and you deserve support and care right now.',
      abuse:
        'Thank you for trusting me with this. No one has the right to hurt you, and what is happening is not your fault.',
      acute_danger: 'What you describe sounds dangerous. Your safety comes first right now.',
    },
    possibleOpening: {
      other: "Thank you for telling me this. It sounds really heavy, and I'm glad you put it into words.",
      abuse:
        'Thank you for trusting me with this. What you describe should not happen to anyone, and it is not your fault.',
    },
    question: {
      other:
        "I'd like to ask you directly, because it matters: are you having thoughts of ending your life or of hurting yourself? And are you safe where you are right now? Whatever the answer is, you can tell me.",
      abuse:
        "I'd like to ask you directly, because it matters: do you feel safe at home right now? Has anyone hurt you or threatened to? Whatever the answer is, you can tell me.",
    },
    acuteNow: "I'm an AI coach, not a person and not an emergency service. Please reach a person now:",
    possibleNow:
      "I'm an AI coach, not a person. If you'd like to talk to someone, people are there for you, day and night:",
    switzerland: 'In Switzerland',
    helpline: 'anonymous listening, day and night',
    youth: 'for children and young people',
    emergency: 'medical emergency (ambulance)',
    police: 'police, if someone is hurting or threatening you',
    europe: 'Anywhere in Europe: **112** (emergency).',
    elsewhere: (r) =>
      `Elsewhere: Germany ${r.elsewhere.de}, Austria ${r.elsewhere.at}, France ${r.elsewhere.fr}, Italy ${r.elsewhere.it}, Spain ${r.elsewhere.es}, UK and Ireland ${r.elsewhere.ukIe}, USA and Canada ${r.elsewhere.usCa}; every other country: ${r.otherCountries}`,
    acuteClosing:
      'If you can, put some distance between you and anything you could hurt yourself with, and stay near someone you trust. I am still here, and you can keep writing to me.',
    possibleClosing: "I'm here, and we can keep talking about what is going on for you.",
    checkIn:
      'Before we go on: how are you now, compared with a little while ago? Are you safe at this moment? If it gets heavier, **143** is there day and night, and **144** or **112** in an emergency.',
  },
  fr: {
    acuteOpening: {
      unnamed:
        "Merci de m'avoir écrit. Ce que vous décrivez semble grave, et en ce moment votre sécurité compte plus que tout ce dont nous pourrions parler.",
      suicidal_thoughts:
        "Merci de me l'avoir dit. On dirait que vous portez quelque chose de très lourd en ce moment, et vous n'avez pas à le porter seul·e.",
      self_harm:
        'Merci de me le confier. Ce que vous vivez compte, et vous méritez du soutien et de l’attention maintenant.',
      abuse:
        "Merci de me faire confiance. Personne n'a le droit de vous faire du mal, et ce qui se passe n'est pas de votre faute.",
      acute_danger: 'Ce que vous décrivez semble dangereux. Votre sécurité passe avant tout maintenant.',
    },
    possibleOpening: {
      other:
        "Merci de me confier cela. Cela semble vraiment lourd, et c'est précieux que vous ayez pu le mettre en mots.",
      abuse:
        "Merci de me faire confiance. Ce que vous décrivez ne devrait arriver à personne, et ce n'est pas de votre faute.",
    },
    question: {
      other:
        "J'aimerais vous poser la question directement, parce qu'elle compte : avez-vous des pensées de mettre fin à votre vie ou de vous faire du mal ? Et êtes-vous en sécurité là où vous êtes, maintenant ? Quelle que soit la réponse, vous pouvez me la dire.",
      abuse:
        "J'aimerais vous poser la question directement, parce qu'elle compte : vous sentez-vous en sécurité chez vous en ce moment ? Quelqu'un vous a-t-il fait du mal ou menacé·e ? Quelle que soit la réponse, vous pouvez me la dire.",
    },
    acuteNow:
      "Je suis un coach IA, pas une personne ni un service d'urgence. S'il vous plaît, joignez quelqu'un maintenant :",
    possibleNow:
      "Je suis un coach IA, pas une personne. Si vous avez envie de parler à quelqu'un, des gens sont là pour vous, jour et nuit :",
    switzerland: 'En Suisse',
    helpline: 'écoute anonyme, jour et nuit',
    youth: 'pour les enfants et les jeunes',
    emergency: 'urgence médicale (ambulance)',
    police: 'police, si quelqu’un vous fait du mal ou vous menace',
    europe: 'Partout en Europe : **112** (urgences).',
    elsewhere: (r) =>
      `Ailleurs : Allemagne ${r.elsewhere.de}, Autriche ${r.elsewhere.at}, France ${r.elsewhere.fr}, Italie ${r.elsewhere.it}, Espagne ${r.elsewhere.es}, Royaume-Uni et Irlande ${r.elsewhere.ukIe}, États-Unis et Canada ${r.elsewhere.usCa} ; tous les autres pays : ${r.otherCountries}`,
    acuteClosing:
      "Si vous le pouvez, éloignez-vous de ce qui pourrait vous blesser et restez près d'une personne de confiance. Je suis toujours là, et vous pouvez continuer à m'écrire.",
    possibleClosing: 'Je suis là, et nous pouvons continuer à parler de ce que vous traversez.',
    checkIn:
      "Avant de continuer : comment allez-vous maintenant, par rapport à tout à l'heure ? Êtes-vous en sécurité en ce moment ? Si cela devient plus lourd, le **143** répond jour et nuit, et le **144** ou le **112** en cas d'urgence.",
  },
  de: {
    acuteOpening: {
      unnamed:
        'Danke, dass du mir schreibst. Was du beschreibst, klingt ernst, und gerade ist deine Sicherheit wichtiger als alles andere, worüber wir reden könnten.',
      suicidal_thoughts:
        'Danke, dass du mir das sagst. Es klingt, als würdest du gerade etwas sehr Schweres tragen, und du musst es nicht allein tragen.',
      self_harm:
        'Danke, dass du mir das anvertraust. Was du durchmachst, zählt, und du verdienst jetzt Unterstützung und Fürsorge.',
      abuse:
        'Danke für dein Vertrauen. Niemand hat das Recht, dir wehzutun, und was passiert, ist nicht deine Schuld.',
      acute_danger: 'Was du beschreibst, klingt gefährlich. Deine Sicherheit geht jetzt vor.',
    },
    possibleOpening: {
      other:
        'Danke, dass du mir das erzählst. Das klingt wirklich schwer, und ich bin froh, dass du es in Worte fasst.',
      abuse:
        'Danke für dein Vertrauen. Was du beschreibst, sollte niemandem passieren, und es ist nicht deine Schuld.',
    },
    question: {
      other:
        'Ich möchte dich direkt fragen, weil es wichtig ist: Hast du Gedanken, dir das Leben zu nehmen oder dich zu verletzen? Und bist du gerade dort, wo du bist, in Sicherheit? Was immer die Antwort ist, du kannst es mir sagen.',
      abuse:
        'Ich möchte dich direkt fragen, weil es wichtig ist: Fühlst du dich zu Hause gerade sicher? Hat dir jemand wehgetan oder dir gedroht? Was immer die Antwort ist, du kannst es mir sagen.',
    },
    acuteNow:
      'Ich bin ein KI-Coach, kein Mensch und kein Notdienst. Bitte wende dich jetzt an einen Menschen:',
    possibleNow:
      'Ich bin ein KI-Coach, kein Mensch. Wenn du mit jemandem reden möchtest, sind Menschen für dich da, Tag und Nacht:',
    switzerland: 'In der Schweiz',
    helpline: 'anonyme Beratung, Tag und Nacht',
    youth: 'für Kinder und Jugendliche',
    emergency: 'medizinischer Notfall (Sanität)',
    police: 'Polizei, wenn dich jemand verletzt oder bedroht',
    europe: 'Überall in Europa: **112** (Notruf).',
    elsewhere: (r) =>
      `Anderswo: Deutschland ${r.elsewhere.de}, Österreich ${r.elsewhere.at}, Frankreich ${r.elsewhere.fr}, Italien ${r.elsewhere.it}, Spanien ${r.elsewhere.es}, Grossbritannien und Irland ${r.elsewhere.ukIe}, USA und Kanada ${r.elsewhere.usCa}; alle anderen Länder: ${r.otherCountries}`,
    acuteClosing:
      'Wenn du kannst, bring Abstand zwischen dich und alles, womit du dich verletzen könntest, und bleib in der Nähe eines Menschen, dem du vertraust. Ich bin weiter da, und du kannst mir weiter schreiben.',
    possibleClosing: 'Ich bin da, und wir können weiter darüber reden, was bei dir los ist.',
    checkIn:
      'Bevor wir weitermachen: Wie geht es dir jetzt, verglichen mit vorhin? Bist du gerade in Sicherheit? Wenn es schwerer wird, ist die **143** Tag und Nacht da, und im Notfall die **144** oder die **112**.',
  },
  it: {
    acuteOpening: {
      unnamed:
        'Grazie di avermi scritto. Quello che descrivi sembra serio, e in questo momento la tua sicurezza conta più di qualsiasi altra cosa di cui potremmo parlare.',
      suicidal_thoughts:
        'Grazie di avermelo detto. Sembra che tu stia portando qualcosa di molto pesante in questo momento, e non devi portarlo da solo o da sola.',
      self_harm:
        'Grazie di avermelo confidato. Quello che stai vivendo conta, e meriti sostegno e cura adesso.',
      abuse:
        'Grazie per la tua fiducia. Nessuno ha il diritto di farti del male, e quello che succede non è colpa tua.',
      acute_danger: 'Quello che descrivi sembra pericoloso. La tua sicurezza viene prima di tutto, adesso.',
    },
    possibleOpening: {
      other:
        "Grazie di avermelo raccontato. Sembra davvero pesante, ed è importante che tu l'abbia messo in parole.",
      abuse:
        'Grazie per la tua fiducia. Quello che descrivi non dovrebbe succedere a nessuno, e non è colpa tua.',
    },
    question: {
      other:
        'Vorrei chiedertelo in modo diretto, perché è importante: hai pensieri di toglierti la vita o di farti del male? E sei al sicuro lì dove sei, adesso? Qualunque sia la risposta, puoi dirmela.',
      abuse:
        'Vorrei chiedertelo in modo diretto, perché è importante: ti senti al sicuro a casa, adesso? Qualcuno ti ha fatto del male o ti ha minacciato? Qualunque sia la risposta, puoi dirmela.',
    },
    acuteNow:
      'Sono un coach IA, non una persona e non un servizio di emergenza. Per favore, contatta subito una persona:',
    possibleNow:
      'Sono un coach IA, non una persona. Se hai voglia di parlare con qualcuno, ci sono persone per te, giorno e notte:',
    switzerland: 'In Svizzera',
    helpline: 'ascolto anonimo, giorno e notte',
    youth: 'per bambini e giovani',
    emergency: 'emergenza sanitaria (ambulanza)',
    police: 'polizia, se qualcuno ti fa del male o ti minaccia',
    europe: 'In tutta Europa: **112** (emergenze).',
    elsewhere: (r) =>
      `Altrove: Germania ${r.elsewhere.de}, Austria ${r.elsewhere.at}, Francia ${r.elsewhere.fr}, Italia ${r.elsewhere.it} (Telefono Amico), Spagna ${r.elsewhere.es}, Regno Unito e Irlanda ${r.elsewhere.ukIe}, Stati Uniti e Canada ${r.elsewhere.usCa}; tutti gli altri paesi: ${r.otherCountries}`,
    acuteClosing:
      'Se puoi, allontanati da ciò con cui potresti farti del male e resta vicino a una persona di cui ti fidi. Io sono ancora qui, e puoi continuare a scrivermi.',
    possibleClosing: 'Sono qui, e possiamo continuare a parlare di quello che stai vivendo.',
    checkIn:
      'Prima di andare avanti: come stai adesso, rispetto a poco fa? Sei al sicuro in questo momento? Se diventa più pesante, il **143** risponde giorno e notte, e in caso di emergenza il **144** o il **112**.',
  },
  es: {
    acuteOpening: {
      unnamed:
        'Gracias por escribirme. Lo que describes suena serio, y ahora mismo tu seguridad importa más que cualquier otra cosa de la que podamos hablar.',
      suicidal_thoughts:
        'Gracias por contármelo. Parece que estás cargando con algo muy pesado ahora mismo, y no tienes que cargarlo solo o sola.',
      self_harm: 'Gracias por confiármelo. Lo que estás viviendo importa, y mereces apoyo y cuidado ahora.',
      abuse:
        'Gracias por confiar en mí. Nadie tiene derecho a hacerte daño, y lo que está pasando no es culpa tuya.',
      acute_danger: 'Lo que describes suena peligroso. Tu seguridad es lo primero ahora mismo.',
    },
    possibleOpening: {
      other: 'Gracias por contarme esto. Suena muy pesado, y me alegra que hayas podido ponerlo en palabras.',
      abuse: 'Gracias por confiar en mí. Lo que describes no debería pasarle a nadie, y no es culpa tuya.',
    },
    question: {
      other:
        'Quiero preguntártelo directamente, porque importa: ¿tienes pensamientos de quitarte la vida o de hacerte daño? ¿Y estás a salvo donde estás ahora mismo? Sea cual sea la respuesta, puedes decírmela.',
      abuse:
        'Quiero preguntártelo directamente, porque importa: ¿te sientes a salvo en casa ahora mismo? ¿Alguien te ha hecho daño o te ha amenazado? Sea cual sea la respuesta, puedes decírmela.',
    },
    acuteNow:
      'Soy un coach de IA, no una persona ni un servicio de emergencias. Por favor, contacta ahora con una persona:',
    possibleNow:
      'Soy un coach de IA, no una persona. Si quieres hablar con alguien, hay personas para ti, de día y de noche:',
    switzerland: 'En Suiza',
    helpline: 'escucha anónima, día y noche',
    youth: 'para niños y jóvenes',
    emergency: 'emergencia médica (ambulancia)',
    police: 'policía, si alguien te hace daño o te amenaza',
    europe: 'En toda Europa: **112** (emergencias).',
    elsewhere: (r) =>
      `En otros lugares: Alemania ${r.elsewhere.de}, Austria ${r.elsewhere.at}, Francia ${r.elsewhere.fr}, Italia ${r.elsewhere.it}, España ${r.elsewhere.es}, Reino Unido e Irlanda ${r.elsewhere.ukIe}, Estados Unidos y Canadá ${r.elsewhere.usCa}; cualquier otro país: ${r.otherCountries}`,
    acuteClosing:
      'Si puedes, pon distancia entre tú y cualquier cosa con la que puedas hacerte daño, y quédate cerca de alguien de confianza. Sigo aquí, y puedes seguir escribiéndome.',
    possibleClosing: 'Estoy aquí, y podemos seguir hablando de lo que te está pasando.',
    checkIn:
      'Antes de seguir: ¿cómo estás ahora, comparado con hace un rato? ¿Estás a salvo en este momento? Si se vuelve más pesado, el **143** atiende de día y de noche, y en una emergencia el **144** o el **112**.',
  },
};

function resourceLines(t: Texts, withPolice: boolean): string[] {
  const r = crisisResources.switzerland;
  return [
    `**${t.switzerland}**`,
    `- **${r.helpline}**: ${r.helplineNames} (${t.helpline})`,
    `- **${r.youth}**: ${r.youthName} (${t.youth})`,
    `- **${r.emergency}**: ${t.emergency}`,
    ...(withPolice ? [`- **${r.police}**: ${t.police}`] : []),
    '',
    t.europe,
    t.elsewhere(crisisResources),
  ];
}

/**
 * The care reply a flagged message gets instead of the coach's (Markdown, in the person's
 * language). It never repeats the person's words. Acute: calm words, then people to reach now
 * (the police too). Possible: warmth, the direct question about suicide, self-harm and safety, and
 * the same resources; the police when the rules recognised violence at home.
 */
export function safetyReply(referral: SafetyReferral): string {
  const t = texts[referral.language];
  if (referral.tier === 'acute')
    return [
      t.acuteOpening[referral.category ?? 'unnamed'],
      '',
      t.acuteNow,
      '',
      ...resourceLines(t, true),
      '',
      t.acuteClosing,
    ].join('\n');
  const about = referral.category === 'abuse' ? 'abuse' : 'other';
  return [
    t.possibleOpening[about],
    '',
    t.question[about],
    '',
    t.possibleNow,
    '',
    ...resourceLines(t, about === 'abuse'),
    '',
    t.possibleClosing,
  ].join('\n');
}

/**
 * The first lines of the reply to the message after a care reply: a gentle check-in on how the
 * person is and whether they are safe, before the conversation goes on.
 */
export function checkInLine(language: LanguageCode): string {
  return texts[language].checkIn;
}

/** The old reply of the rule detector's categories: the acute reply with that opening. */
export function crisisReply(category: SafetyCategory, language: LanguageCode): string {
  return safetyReply({ tier: 'acute', category, language });
}
