import { type SingleUseLinkStrings, singleUseLinkMail } from './single-use-link.ts';
import type { LanguageCode } from './types.ts';

const strings: Record<LanguageCode, SingleUseLinkStrings> = {
  en: {
    subject: 'Reset your Innerview password',
    preview: 'Choose a new password for your account.',
    intro:
      'We received a request to reset the password for your Innerview account. You can choose a new one here.',
    action: 'Choose a new password',
    notYou: 'If you didn’t ask for this, you can ignore this email – your password stays the same.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Innerview',
    preview: 'Choisissez un nouveau mot de passe pour votre compte.',
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Innerview. Vous pouvez en choisir un nouveau ici.',
    action: 'Choisir un nouveau mot de passe',
    notYou:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail – votre mot de passe reste inchangé.',
  },
  de: {
    subject: 'Setze dein Innerview-Passwort zurück',
    preview: 'Wähle ein neues Passwort für dein Konto.',
    intro:
      'Wir haben eine Anfrage erhalten, das Passwort deines Innerview-Kontos zurückzusetzen. Hier kannst du ein neues wählen.',
    action: 'Neues Passwort wählen',
    notYou:
      'Falls du das nicht angefordert hast, ignoriere diese E-Mail einfach – dein Passwort bleibt unverändert.',
  },
  it: {
    subject: 'Reimposta la tua password di Innerview',
    preview: 'Scegli una nuova password per il tuo account.',
    intro:
      'Abbiamo ricevuto una richiesta di reimpostare la password del tuo account Innerview. Puoi sceglierne una nuova qui.',
    action: 'Scegli una nuova password',
    notYou:
      'Se non hai fatto tu questa richiesta, ignora pure questa e-mail: la tua password resta invariata.',
  },
  es: {
    subject: 'Restablece tu contraseña de Innerview',
    preview: 'Elige una nueva contraseña para tu cuenta.',
    intro:
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Innerview. Puedes elegir una nueva aquí.',
    action: 'Elegir una nueva contraseña',
    notYou: 'Si no lo has solicitado, puedes ignorar este correo: tu contraseña no cambiará.',
  },
};

/** The reset link after `POST /password-recovery/{email}` (`<APP_URL>/reset-password?token=…`, valid "1 hour"). */
export const renderPasswordReset = singleUseLinkMail(strings);
