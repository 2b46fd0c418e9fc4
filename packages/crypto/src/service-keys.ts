import path from 'node:path';
import type { Queryable } from '@innerview/kit/db';
import type { DataKeysTable } from './data-keys-table.ts';
import { loadOrCreateEventPayloadKeys } from './event-payload-key.ts';
import { type KeyRing, loadOrCreateMasterKey } from './key-ring.ts';
import { createUserCrypto, type UserCrypto } from './user-crypto.ts';

/** What a service's keys are loaded from: its name and the settings of its configuration. */
export interface KeyedService {
  name: string;
  config: {
    DATABASE_URL?: string | undefined;
    DATA_DIR: string;
    MASTER_KEY?: string | undefined;
    MASTER_KEYS_PREVIOUS?: string | undefined;
    EVENT_PAYLOAD_KEY?: string | undefined;
    EVENT_PAYLOAD_KEYS_PREVIOUS?: string | undefined;
  };
}

/**
 * `memory://` (tests) keeps throw-away keys unless given; an embedded run keeps generated ones under
 * its data directory. With PostgreSQL they are configured: the service's config schema requires
 * them (`requiredWithPostgres`), since replicas must share them.
 */
function throwAway(service: KeyedService): boolean {
  return service.config.DATABASE_URL === 'memory://';
}

/** The service's master key ring (wraps per-user data keys): `<DATA_DIR>/<service>/master.key` when generated. */
export function serviceMasterKeys(service: KeyedService): KeyRing {
  const { config } = service;
  return loadOrCreateMasterKey({
    value: config.MASTER_KEY,
    previous: config.MASTER_KEYS_PREVIOUS,
    file: throwAway(service) ? undefined : path.join(config.DATA_DIR, service.name, 'master.key'),
  });
}

/** The event-payload key ring shared by the services (`<DATA_DIR>/shared/event-payload.key` when generated). */
export function serviceEventPayloadKeys(service: KeyedService): KeyRing {
  const { config } = service;
  return loadOrCreateEventPayloadKeys({
    value: config.EVENT_PAYLOAD_KEY,
    previous: config.EVENT_PAYLOAD_KEYS_PREVIOUS,
    dataDir: throwAway(service) ? undefined : config.DATA_DIR,
  });
}

/** A running service as its per-user encryption needs it: its keys' settings, database and clock. */
export interface EncryptingService extends KeyedService {
  db: Queryable;
  clock: { now(): Date };
}

/** The service's per-user encryption: data keys in its `table`, wrapped by its master key ring, on its clock. */
export function serviceUserCrypto(service: EncryptingService, table: DataKeysTable): UserCrypto {
  return createUserCrypto({
    db: service.db,
    table,
    masterKeys: serviceMasterKeys(service),
    now: () => service.clock.now().getTime(),
  });
}
