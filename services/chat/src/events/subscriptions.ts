import { type EventHandlerDefinition, on } from '@innerview/kit';
import { answersChanged, chatAccessChanged, languageChosen, userErased } from '../actions/projections.ts';
import type { ChatContext } from '../chat-context.ts';

/** Every event the chat service consumes, in one place. */
export function subscriptions(chat: ChatContext): EventHandlerDefinition[] {
  return [
    // Who may chat: billing's verdict, stored as it comes (ADR 0066).
    on('billing.chat-access.changed', (event, tx) => chatAccessChanged(chat, event, tx)),
    // The coach's context: the person's language and questionnaire answers.
    on('auth.user.registered', (event, tx) => languageChosen(chat, event, tx)),
    on('auth.settings.changed', (event, tx) => languageChosen(chat, event, tx)),
    on('questionnaire.answers.changed', (event, tx) => answersChanged(chat, event, tx)),
    on('auth.user.erased', (event, tx) => userErased(chat, event, tx)),
  ];
}
