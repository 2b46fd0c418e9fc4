import { type SingleUseLinkStrings, singleUseLinkMail } from './single-use-link.ts';
import type { LanguageCode } from './types.ts';

const strings: Record<LanguageCode, SingleUseLinkStrings> = {
  en: {
    subject: 'Welcome to Innerview – please confirm your email address',
    preview: 'One click and your account is ready.',
    intro:
      'Welcome to Innerview. Please confirm your email address so we know it’s really you. Then you can sign in and start your first reflection.',
    action: 'Confirm email address',
    notYou: 'If you didn’t create an Innerview account, you can simply ignore this email.',
  },
  fr: {
    subject: 'Bienvenue sur Innerview – confirmez votre adresse e-mail',
    preview: 'Un clic et votre compte est prêt.',
    intro:
      'Bienvenue sur Innerview. Merci de confirmer votre adresse e-mail afin que nous sachions qu’il s’agit bien de vous. Vous pourrez ensuite vous connecter et commencer votre première réflexion.',
    action: 'Confirmer mon adresse e-mail',
    notYou: 'Si vous n’avez pas créé de compte Innerview, ignorez simplement cet e-mail.',
  },
  de: {
    subject: 'Willkommen bei Innerview – bitte bestätige deine E-Mail-Adresse',
    preview: 'Ein Klick und dein Konto ist bereit.',
    intro:
      'Willkommen bei Innerview. Bitte bestätige deine E-Mail-Adresse, damit wir wissen, dass sie wirklich dir gehört. Danach kannst du dich anmelden und mit deiner ersten Reflexion beginnen.',
    action: 'E-Mail-Adresse bestätigen',
    notYou: 'Falls du kein Innerview-Konto erstellt hast, kannst du diese E-Mail einfach ignorieren.',
  },
  it: {
    subject: 'Ti diamo il benvenuto su Innerview – conferma il tuo indirizzo e-mail',
    preview: 'Un clic e il tuo account è pronto.',
    intro:
      'Ti diamo il benvenuto su Innerview. Conferma il tuo indirizzo e-mail, così sappiamo che sei davvero tu. Poi potrai accedere e iniziare la tua prima riflessione.',
    action: 'Conferma indirizzo e-mail',
    notYou: 'Se non hai creato un account Innerview, puoi semplicemente ignorare questa e-mail.',
  },
  es: {
    subject: 'Te damos la bienvenida a Innerview: confirma tu correo electrónico',
    preview: 'Un clic y tu cuenta estará lista.',
    intro:
      'Te damos la bienvenida a Innerview. Confirma tu dirección de correo electrónico para que sepamos que eres tú. Después podrás iniciar sesión y empezar tu primera reflexión.',
    action: 'Confirmar correo electrónico',
    notYou: 'Si no has creado una cuenta en Innerview, puedes ignorar este correo.',
  },
};

/** The first mail after sign-up: welcome, and confirm the address (`<APP_URL>/auth/verification-success?token=…`). */
export const renderVerification = singleUseLinkMail(strings);
