import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@innerview/kit/config';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateEventPayloadKeys } from './event-payload-key.ts';
import { generateKeyText, loadOrCreateMasterKey, parseKeyRing } from './key-ring.ts';

const raw = randomBytes(32);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'iv-crypto-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('parseKeyRing', () => {
  it('reads a bare key as version 1, in either base64 alphabet', () => {
    for (const text of [raw.toString('base64'), raw.toString('base64url')]) {
      const ring = parseKeyRing({ name: 'MASTER_KEY', value: text });
      expect(ring.current.version).toBe(1);
      expect(ring.current.key.equals(raw)).toBe(true);
    }
  });

  it('reads a versioned current key and the previous ones', () => {
    const old = randomBytes(32);
    const ring = parseKeyRing({
      name: 'MASTER_KEY',
      value: `3:${raw.toString('base64')}`,
      previous: ` 1:${old.toString('base64')} , 2:${randomBytes(32).toString('base64')}`,
    });
    expect(ring.current.version).toBe(3);
    expect([...ring.keys.keys()].sort()).toEqual([1, 2, 3]);
    expect(ring.keys.get(1)!.equals(old)).toBe(true);
  });

  it('refuses malformed keys in one line that names the setting and never shows the value', () => {
    const secret = randomBytes(16).toString('base64');
    const cases: Array<[string | undefined, string | undefined, string]> = [
      [secret, undefined, 'Invalid configuration: MASTER_KEY: must be base64 of 32 random bytes'],
      [`${raw.toString('base64')}!`, undefined, 'must be base64 of 32 random bytes'],
      [`0:${raw.toString('base64')}`, undefined, 'the key version must be a whole number from 1'],
      [`x:${raw.toString('base64')}`, undefined, 'the key version must be a whole number from 1'],
      [raw.toString('base64'), raw.toString('base64'), 'MASTER_KEYS_PREVIOUS: each entry must be'],
      [raw.toString('base64'), `1:${randomBytes(32).toString('base64')}`, 'two different keys for version 1'],
    ];
    for (const [value, previous, message] of cases) {
      let error: unknown;
      try {
        parseKeyRing({ name: 'MASTER_KEY', value: value!, previous });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain(secret);
      expect((error as Error).message).not.toContain(raw.toString('base64'));
    }
  });

  it('generates keys in the configuration format', () => {
    const text = generateKeyText(4);
    expect(text).toMatch(/^4:[A-Za-z0-9+/]{43}=$/);
    expect(parseKeyRing({ name: 'K', value: text }).current.version).toBe(4);
  });
});

describe('loadOrCreateMasterKey', () => {
  it('takes the configured value over any file', () => {
    const file = path.join(tempDir(), 'master.key');
    const ring = loadOrCreateMasterKey({ value: raw.toString('base64'), file });
    expect(ring.current.key.equals(raw)).toBe(true);
    expect(() => statSync(file)).toThrow();
  });

  it('creates the embedded key once, 0600, and reads the same key on the next start', () => {
    const file = path.join(tempDir(), 'questionnaire', 'master.key');
    const first = loadOrCreateMasterKey({ file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^1:[A-Za-z0-9+/]{43}=\n$/);
    const second = loadOrCreateMasterKey({ file });
    expect(second.current.key.equals(first.current.key)).toBe(true);
  });

  it('tightens a key file that others can read, and refuses a damaged one', () => {
    const file = path.join(tempDir(), 'master.key');
    writeFileSync(file, `1:${raw.toString('base64')}`);
    chmodSync(file, 0o644);
    expect(loadOrCreateMasterKey({ file }).current.key.equals(raw)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'not a key');
    expect(() => loadOrCreateMasterKey({ file })).toThrow(`MASTER_KEY (file ${file}): must be base64`);
  });

  it('keeps a throw-away key in memory when there is neither value nor file (tests)', () => {
    const a = loadOrCreateMasterKey({});
    const b = loadOrCreateMasterKey({});
    expect(a.current.key.equals(b.current.key)).toBe(false);
  });
});

describe('loadOrCreateEventPayloadKeys', () => {
  it('shares one generated key through <DATA_DIR>/shared/event-payload.key', () => {
    const dataDir = tempDir();
    const producer = loadOrCreateEventPayloadKeys({ dataDir });
    const consumer = loadOrCreateEventPayloadKeys({ dataDir });
    expect(consumer.current.key.equals(producer.current.key)).toBe(true);
    expect(statSync(path.join(dataDir, 'shared', 'event-payload.key')).mode & 0o777).toBe(0o600);
    expect(
      loadOrCreateEventPayloadKeys({ value: `2:${raw.toString('base64')}`, dataDir }).current.version,
    ).toBe(2);
  });
});
