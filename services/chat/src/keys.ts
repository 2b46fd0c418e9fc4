import {
  createUserCrypto,
  type KeyedService,
  serviceEventPayloadKeys,
  serviceMasterKeys,
} from '@innerview/crypto';
import type { ChatContext, ChatServiceContext } from './chat-context.ts';
import { dataKeys } from './db/schema.ts';

/**
 * The service's keys; with PostgreSQL both are configured (config.ts), the event-payload key being
 * questionnaire's. Apart from app.ts so the operator commands, which have the settings and a
 * database but no running service, derive them without loading the service.
 */
export function chatKeys(
  service: KeyedService & { db: ChatServiceContext['db'] },
): Pick<ChatContext, 'crypto' | 'cryptoIn' | 'eventPayloadKeys'> {
  const masterKeys = serviceMasterKeys(service);
  return {
    crypto: createUserCrypto({ db: service.db, table: dataKeys, masterKeys }),
    // Inside an event handler's transaction the key row must be read and made through that
    // transaction (PGlite has one connection); no cache, so a rolled-back key is never reused.
    cryptoIn: (tx) => createUserCrypto({ db: tx, table: dataKeys, masterKeys, cacheTtlMs: 0 }),
    eventPayloadKeys: serviceEventPayloadKeys(service),
  };
}
