import { greet } from './common.ts';
import { renderMail } from './layout.ts';
import type { LanguageCode, RenderedMail } from './types.ts';

/**
 * The erasure confirmation (docs/product.md#deleting-an-account): 90 days after the account was deleted everything is erased,
 * and this last mail says so. It goes out as the erasure starts, while the address still exists
 * (ADR 17), hence "is being erased… within a day". No button: there is no account left to open.
 */
export interface AccountErasedParams {
  firstName: string;
  /** The day the account was deleted, formatted for the reader; null if unknown. */
  deletedOn: string | null;
  supportEmail: string;
}

interface Strings {
  subject: string;
  preview: string;
  erasedSince(date: string): string;
  erased: string;
  what: string;
  keys: string;
  last: string;
  welcome(support: string): string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your Innerview account is being permanently erased',
    preview: 'This is the last email you will receive from us.',
    erasedSince: (date) =>
      `You deleted your Innerview account on ${date}. The 90 days during which we kept your data in case you changed your mind are over: we are now permanently erasing your account. Within a day nothing of it will remain.`,
    erased:
      'The 90 days during which we kept your data after you deleted your Innerview account are over: we are now permanently erasing your account. Within a day nothing of it will remain.',
    what: 'This covers your profile, your settings, your conversations with the coach, your questionnaire answers and your files.',
    keys: 'The keys that encrypted your data are destroyed as well, so no copy of it can ever be read again.',
    last: 'This is the last email you will receive from us, and there is nothing you need to do.',
    welcome: (support) =>
      `Thank you for the time you spent with Innerview. You are welcome to create a new account at any time. Questions? Write to us at ${support}.`,
  },
  fr: {
    subject: 'Votre compte Innerview est en cours d’effacement définitif',
    preview: 'Ceci est le dernier e-mail que vous recevrez de notre part.',
    erasedSince: (date) =>
      `Vous avez supprimé votre compte Innerview le ${date}. Les 90 jours pendant lesquels nous avons conservé vos données au cas où vous changeriez d’avis sont écoulés\u00a0: nous effaçons maintenant définitivement votre compte. D’ici un jour, il n’en restera plus rien.`,
    erased:
      'Les 90 jours pendant lesquels nous avons conservé vos données après la suppression de votre compte Innerview sont écoulés\u00a0: nous effaçons maintenant définitivement votre compte. D’ici un jour, il n’en restera plus rien.',
    what: 'Cela comprend votre profil, vos paramètres, vos conversations avec le coach, vos réponses au questionnaire et vos fichiers.',
    keys: 'Les clés qui chiffrent vos données sont également détruites\u00a0: aucune copie ne pourra plus jamais être lue.',
    last: 'Ceci est le dernier e-mail que vous recevrez de notre part, et vous n’avez rien à faire.',
    welcome: (support) =>
      `Merci pour le temps passé avec Innerview. Vous pouvez créer un nouveau compte à tout moment. Une question\u00a0? Écrivez-nous à l’adresse ${support}.`,
  },
  de: {
    subject: 'Dein Innerview-Konto wird endgültig gelöscht',
    preview: 'Dies ist die letzte E-Mail, die du von uns erhältst.',
    erasedSince: (date) =>
      `Du hast dein Innerview-Konto am ${date} gelöscht. Die 90 Tage, in denen wir deine Daten für den Fall aufbewahrt haben, dass du es dir anders überlegst, sind vorbei: Wir löschen dein Konto jetzt endgültig. Innert eines Tages bleibt nichts mehr davon übrig.`,
    erased:
      'Die 90 Tage, in denen wir deine Daten nach dem Löschen deines Innerview-Kontos aufbewahrt haben, sind vorbei: Wir löschen dein Konto jetzt endgültig. Innert eines Tages bleibt nichts mehr davon übrig.',
    what: 'Das umfasst dein Profil, deine Einstellungen, deine Chats mit dem Coach, deine Antworten im Fragebogen und deine Dateien.',
    keys: 'Auch die Schlüssel, mit denen deine Daten verschlüsselt sind, werden vernichtet: Keine Kopie davon kann je wieder gelesen werden.',
    last: 'Dies ist die letzte E-Mail, die du von uns erhältst, und du musst nichts weiter tun.',
    welcome: (support) =>
      `Danke für die Zeit, die du mit Innerview verbracht hast. Du kannst jederzeit ein neues Konto eröffnen. Fragen? Schreib uns an ${support}.`,
  },
  it: {
    subject: 'Il tuo account Innerview viene cancellato definitivamente',
    preview: 'Questa è l’ultima e-mail che riceverai da noi.',
    erasedSince: (date) =>
      `Hai eliminato il tuo account Innerview il ${date}. I 90 giorni durante i quali abbiamo conservato i tuoi dati nel caso avessi cambiato idea sono trascorsi: ora cancelliamo definitivamente il tuo account. Entro un giorno non ne resterà nulla.`,
    erased:
      'I 90 giorni durante i quali abbiamo conservato i tuoi dati dopo l’eliminazione del tuo account Innerview sono trascorsi: ora cancelliamo definitivamente il tuo account. Entro un giorno non ne resterà nulla.',
    what: 'Questo comprende il tuo profilo, le tue impostazioni, le tue chat con il coach, le tue risposte al questionario e i tuoi file.',
    keys: 'Anche le chiavi che cifrano i tuoi dati vengono distrutte: nessuna copia potrà mai più essere letta.',
    last: 'Questa è l’ultima e-mail che riceverai da noi e non devi fare nulla.',
    welcome: (support) =>
      `Grazie per il tempo trascorso con Innerview. Puoi creare un nuovo account in qualsiasi momento. Domande? Scrivici a ${support}.`,
  },
  es: {
    subject: 'Tu cuenta de Innerview se está borrando definitivamente',
    preview: 'Este es el último correo que recibirás de nosotros.',
    erasedSince: (date) =>
      `Eliminaste tu cuenta de Innerview el ${date}. Han pasado los 90 días durante los que guardamos tus datos por si cambiabas de idea: ahora borramos tu cuenta definitivamente. En un día no quedará nada de ella.`,
    erased:
      'Han pasado los 90 días durante los que guardamos tus datos después de que eliminaras tu cuenta de Innerview: ahora borramos tu cuenta definitivamente. En un día no quedará nada de ella.',
    what: 'Esto incluye tu perfil, tus ajustes, tus chats con el coach, tus respuestas al cuestionario y tus archivos.',
    keys: 'También se destruyen las claves que cifran tus datos, así que ninguna copia podrá volver a leerse.',
    last: 'Este es el último correo que recibirás de nosotros y no tienes que hacer nada.',
    welcome: (support) =>
      `Gracias por el tiempo que has pasado con Innerview. Puedes crear una cuenta nueva cuando quieras. ¿Tienes preguntas? Escríbenos a ${support}.`,
  },
};

export function renderAccountErased(language: LanguageCode, params: AccountErasedParams): RenderedMail {
  const s = strings[language];
  return renderMail({
    language,
    subject: s.subject,
    preview: s.preview,
    greeting: greet(language, params.firstName),
    intro: [params.deletedOn ? s.erasedSince(params.deletedOn) : s.erased, s.what, s.keys],
    outro: [s.last, s.welcome(params.supportEmail)],
  });
}
