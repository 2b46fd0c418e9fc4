import { randomBytes } from 'node:crypto';

/**
 * The storage port: opaque bytes under random keys (they are already encrypted when they get
 * here). Adapters: local disk (`local-disk-storage.ts`) and S3-compatible object storage
 * (`s3-storage.ts`); both pass `storage-contract.ts`.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`; `StoredObjectNotFoundError` when there are none. */
  get(key: string): Promise<Buffer>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the storage cannot be reached or written (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class StoredObjectNotFoundError extends Error {
  override name = 'StoredObjectNotFoundError';
  constructor() {
    super('stored object not found');
  }
}

const KEY = /^[0-9a-f]{32}$/;

/** A new random object key: 128 bits, hex; never derived from the file's name or owner. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** Keys are only ever ours: anything else (a path, `..`) is refused before it reaches a disk or bucket. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error('invalid storage key');
}
