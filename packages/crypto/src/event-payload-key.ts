import path from 'node:path';
import { type KeyRing, loadOrCreateKeyRing } from './key-ring.ts';

/**
 * The key ring that seals event payloads a producer and its consumers share (e.g. the answers in
 * `questionnaire.answers.changed`): `EVENT_PAYLOAD_KEY` (+ `EVENT_PAYLOAD_KEYS_PREVIOUS`), the same
 * value on every service that seals or opens them. An embedded run, where all services share one
 * data directory, generates it into `<DATA_DIR>/shared/event-payload.key` (0600) on first start;
 * without a value or a data directory it lives as long as the process (tests).
 */
export function loadOrCreateEventPayloadKeys(options: {
  value?: string;
  previous?: string;
  dataDir?: string;
}): KeyRing {
  return loadOrCreateKeyRing({
    name: 'EVENT_PAYLOAD_KEY',
    value: options.value,
    previous: options.previous,
    file: options.dataDir ? path.join(options.dataDir, 'shared', 'event-payload.key') : undefined,
  });
}
