import type { LanguageCode } from './types.ts';

/**
 * Wording shared by every mail. Tone: warm, brief, direct. Forms of address, kept consistent in
 * every mail: German "du" (the coach speaks as a companion; Swiss spelling with "ss", Swiss letter
 * style without comma after the greeting and closing), French "vous", Italian "tu", Spanish "tú".
 * Gendered forms are avoided (it: "ti diamo il benvenuto", es: "te damos la bienvenida").
 */
export interface CommonStrings {
  greeting(firstName: string): string;
  /** When the first name is blank. */
  greetingWithoutName: string;
  /** Shown under the button, followed by the link as text. */
  linkFallback: string;
  validity(duration: string): string;
  signOff: [string, string];
  footer: string;
}

export const common: Record<LanguageCode, CommonStrings> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    greetingWithoutName: 'Hello,',
    linkFallback: "If the button doesn't work, copy this link into your browser:",
    validity: (duration) => `This link is valid for ${duration} and can only be used once.`,
    signOff: ['Warm regards,', 'The Innerview team'],
    footer:
      'Innerview – AI coaching and self-reflection, made in Switzerland. This is a service email about your Innerview account.',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    greetingWithoutName: 'Bonjour,',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    validity: (duration) => `Ce lien est valable ${duration} et ne peut être utilisé qu’une seule fois.`,
    signOff: ['Avec nos meilleures salutations,', 'L’équipe Innerview'],
    footer:
      'Innerview – coaching et réflexion personnelle assistés par IA, conçu en Suisse. Ceci est un e-mail de service concernant votre compte Innerview.',
  },
  de: {
    greeting: (name) => `Hallo ${name}`,
    greetingWithoutName: 'Hallo',
    linkFallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    validity: (duration) => `Der Link ist ${duration} gültig und funktioniert nur einmal.`,
    signOff: ['Herzliche Grüsse', 'Dein Innerview-Team'],
    footer:
      'Innerview – KI-Coaching und Selbstreflexion aus der Schweiz. Dies ist eine Service-E-Mail zu deinem Innerview-Konto.',
  },
  it: {
    greeting: (name) => `Ciao ${name},`,
    greetingWithoutName: 'Ciao,',
    linkFallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    validity: (duration) => `Il link è valido per ${duration} e si può usare una sola volta.`,
    signOff: ['Un caro saluto,', 'Il team di Innerview'],
    footer:
      'Innerview – coaching e autoriflessione con l’IA, dalla Svizzera. Questa è un’e-mail di servizio relativa al tuo account Innerview.',
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    greetingWithoutName: 'Hola:',
    linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    validity: (duration) => `El enlace es válido durante ${duration} y solo puede usarse una vez.`,
    signOff: ['Un saludo cordial,', 'El equipo de Innerview'],
    footer:
      'Innerview – coaching y autorreflexión con IA, desde Suiza. Este es un correo de servicio sobre tu cuenta de Innerview.',
  },
};

/** Control characters and bidirectional overrides: they could fake lines or reorder text. */
const unsafeCharacters = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;
/**
 * A name that a mail client could turn into a link: a dot between two characters (`evil.example`,
 * `10.0.0.1`, also the ideographic and full-width dots that host names accept), a slash, a colon or
 * an at sign. Anyone can sign up with someone else's address, so a "name" is attacker-chosen text in
 * a mail to a stranger: it must never carry a clickable lure. Names such as `J. R.` or `St. John`
 * keep their greeting; a rare real `J.R.` loses it, which is the price of never linking.
 */
const linkLike = /[@:/\\\uff0f\u2044\u2215\uff20\uff1a]|\S[.\u3002\uff0e\uff61\u2024]\S/u;

/** The greeting line; a blank, link-like or over-long name falls back to the nameless greeting. */
export function greet(language: LanguageCode, firstName: string): string {
  const name = firstName.replace(/\s+/g, ' ').replace(unsafeCharacters, '').trim();
  const strings = common[language];
  const usable = name.length > 0 && name.length <= 255 && !linkLike.test(name);
  return usable ? strings.greeting(name) : strings.greetingWithoutName;
}
