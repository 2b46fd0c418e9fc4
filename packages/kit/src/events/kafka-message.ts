import { createHash } from 'node:crypto';
import { EventEnvelope } from '@innerview/contracts';

/**
 * What a Kafka message holds for the consumer: an event envelope of the topic's type, or the
 * reason it is none (a poison message, dead-lettered at once, never skipped).
 */
export type Decoded = { event: EventEnvelope } | { problem: string };

/**
 * Decodes a message's value. Only the envelope is checked here (the bus is generic); the payload
 * against its type's schema, and unknown types, are the inbox's (`subscribeHandlers`), which
 * dead-letters them too. The problem text never quotes the message (it may hold personal data).
 */
export function decodeMessage(value: Buffer | null, topicType: string): Decoded {
  if (value === null || value.length === 0) return { problem: 'empty message' };
  let raw: unknown;
  try {
    raw = JSON.parse(value.toString('utf8'));
  } catch {
    return { problem: 'not JSON' };
  }
  const envelope = EventEnvelope.safeParse(raw);
  if (!envelope.success) {
    const fields = [...new Set(envelope.error.issues.map((i) => i.path.join('.') || '(root)'))];
    return { problem: `not an event envelope (${fields.join(', ')})` };
  }
  if (envelope.data.type !== topicType)
    return { problem: `an event of another type on the topic of ${topicType}` };
  return { event: raw as EventEnvelope };
}

export interface MessageSource {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * The envelope a dead letter carries for a message that is not an event: the topic's type, the key
 * as subject, version 0 (no real event has it, so a replay is refused again) and the original text
 * in `data.undecodable`. Its id is derived from the message's place in the log, so the same message
 * dead-lettered twice (after a crash) has one id.
 */
export function standInEnvelope(
  source: MessageSource,
  topicType: string,
  message: { key: Buffer | null; value: Buffer | null; timestamp: string },
): EventEnvelope {
  const hash = createHash('sha256')
    .update(`${source.topic}/${source.partition}/${source.offset}`)
    .digest('hex');
  // A UUID of version 8 (custom) with the RFC variant.
  const id = `${hash.slice(0, 8)}-${hash.slice(8, 12)}-8${hash.slice(13, 16)}-${((Number.parseInt(hash[16]!, 16) & 0x3) | 0x8).toString(16)}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
  const at = Number(message.timestamp);
  return {
    id,
    type: topicType,
    version: 0,
    occurredAt: new Date(Number.isFinite(at) && at > 0 ? at : Date.now()).toISOString(),
    subject: message.key?.toString('utf8') ?? '',
    data: { undecodable: message.value?.toString('utf8') ?? null },
  } as unknown as EventEnvelope;
}
