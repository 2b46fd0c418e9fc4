import { describe, expect, it } from 'vitest';
import { DecryptionError, UnknownKeyVersionError } from './errors.ts';
import { generateKeyText, parseKeyRing } from './key-ring.ts';
import { openPayload, sealPayload } from './sealed-payload.ts';

const v1 = generateKeyText(1);
const ring = parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: v1 });

describe('sealPayload / openPayload', () => {
  it('round-trips, carries the key version, and shows no plaintext', () => {
    const sealed = sealPayload(ring, '{"answers":["my roots"]}', 'event/user-1');
    expect(sealed).toMatch(/^s1\.1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('roots');
    expect(openPayload(ring, sealed, 'event/user-1')).toBe('{"answers":["my roots"]}');
  });

  it('refuses another context, another key, tampering and malformed input', () => {
    const sealed = sealPayload(ring, 'payload', 'user-1');
    expect(() => openPayload(ring, sealed, 'user-2')).toThrow(DecryptionError);
    const stranger = parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: generateKeyText(1) });
    expect(() => openPayload(stranger, sealed, 'user-1')).toThrow(DecryptionError);
    const parts = sealed.split('.');
    const body = parts[3]!;
    parts[3] = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => openPayload(ring, parts.join('.'), 'user-1')).toThrow(DecryptionError);
    for (const bad of ['', 's1', 's1.x.a.b', `s2${sealed.slice(2)}`, `${sealed}.x`])
      expect(() => openPayload(ring, bad, 'user-1')).toThrow(DecryptionError);
    // The version is authenticated too: relabelling it does not help.
    const relabelled = `s1.2.${sealed.split('.').slice(2).join('.')}`;
    const both = parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: `2:${v1.slice(2)}`, previous: v1 });
    expect(() => openPayload(both, relabelled, 'user-1')).toThrow(DecryptionError);
  });

  it('opens payloads sealed before a key rotation, and names a missing version', () => {
    const old = sealPayload(ring, 'before', 'ctx');
    const rotated = parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: generateKeyText(2), previous: v1 });
    expect(openPayload(rotated, old, 'ctx')).toBe('before');
    expect(sealPayload(rotated, 'after', 'ctx')).toMatch(/^s1\.2\./);
    const retired = parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: generateKeyText(2) });
    expect(() => openPayload(retired, old, 'ctx')).toThrow(UnknownKeyVersionError);
  });
});
