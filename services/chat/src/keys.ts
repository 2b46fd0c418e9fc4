import path from 'node:path';
import {
  createUserCrypto,
  type KeyRing,
  loadOrCreateEventPayloadKeys,
  loadOrCreateMasterKey,
  type UserCrypto,
} from '@innerview/crypto';
import { ConfigError, type Tx } from '@innerview/kit';
import type { ChatServiceContext } from './chat-context.ts';
import { dataKeys } from './db/schema.ts';

export interface ChatKeys {
  crypto: UserCrypto;
  cryptoIn(tx: Tx): UserCrypto;
  eventPayloadKeys: KeyRing;
}

/** The settings the keys come from (the operator commands have them without a running service). */
type KeySetting =
  | 'DATABASE_URL'
  | 'DATA_DIR'
  | 'MASTER_KEY'
  | 'MASTER_KEYS_PREVIOUS'
  | 'EVENT_PAYLOAD_KEY'
  | 'EVENT_PAYLOAD_KEYS_PREVIOUS';

/**
 * The service's keys. With PostgreSQL (replicas) both must be configured, the event-payload key
 * being the questionnaire service's; an embedded run keeps generated ones under its data directory;
 * `memory://` (tests) keeps throw-away ones unless given.
 */
export function chatKeys(service: {
  config: Pick<ChatServiceContext['config'], KeySetting>;
  db: ChatServiceContext['db'];
}): ChatKeys {
  const config = service.config;
  if (config.DATABASE_URL?.startsWith('postgres')) {
    if (!config.MASTER_KEY)
      throw new ConfigError('Invalid configuration: MASTER_KEY: required with a PostgreSQL DATABASE_URL');
    if (!config.EVENT_PAYLOAD_KEY)
      throw new ConfigError(
        'Invalid configuration: EVENT_PAYLOAD_KEY: required with a PostgreSQL DATABASE_URL',
      );
  }
  const throwAway = config.DATABASE_URL === 'memory://';
  const masterKeys = loadOrCreateMasterKey({
    value: config.MASTER_KEY,
    previous: config.MASTER_KEYS_PREVIOUS,
    file: throwAway ? undefined : path.join(config.DATA_DIR, 'chat', 'master.key'),
  });
  const eventPayloadKeys = loadOrCreateEventPayloadKeys({
    value: config.EVENT_PAYLOAD_KEY,
    previous: config.EVENT_PAYLOAD_KEYS_PREVIOUS,
    dataDir: throwAway ? undefined : config.DATA_DIR,
  });
  return {
    crypto: createUserCrypto({ db: service.db, table: dataKeys, masterKeys }),
    // Inside an event handler's transaction the key row must be read and made through that
    // transaction (PGlite has one connection); no cache, so a rolled-back key is never reused.
    cryptoIn: (tx) => createUserCrypto({ db: tx, table: dataKeys, masterKeys, cacheTtlMs: 0 }),
    eventPayloadKeys,
  };
}
