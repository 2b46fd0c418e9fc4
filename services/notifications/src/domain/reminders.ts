import type { LanguageCode } from '@innerview/contracts';
import { v5 as uuidv5 } from 'uuid';
import type { PushOutcome } from '../adapters/push/send-push.ts';

/**
 * A reminder is one message that reaches the person once: by push on the devices they allowed, or
 * by e-mail when they have none (docs/product.md#reminders, ADR 59): the trial reminder and goal
 * check-ins (`chat.goal.checkin_due`, ADR 62).
 */
export type ReminderKind = 'trial-ending' | 'goal-checkin';

export type ReminderChannel = 'push' | 'mail';

/** At the event: push when the person has at least one device subscribed, else e-mail. */
export function reminderChannel(devices: number): ReminderChannel {
  return devices > 0 ? 'push' : 'mail';
}

/**
 * After a try on every device: done when one device got it; the e-mail instead when none is left
 * (all gone) or the last try failed too; else try again later (none got it, so none gets it twice).
 */
export function afterPush(outcomes: PushOutcome[], lastTry: boolean): 'sent' | 'mail' | 'retry' {
  if (outcomes.some((o) => o.kind === 'delivered')) return 'sent';
  if (outcomes.every((o) => o.kind === 'gone')) return 'mail';
  return lastTry ? 'mail' : 'retry';
}

/** What the service worker shows: short, in the person's language, never any chat text. */
export interface PushMessage {
  title: string;
  body: string;
  /** The app path the notification opens. */
  url: string;
  /** Same tag, same notification: a newer one replaces it on the device. */
  tag: string;
}

const trialEnding: Record<LanguageCode, { title: string; body: string }> = {
  en: { title: 'Your trial ends in 2 days', body: 'Choose a plan to keep your conversations going.' },
  fr: {
    title: 'Votre essai se termine dans 2 jours',
    body: 'Choisissez un abonnement pour poursuivre vos conversations.',
  },
  de: { title: 'Dein Test endet in 2 Tagen', body: 'Wähle ein Abo, damit deine Chats weitergehen.' },
  it: {
    title: 'La tua prova termina tra 2 giorni',
    body: 'Scegli un piano per continuare le tue chat.',
  },
  es: { title: 'Tu prueba termina en 2 días', body: 'Elige un plan para seguir con tus chats.' },
};

// The goal's title is the person's own words: it stays in the e-mail, never on a lock screen.
const goalCheckin: Record<LanguageCode, { title: string; body: string }> = {
  en: { title: 'Time for a check-in', body: 'How is your goal going? Your coach is ready when you are.' },
  fr: {
    title: 'C’est l’heure de faire le point',
    body: 'Où en est votre objectif ? Votre coach vous attend quand vous voulez.',
  },
  de: {
    title: 'Zeit für einen Check-in',
    body: 'Wie läuft es mit deinem Ziel? Dein Coach ist bereit, wenn du es bist.',
  },
  it: {
    title: 'È il momento di fare il punto',
    body: 'Come va con il tuo obiettivo? Il coach è pronto quando lo sei tu.',
  },
  es: {
    title: 'Es hora de hacer balance',
    body: '¿Cómo va tu objetivo? Tu coach está listo cuando tú lo estés.',
  },
};

export function pushMessageFor(kind: ReminderKind, language: LanguageCode): PushMessage {
  switch (kind) {
    case 'trial-ending':
      return { ...trialEnding[language], url: '/pricing', tag: 'innerview-trial-ending' };
    case 'goal-checkin':
      return { ...goalCheckin[language], url: '/chat', tag: 'innerview-goal-checkin' };
  }
}

const reminderNamespace = '8b1f2c5e-3d47-4a9b-b6e0-71c4d2a9f358';

/** The reminder's id from (event, kind), so an event handled twice names the same reminder. */
export function reminderIdFor(eventId: string, kind: ReminderKind): string {
  return uuidv5(`${eventId}/${kind}`, reminderNamespace);
}
