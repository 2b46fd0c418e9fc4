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
  otherCountriesAlternative: 'https://www.iasp.org/resources/Crisis_Centres/',
} as const;

interface Texts {
  opening: Record<SafetyCategory, string>;
  now: string;
  switzerland: string;
  helpline: string;
  youth: string;
  emergency: string;
  police: string;
  europe: string;
  elsewhere: string;
  closing: string;
}

const texts: Record<LanguageCode, Texts> = {
  en: {
    opening: {
      suicidal_thoughts:
        "Thank you for telling me. It sounds like you are carrying something very heavy right now, and you don't have to carry it alone.",
      self_harm:
        'Thank you for telling me. What you are going through matters, and you deserve support and care right now.',
      abuse:
        'Thank you for trusting me with this. No one has the right to hurt you, and what is happening is not your fault.',
      acute_danger: 'What you describe sounds dangerous. Your safety comes first right now.',
    },
    now: "I'm an AI coach and can't help in an emergency, but people can, right now:",
    switzerland: 'In Switzerland',
    helpline: 'anonymous listening, day and night',
    youth: 'for children and young people',
    emergency: 'medical emergency (ambulance)',
    police: 'police',
    europe: 'Anywhere in Europe: **112** (emergency).',
    elsewhere: 'Other countries: find a free, confidential helpline at',
    closing:
      'If you are in immediate danger, please call the emergency number now. I am here to keep talking whenever you want.',
  },
  fr: {
    opening: {
      suicidal_thoughts:
        "Merci de me l'avoir dit. On dirait que vous portez quelque chose de très lourd en ce moment, et vous n'avez pas à le porter seul·e.",
      self_harm:
        'Merci de me le confier. Ce que vous vivez compte, et vous méritez du soutien et de l’attention maintenant.',
      abuse:
        "Merci de me faire confiance. Personne n'a le droit de vous faire du mal, et ce qui se passe n'est pas de votre faute.",
      acute_danger: 'Ce que vous décrivez semble dangereux. Votre sécurité passe avant tout maintenant.',
    },
    now: 'Je suis un coach IA et je ne peux pas aider en cas d’urgence, mais des personnes le peuvent, dès maintenant :',
    switzerland: 'En Suisse',
    helpline: 'écoute anonyme, jour et nuit',
    youth: 'pour les enfants et les jeunes',
    emergency: 'urgence médicale (ambulance)',
    police: 'police',
    europe: 'Partout en Europe : **112** (urgences).',
    elsewhere: 'Autres pays : trouvez une ligne d’écoute gratuite et confidentielle sur',
    closing:
      'Si vous êtes en danger immédiat, appelez le numéro d’urgence maintenant. Je reste là pour continuer à parler quand vous le souhaitez.',
  },
  de: {
    opening: {
      suicidal_thoughts:
        'Danke, dass du mir das sagst. Es klingt, als würdest du gerade etwas sehr Schweres tragen, und du musst es nicht allein tragen.',
      self_harm:
        'Danke, dass du mir das anvertraust. Was du durchmachst, zählt, und du verdienst jetzt Unterstützung und Fürsorge.',
      abuse:
        'Danke für dein Vertrauen. Niemand hat das Recht, dir wehzutun, und was passiert, ist nicht deine Schuld.',
      acute_danger: 'Was du beschreibst, klingt gefährlich. Deine Sicherheit geht jetzt vor.',
    },
    now: 'Ich bin ein KI-Coach und kann in einem Notfall nicht helfen, aber Menschen können es, jetzt sofort:',
    switzerland: 'In der Schweiz',
    helpline: 'anonyme Beratung, Tag und Nacht',
    youth: 'für Kinder und Jugendliche',
    emergency: 'medizinischer Notfall (Sanität)',
    police: 'Polizei',
    europe: 'Überall in Europa: **112** (Notruf).',
    elsewhere: 'Andere Länder: eine kostenlose, vertrauliche Hotline findest du unter',
    closing:
      'Wenn du in unmittelbarer Gefahr bist, ruf bitte jetzt den Notruf an. Ich bin da, wenn du weiterreden möchtest.',
  },
  it: {
    opening: {
      suicidal_thoughts:
        'Grazie di avermelo detto. Sembra che tu stia portando qualcosa di molto pesante in questo momento, e non devi portarlo da solo o da sola.',
      self_harm:
        'Grazie di avermelo confidato. Quello che stai vivendo conta, e meriti sostegno e cura adesso.',
      abuse:
        'Grazie per la tua fiducia. Nessuno ha il diritto di farti del male, e quello che succede non è colpa tua.',
      acute_danger: 'Quello che descrivi sembra pericoloso. La tua sicurezza viene prima di tutto, adesso.',
    },
    now: 'Sono un coach IA e non posso aiutarti in un’emergenza, ma delle persone possono farlo, subito:',
    switzerland: 'In Svizzera',
    helpline: 'ascolto anonimo, giorno e notte',
    youth: 'per bambini e giovani',
    emergency: 'emergenza sanitaria (ambulanza)',
    police: 'polizia',
    europe: 'In tutta Europa: **112** (emergenze).',
    elsewhere: 'Altri paesi: trova una linea d’ascolto gratuita e confidenziale su',
    closing:
      'Se sei in pericolo immediato, chiama subito il numero d’emergenza. Io sono qui per continuare a parlare quando vuoi.',
  },
  es: {
    opening: {
      suicidal_thoughts:
        'Gracias por contármelo. Parece que estás cargando con algo muy pesado ahora mismo, y no tienes que cargarlo solo o sola.',
      self_harm: 'Gracias por confiármelo. Lo que estás viviendo importa, y mereces apoyo y cuidado ahora.',
      abuse:
        'Gracias por confiar en mí. Nadie tiene derecho a hacerte daño, y lo que está pasando no es culpa tuya.',
      acute_danger: 'Lo que describes suena peligroso. Tu seguridad es lo primero ahora mismo.',
    },
    now: 'Soy un coach de IA y no puedo ayudar en una emergencia, pero hay personas que sí pueden, ahora mismo:',
    switzerland: 'En Suiza',
    helpline: 'escucha anónima, día y noche',
    youth: 'para niños y jóvenes',
    emergency: 'emergencia médica (ambulancia)',
    police: 'policía',
    europe: 'En toda Europa: **112** (emergencias).',
    elsewhere: 'Otros países: encuentra una línea de ayuda gratuita y confidencial en',
    closing:
      'Si estás en peligro inmediato, llama ahora al número de emergencias. Aquí sigo para hablar cuando quieras.',
  },
};

/**
 * The calm answer with real resources that a crisis message gets instead of the coach's reply
 * (Markdown, in the person's language). Abuse and acute danger also list the police.
 */
export function crisisReply(category: SafetyCategory, language: LanguageCode): string {
  const t = texts[language];
  const r = crisisResources.switzerland;
  const lines = [
    t.opening[category],
    '',
    t.now,
    '',
    `**${t.switzerland}**`,
    `- **${r.helpline}**: ${r.helplineNames} (${t.helpline})`,
    `- **${r.youth}**: ${r.youthName} (${t.youth})`,
    `- **${r.emergency}**: ${t.emergency}`,
    ...(category === 'abuse' || category === 'acute_danger' ? [`- **${r.police}**: ${t.police}`] : []),
    '',
    t.europe,
    `${t.elsewhere} ${crisisResources.otherCountries}`,
    '',
    t.closing,
  ];
  return lines.join('\n');
}
