import { type EventData, type EventEnvelope, type EventType, parseEvent } from '@innerview/contracts';
import { v7 as uuidv7 } from 'uuid';

export interface CreateEventOptions {
  /** Defaults to a new uuid v7 (time-ordered). */
  id?: string;
  /** ISO-8601 UTC; defaults to now. */
  occurredAt?: string;
  /** Payload schema version; defaults to 1. */
  version?: number;
}

/**
 * Builds an envelope and validates it against the contracts (throws a ZodError when `data` does
 * not match the type's schema), so a malformed event never reaches the outbox.
 */
export function createEvent<T extends EventType>(
  type: T,
  subject: string,
  data: EventData<T>,
  options: CreateEventOptions = {},
): EventEnvelope<T> {
  const envelope = parseEvent({
    id: options.id ?? uuidv7(),
    type,
    version: options.version ?? 1,
    occurredAt: options.occurredAt ?? new Date().toISOString(),
    subject,
    data,
  });
  return envelope as EventEnvelope<T>;
}
