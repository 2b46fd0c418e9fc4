/**
 * What the crypto package throws. Messages name the user or key version at most, never key bytes,
 * plaintext or ciphertext, so they are safe to log.
 */

/** A ciphertext that cannot be opened: tampered with, cut, bound to another user or field, or not ours. */
export class DecryptionError extends Error {
  override readonly name = 'DecryptionError';
}

/**
 * The user's data key was destroyed (erasure): everything encrypted under it is unreadable for good,
 * and nothing new is encrypted for that user.
 */
export class DataKeyDestroyedError extends Error {
  override readonly name = 'DataKeyDestroyedError';
  readonly userId: string;
  constructor(userId: string) {
    super(`the data key of user ${userId} was destroyed; data encrypted under it is unreadable`);
    this.userId = userId;
  }
}

/** A wrapped data key names a master-key version that this process was not given. */
export class UnknownKeyVersionError extends Error {
  override readonly name = 'UnknownKeyVersionError';
  readonly version: number;
  constructor(what: string, version: number) {
    super(`${what} version ${version} is not configured; add it to the previous keys`);
    this.version = version;
  }
}
