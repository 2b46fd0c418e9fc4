import { type SingleUseLinkStrings, singleUseLinkMail } from './single-use-link.ts';
import type { LanguageCode } from './types.ts';

const strings: Record<LanguageCode, SingleUseLinkStrings> = {
  en: {
    subject: 'Your new Innerview confirmation link',
    preview: 'Confirm your email address with this new link.',
    intro: 'As requested, here is a new link to confirm your email address.',
    action: 'Confirm email address',
    notYou: 'If you didn’t ask for a new link, you can simply ignore this email.',
  },
  fr: {
    subject: 'Votre nouveau lien de confirmation Innerview',
    preview: 'Confirmez votre adresse e-mail avec ce nouveau lien.',
    intro: 'Comme demandé, voici un nouveau lien pour confirmer votre adresse e-mail.',
    action: 'Confirmer mon adresse e-mail',
    notYou: 'Si vous n’avez pas demandé de nouveau lien, ignorez simplement cet e-mail.',
  },
  de: {
    subject: 'Dein neuer Bestätigungslink für Innerview',
    preview: 'Bestätige deine E-Mail-Adresse mit diesem neuen Link.',
    intro: 'Hier ist wie gewünscht dein neuer Link, um deine E-Mail-Adresse zu bestätigen.',
    action: 'E-Mail-Adresse bestätigen',
    notYou: 'Falls du keinen neuen Link angefordert hast, kannst du diese E-Mail einfach ignorieren.',
  },
  it: {
    subject: 'Il tuo nuovo link di conferma per Innerview',
    preview: 'Conferma il tuo indirizzo e-mail con questo nuovo link.',
    intro: 'Come richiesto, ecco un nuovo link per confermare il tuo indirizzo e-mail.',
    action: 'Conferma indirizzo e-mail',
    notYou: 'Se non hai chiesto un nuovo link, puoi semplicemente ignorare questa e-mail.',
  },
  es: {
    subject: 'Tu nuevo enlace de confirmación de Innerview',
    preview: 'Confirma tu correo electrónico con este nuevo enlace.',
    intro: 'Como pediste, aquí tienes un nuevo enlace para confirmar tu dirección de correo electrónico.',
    action: 'Confirmar correo electrónico',
    notYou: 'Si no has pedido un nuevo enlace, puedes ignorar este correo.',
  },
};

/** A new confirmation link the person asked for (every verification mail after the first). */
export const renderVerificationResend = singleUseLinkMail(strings);
