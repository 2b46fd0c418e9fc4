import type { EventData, EventEnvelope, EventType } from '@innerview/contracts';
import { createEvent } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';

/** An event about a user, stamped with the service clock. Never put a message's text in one. */
export function chatEvent<T extends EventType>(
  chat: ChatContext,
  type: T,
  userId: string,
  data: EventData<T>,
): EventEnvelope<T> {
  return createEvent(type, userId, data, { occurredAt: chat.service.clock.now().toISOString() });
}
