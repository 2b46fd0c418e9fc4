export { type DataKeysTable, dataKeysTable, isKeyDestroyed } from './data-keys-table.ts';
export { DataKeyDestroyedError, DecryptionError, UnknownKeyVersionError } from './errors.ts';
export { loadOrCreateEventPayloadKeys } from './event-payload-key.ts';
export {
  generateKeyText,
  type KeyRing,
  type LoadKeyRingOptions,
  loadOrCreateKeyRing,
  loadOrCreateMasterKey,
  parseKeyRing,
} from './key-ring.ts';
export { openPayload, sealPayload } from './sealed-payload.ts';
export {
  type EncryptingService,
  type KeyedService,
  serviceEventPayloadKeys,
  serviceMasterKeys,
  serviceUserCrypto,
} from './service-keys.ts';
export { createUserCrypto, type UserCrypto, type UserCryptoOptions } from './user-crypto.ts';
