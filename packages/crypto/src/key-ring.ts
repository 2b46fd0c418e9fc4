import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@innerview/kit/config';
import { KEY_BYTES } from './aes-gcm.ts';
import { UnknownKeyVersionError } from './errors.ts';

/**
 * A set of 256-bit keys by version: `current` encrypts (or wraps), every listed version decrypts.
 * Rotation = a new current version while the old one stays listed until nothing needs it.
 */
export interface KeyRing {
  readonly current: { readonly version: number; readonly key: Buffer };
  /** Every usable key by version, the current one included. */
  readonly keys: ReadonlyMap<number, Buffer>;
  /** Which setting the ring comes from, for error messages (e.g. `MASTER_KEY`). */
  readonly name: string;
}

export interface KeyRingSource {
  /** The setting's name, used in error messages (never its value). */
  name: string;
  /** The current key: `[<version>:]<base64 of 32 bytes>`; version 1 when not given. */
  value?: string;
  /** Older keys still needed to read existing data: `<version>:<base64>` entries, comma separated. */
  previous?: string;
  /** The name of the `previous` setting in messages; defaults to `<name>S_PREVIOUS`. */
  previousName?: string;
  /** Where `value` came from, in messages; defaults to `name`. */
  valueLabel?: string;
}

const MAX_VERSION = 1_000_000;

function parseKey(name: string, entry: string, versionRequired: boolean): { version: number; key: Buffer } {
  const text = entry.trim();
  const colon = text.indexOf(':');
  if (colon < 0 && versionRequired)
    throw new ConfigError(`Invalid configuration: ${name}: each entry must be "<version>:<base64 key>"`);
  const versionText = colon < 0 ? '1' : text.slice(0, colon);
  const keyText = colon < 0 ? text : text.slice(colon + 1);
  const version = Number(versionText);
  if (!/^\d+$/.test(versionText) || version < 1 || version > MAX_VERSION)
    throw new ConfigError(`Invalid configuration: ${name}: the key version must be a whole number from 1`);
  // Both alphabets are accepted (openssl rand -base64 32 gives the standard one).
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(keyText))
    throw new ConfigError(`Invalid configuration: ${name}: must be base64 of ${KEY_BYTES} random bytes`);
  const key = Buffer.from(keyText.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (key.length !== KEY_BYTES)
    throw new ConfigError(`Invalid configuration: ${name}: must be base64 of ${KEY_BYTES} random bytes`);
  return { version, key };
}

/** Parses the configured keys; a ConfigError (one line, no key material) on anything malformed. */
export function parseKeyRing(source: KeyRingSource & { value: string }): KeyRing {
  const current = parseKey(source.valueLabel ?? source.name, source.value, false);
  const keys = new Map<number, Buffer>([[current.version, current.key]]);
  const previousName = source.previousName ?? `${source.name}S_PREVIOUS`;
  for (const entry of (source.previous ?? '').split(',').filter((e) => e.trim() !== '')) {
    const old = parseKey(previousName, entry, true);
    const known = keys.get(old.version);
    if (known && !known.equals(old.key))
      throw new ConfigError(
        `Invalid configuration: ${previousName}: two different keys for version ${old.version}`,
      );
    keys.set(old.version, old.key);
  }
  return { current, keys, name: source.name };
}

/** A fresh key in the configuration format, e.g. for an operator: `2:<base64>`. */
export function generateKeyText(version = 1): string {
  return `${version}:${randomBytes(KEY_BYTES).toString('base64')}`;
}

export interface LoadKeyRingOptions extends KeyRingSource {
  /**
   * Without `value`: the file an embedded run keeps its generated key in (created 0600 on first
   * start, read afterwards). Without either, the key lives as long as the process (tests).
   */
  file?: string;
}

/**
 * The configured key ring; or, in an embedded run, the key generated on first start and kept in
 * `file` (0600), so data stays readable across restarts.
 */
export function loadOrCreateKeyRing(options: LoadKeyRingOptions): KeyRing {
  if (options.value?.trim()) return parseKeyRing({ ...options, value: options.value });
  if (!options.file) return parseKeyRing({ ...options, value: generateKeyText() });
  const { file } = options;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fromFile = () => {
    // A key readable by others is tightened rather than refused: the embedded mode must just start.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return parseKeyRing({
      ...options,
      valueLabel: `${options.name} (file ${file})`,
      value: readFileSync(file, 'utf8'),
    });
  };
  try {
    return fromFile();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    // `wx`: when two processes race on first start, one writes and the other reads the winner's key.
    writeFileSync(file, `${generateKeyText()}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fromFile();
}

/**
 * The master key that wraps the per-user data keys: `MASTER_KEY` (and `MASTER_KEYS_PREVIOUS`
 * during a rotation), or in an embedded run `<DATA_DIR>/<service>/master.key`.
 */
export function loadOrCreateMasterKey(options: {
  value?: string;
  previous?: string;
  file?: string;
}): KeyRing {
  return loadOrCreateKeyRing({ name: 'MASTER_KEY', ...options });
}

export function keyOfVersion(ring: KeyRing, version: number): Buffer {
  const key = ring.keys.get(version);
  if (!key) throw new UnknownKeyVersionError(ring.name, version);
  return key;
}
