import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from '../config.ts';
import { decodeMessage, standInEnvelope } from './kafka-message.ts';
import {
  describeConnection,
  groupTiming,
  groupTimingFromEnv,
  kafkaClientConfig,
  kafkaConnectionFromEnv,
} from './kafka-settings.ts';
import { resolveTopicSettings } from './kafka-topics.ts';

const quiet = { warn: () => {}, error: () => {} };
const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

function caFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kafka-ca-')), 'ca.pem');
  writeFileSync(file, pem);
  return file;
}

describe('kafka settings from the environment', () => {
  it('builds a plaintext client by default, named after the service', () => {
    const env = loadConfig(baseConfigSchema, { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'k1:9092, k2:9092' });
    const config = kafkaClientConfig(kafkaConnectionFromEnv(env, 'billing'), quiet);
    expect(config).toMatchObject({ clientId: 'billing', brokers: ['k1:9092', 'k2:9092'] });
    expect(config.ssl).toBeUndefined();
    expect(config.sasl).toBeUndefined();
  });

  it('builds TLS with the CA file and SCRAM credentials', () => {
    const env = loadConfig(baseConfigSchema, {
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: 'k1:9093',
      KAFKA_CLIENT_ID: 'billing-eu',
      KAFKA_SSL_CA_FILE: caFile(),
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      KAFKA_SASL_USERNAME: 'billing',
      KAFKA_SASL_PASSWORD: 's3cret-pass',
    });
    const config = kafkaClientConfig(kafkaConnectionFromEnv(env, 'billing'), quiet);
    expect(config.clientId).toBe('billing-eu');
    expect(config.ssl).toEqual({ ca: [pem] });
    expect(config.sasl).toEqual({ mechanism: 'scram-sha-512', username: 'billing', password: 's3cret-pass' });
  });

  it('uses the system CAs with KAFKA_SSL=true alone, and PLAIN and SCRAM-SHA-256 by name', () => {
    const env = loadConfig(baseConfigSchema, {
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: 'k1:9093',
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: 'plain',
      KAFKA_SASL_USERNAME: 'u',
      KAFKA_SASL_PASSWORD: 'p',
    });
    const config = kafkaClientConfig(kafkaConnectionFromEnv(env), quiet);
    expect(config.ssl).toBe(true);
    expect(config.sasl).toMatchObject({ mechanism: 'plain' });
    const scram = loadConfig(baseConfigSchema, {
      KAFKA_SASL_MECHANISM: 'scram-sha-256',
      KAFKA_SASL_USERNAME: 'u',
      KAFKA_SASL_PASSWORD: 'p',
    });
    expect(kafkaConnectionFromEnv(scram).sasl?.mechanism).toBe('scram-sha-256');
  });

  it('refuses half-given SASL settings and an unknown mechanism, naming the variable only', () => {
    const attempt = (env: Record<string, string>) => () =>
      loadConfig(baseConfigSchema, { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'k:9092', ...env });
    expect(attempt({ KAFKA_SASL_MECHANISM: 'scram-sha-256', KAFKA_SASL_PASSWORD: 'hunter2' })).toThrow(
      'Invalid configuration: KAFKA_SASL_USERNAME: required when KAFKA_SASL_MECHANISM is set',
    );
    expect(attempt({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' })).toThrow(
      'Invalid configuration: KAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM is set',
    );
    expect(attempt({ KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'hunter2' })).toThrow(
      /KAFKA_SASL_MECHANISM/,
    );
    let message = '';
    try {
      attempt({ KAFKA_SASL_MECHANISM: 'gssapi', KAFKA_SASL_PASSWORD: 'hunter2' })();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: KAFKA_SASL_MECHANISM: /);
    expect(message).not.toContain('hunter2');
  });

  it('says which CA file cannot be used, without its content', () => {
    expect(() =>
      kafkaConnectionFromEnv({ KAFKA_BROKERS: 'k:9092', KAFKA_SSL_CA_FILE: '/nonexistent/ca.pem' }),
    ).toThrow('KAFKA_SSL_CA_FILE cannot be read: ENOENT');
    const notPem = path.join(mkdtempSync(path.join(tmpdir(), 'kafka-ca-')), 'ca.pem');
    writeFileSync(notPem, 'hello');
    expect(() => kafkaConnectionFromEnv({ KAFKA_BROKERS: 'k:9092', KAFKA_SSL_CA_FILE: notPem })).toThrow(
      'KAFKA_SSL_CA_FILE holds no PEM certificate',
    );
  });

  it('describes a connection for logs without the password', () => {
    const text = describeConnection({
      brokers: ['k1:9093'],
      ssl: { ca: [pem] },
      sasl: { mechanism: 'scram-sha-256', username: 'billing', password: 'hunter2' },
    });
    expect(text).toBe('k1:9093 (tls(own ca), sasl scram-sha-256 as billing)');
    expect(text).not.toContain('hunter2');
  });

  it('never passes the password to the logger: kafkajs lines keep only namespace and message', () => {
    const lines: object[] = [];
    const config = kafkaClientConfig(
      { brokers: ['k:1'], sasl: { mechanism: 'plain', username: 'u', password: 'hunter2' } },
      { warn: (o) => lines.push(o), error: (o) => lines.push(o) },
    );
    const write = config.logCreator!(4)!;
    write({
      namespace: 'Connection',
      level: 1,
      label: 'ERROR',
      log: { timestamp: '', message: 'Connection error', sasl: { password: 'hunter2' } } as never,
    });
    expect(lines).toEqual([{ kafka: 'Connection', detail: 'Connection error' }]);
  });
});

describe('kafka group timing', () => {
  it('defaults to a 30 s session, 60 s rebalance and 3 s heartbeats', () => {
    expect(groupTiming()).toEqual({
      sessionTimeoutMs: 30_000,
      rebalanceTimeoutMs: 60_000,
      heartbeatIntervalMs: 3000,
    });
  });

  it('keeps heartbeats within a third of a shorter session, and reads the environment', () => {
    expect(groupTiming({ sessionTimeoutMs: 6000 })).toEqual({
      sessionTimeoutMs: 6000,
      rebalanceTimeoutMs: 60_000,
      heartbeatIntervalMs: 2000,
    });
    const env = loadConfig(baseConfigSchema, {
      KAFKA_SESSION_TIMEOUT_MS: '45000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '5000',
    });
    expect(groupTiming(groupTimingFromEnv(env))).toMatchObject({
      sessionTimeoutMs: 45_000,
      heartbeatIntervalMs: 5000,
    });
  });

  it('refuses heartbeats too rare for the session', () => {
    expect(() => groupTiming({ sessionTimeoutMs: 6000, heartbeatIntervalMs: 3000 })).toThrow(/third/);
    expect(() =>
      loadConfig(baseConfigSchema, { KAFKA_SESSION_TIMEOUT_MS: '6000', KAFKA_HEARTBEAT_INTERVAL_MS: '5000' }),
    ).toThrow(/^Invalid configuration: KAFKA_HEARTBEAT_INTERVAL_MS: /);
  });
});

describe('kafka topic settings', () => {
  it('takes 3 replicas and min.insync.replicas 2 on a big enough cluster, fewer on a small one', () => {
    expect(resolveTopicSettings({}, 5)).toMatchObject({
      partitions: 8,
      replicationFactor: 3,
      minInsyncReplicas: 2,
    });
    expect(resolveTopicSettings({}, 1)).toMatchObject({ replicationFactor: 1, minInsyncReplicas: 1 });
    expect(() => resolveTopicSettings({ replicationFactor: 3 }, 1)).toThrow(/the cluster has 1/);
    expect(() => resolveTopicSettings({ replicationFactor: 3, minInsyncReplicas: 4 }, 3)).toThrow(
      /min.insync/,
    );
  });
});

describe('kafka message decoding', () => {
  const event = {
    id: '0190a0e0-0000-7000-8000-000000000001',
    type: 'platform.ping',
    version: 1,
    occurredAt: '2026-11-26T10:00:00.000Z',
    subject: 's',
    data: { note: 'x' },
  };

  it('gives the event of its topic type', () => {
    expect(decodeMessage(Buffer.from(JSON.stringify(event)), 'platform.ping')).toEqual({ event });
  });

  it('names the problem of a poison message without quoting it', () => {
    expect(decodeMessage(Buffer.from('{"secret": tru'), 'platform.ping')).toEqual({ problem: 'not JSON' });
    expect(decodeMessage(null, 'platform.ping')).toEqual({ problem: 'empty message' });
    const noEnvelope = decodeMessage(Buffer.from('{"email":"a@b.ch"}'), 'platform.ping');
    expect(noEnvelope).toMatchObject({ problem: expect.stringMatching(/^not an event envelope \(id/) });
    expect(JSON.stringify(noEnvelope)).not.toContain('a@b.ch');
    expect(decodeMessage(Buffer.from(JSON.stringify(event)), 'auth.user.registered')).toEqual({
      problem: 'an event of another type on the topic of auth.user.registered',
    });
  });

  it('stands in for a poison message with one stable id per place in the log', () => {
    const source = { topic: 'innerview.platform.ping', partition: 3, offset: '42' };
    const message = { key: Buffer.from('s1'), value: Buffer.from('garbage'), timestamp: '1795690000000' };
    const a = standInEnvelope(source, 'platform.ping', message);
    expect(a).toMatchObject({
      type: 'platform.ping',
      version: 0,
      subject: 's1',
      data: { undecodable: 'garbage' },
    });
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(standInEnvelope(source, 'platform.ping', message).id).toBe(a.id);
    expect(standInEnvelope({ ...source, offset: '43' }, 'platform.ping', message).id).not.toBe(a.id);
  });
});
