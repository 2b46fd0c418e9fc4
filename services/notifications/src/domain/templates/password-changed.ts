import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** The security notice after a password change or reset. */
export interface PasswordChangedParams {
  firstName: string;
  /** When it happened, already formatted for the reader ("21. November 2026 um 12:52"); null if unknown. */
  changedAt: string | null;
  /** `<APP_URL>/auth/password-reset`: where to take the account back if it wasn't them. */
  resetRequestLink: string;
  supportEmail: string;
}

interface Strings {
  subject: string;
  preview: string;
  changedAt(when: string): string;
  changed: string;
  wasYou: string;
  notYou(support: string): string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your Innerview password has been changed',
    preview: 'A quick security notice about your account.',
    changedAt: (when) => `The password for your Innerview account was changed on ${when} (Swiss time).`,
    changed: 'The password for your Innerview account has just been changed.',
    wasYou: 'If that was you, there’s nothing else to do.',
    notYou: (support) =>
      `If it wasn’t you, please reset your password right away and let us know at ${support}.`,
    action: 'Reset password',
  },
  fr: {
    subject: 'Votre mot de passe Innerview a été modifié',
    preview: 'Une information de sécurité concernant votre compte.',
    changedAt: (when) => `Le mot de passe de votre compte Innerview a été modifié le ${when} (heure suisse).`,
    changed: 'Le mot de passe de votre compte Innerview vient d’être modifié.',
    wasYou: 'Si c’était vous, vous n’avez rien d’autre à faire.',
    notYou: (support) =>
      `Si ce n’était pas vous, réinitialisez votre mot de passe sans attendre et prévenez-nous à l’adresse ${support}.`,
    action: 'Réinitialiser le mot de passe',
  },
  de: {
    subject: 'Dein Innerview-Passwort wurde geändert',
    preview: 'Ein kurzer Sicherheitshinweis zu deinem Konto.',
    changedAt: (when) => `Das Passwort deines Innerview-Kontos wurde am ${when} (Schweizer Zeit) geändert.`,
    changed: 'Das Passwort deines Innerview-Kontos wurde soeben geändert.',
    wasYou: 'Warst du das, musst du nichts weiter tun.',
    notYou: (support) =>
      `Warst du es nicht, setze dein Passwort bitte sofort zurück und melde dich bei uns unter ${support}.`,
    action: 'Passwort zurücksetzen',
  },
  it: {
    subject: 'La tua password di Innerview è stata modificata',
    preview: 'Un breve avviso di sicurezza sul tuo account.',
    changedAt: (when) =>
      `La password del tuo account Innerview è stata modificata il ${when} (ora svizzera).`,
    changed: 'La password del tuo account Innerview è appena stata modificata.',
    wasYou: 'Se la modifica l’hai fatta tu, non devi fare nient’altro.',
    notYou: (support) => `Se non l’hai fatta tu, reimposta subito la password e scrivici a ${support}.`,
    action: 'Reimposta la password',
  },
  es: {
    subject: 'Se ha cambiado tu contraseña de Innerview',
    preview: 'Un breve aviso de seguridad sobre tu cuenta.',
    changedAt: (when) => `La contraseña de tu cuenta de Innerview se cambió el ${when} (hora de Suiza).`,
    changed: 'La contraseña de tu cuenta de Innerview se acaba de cambiar.',
    wasYou: 'Si fuiste tú, no tienes que hacer nada más.',
    notYou: (support) => `Si no fuiste tú, restablece tu contraseña cuanto antes y avísanos en ${support}.`,
    action: 'Restablecer contraseña',
  },
};

export const renderPasswordChanged = buttonMail(strings, (s, params: PasswordChangedParams) => ({
  intro: [
    params.changedAt ? s.changedAt(params.changedAt) : s.changed,
    s.wasYou,
    s.notYou(params.supportEmail),
  ],
  url: params.resetRequestLink,
}));
