import { type EventData, type EventEnvelope, type EventType, parseEvent } from '@innerview/contracts';
import { v7 as uuidv7 } from 'uuid';
import { currentTraceparent } from '../tracing.ts';

export interface CreateEventOptions {
  /** Defaults to a new uuid v7 (time-ordered). */
  id?: string;
  /** ISO-8601 UTC; defaults to now. */
  occurredAt?: string;
  /** Payload schema version; defaults to 1. */
  version?: number;
  /** W3C trace context; defaults to the active span's (the request or event being handled). */
  traceparent?: string;
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
  const traceparent = options.traceparent ?? currentTraceparent();
  const envelope = parseEvent({
    id: options.id ?? uuidv7(),
    type,
    version: options.version ?? 1,
    occurredAt: options.occurredAt ?? new Date().toISOString(),
    subject,
    data,
    // The trace of the request or event that caused this one, when there is one (ADR 44).
    ...(traceparent ? { traceparent } : {}),
  });
  return envelope as EventEnvelope<T>;
}
