import path from 'node:path';
import { createUserCrypto, loadOrCreateEventPayloadKeys, loadOrCreateMasterKey } from '@innerview/crypto';
import { ConfigError } from '@innerview/kit';
import { dataKeys } from './db/schema.ts';
import type { QuestionnaireContext, QuestionnaireServiceContext } from './questionnaire-context.ts';

/**
 * The service's keys. With PostgreSQL (replicas, shared with chat) both must be configured; an
 * embedded run keeps generated ones under its data directory; `memory://` (tests) keeps throw-away
 * ones unless given.
 */
export function questionnaireKeys(service: QuestionnaireServiceContext): QuestionnaireContext {
  const { DATABASE_URL, DATA_DIR } = service.config;
  const config = service.config;
  if (DATABASE_URL?.startsWith('postgres')) {
    if (!config.MASTER_KEY)
      throw new ConfigError('Invalid configuration: MASTER_KEY: required with a PostgreSQL DATABASE_URL');
    if (!config.EVENT_PAYLOAD_KEY)
      throw new ConfigError(
        'Invalid configuration: EVENT_PAYLOAD_KEY: required with a PostgreSQL DATABASE_URL',
      );
  }
  const throwAway = DATABASE_URL === 'memory://';
  const masterKeys = loadOrCreateMasterKey({
    value: config.MASTER_KEY,
    previous: config.MASTER_KEYS_PREVIOUS,
    file: throwAway ? undefined : path.join(DATA_DIR, 'questionnaire', 'master.key'),
  });
  const eventPayloadKeys = loadOrCreateEventPayloadKeys({
    value: config.EVENT_PAYLOAD_KEY,
    previous: config.EVENT_PAYLOAD_KEYS_PREVIOUS,
    dataDir: throwAway ? undefined : DATA_DIR,
  });
  return {
    service,
    crypto: createUserCrypto({
      db: service.db,
      table: dataKeys,
      masterKeys,
      now: () => service.clock.now().getTime(),
    }),
    eventPayloadKeys,
  };
}
