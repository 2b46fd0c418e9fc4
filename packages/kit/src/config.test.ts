import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseConfigSchema,
  ConfigError,
  checkPostgresRequirements,
  isPostgresUrl,
  loadConfig,
  postgresRequirements,
  requiredWithPostgres,
} from './config.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig(baseConfigSchema, {});
    expect(config).toMatchObject({ EVENT_BUS: 'memory', JOBS: 'memory', DATA_DIR: '.data', PORT: 0 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the bad variable in one line and never echoes its value', () => {
    let error: unknown;
    try {
      loadConfig(baseConfigSchema, { PORT: 'eighty', DATABASE_URL: 'mysql://secret@host/db' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration: (PORT|DATABASE_URL): /);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('secret');
  });

  it('rejects an unknown bus kind by name', () => {
    expect(() => loadConfig(baseConfigSchema, { EVENT_BUS: 'rabbit' })).toThrow(
      /^Invalid configuration: EVENT_BUS: /,
    );
  });

  it('requires REDIS_URL for the Redis bus and KAFKA_BROKERS for Kafka', () => {
    expect(() => loadConfig(baseConfigSchema, { EVENT_BUS: 'redis' })).toThrow(
      'Invalid configuration: REDIS_URL: required when EVENT_BUS=redis',
    );
    expect(() => loadConfig(baseConfigSchema, { EVENT_BUS: 'kafka' })).toThrow(
      'Invalid configuration: KAFKA_BROKERS: required when EVENT_BUS=kafka',
    );
  });

  it('moves jobs to BullMQ when Redis is configured', () => {
    const config = loadConfig(baseConfigSchema, { REDIS_URL: 'redis://127.0.0.1:6379', EVENT_BUS: 'redis' });
    expect(config.JOBS).toBe('bullmq');
  });

  it('validates service-specific settings too', () => {
    const schema = baseConfigSchema.extend({ OPENAI_MODEL: z.string().min(1) });
    expect(() => loadConfig(schema, {})).toThrow(/^Invalid configuration: OPENAI_MODEL: /);
    expect(loadConfig(schema, { OPENAI_MODEL: 'gpt' }).OPENAI_MODEL).toBe('gpt');
  });

  it('reads the database pool size as a whole number from 1 up', () => {
    expect(loadConfig(baseConfigSchema, {}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadConfig(baseConfigSchema, { DATABASE_POOL_SIZE: '40' }).DATABASE_POOL_SIZE).toBe(40);
    expect(() => loadConfig(baseConfigSchema, { DATABASE_POOL_SIZE: '0' })).toThrow(
      /^Invalid configuration: DATABASE_POOL_SIZE: /,
    );
    expect(() => loadConfig(baseConfigSchema, { DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('settings required with PostgreSQL', () => {
  const schema = requiredWithPostgres(
    baseConfigSchema.extend({ MASTER_KEY: z.string().optional(), EVENT_PAYLOAD_KEY: z.string().optional() }),
    ['MASTER_KEY', 'EVENT_PAYLOAD_KEY'],
  );

  it('tells PostgreSQL from PGlite and memory', () => {
    expect(isPostgresUrl('postgres://db/innerview')).toBe(true);
    expect(isPostgresUrl('postgresql://db/innerview')).toBe(true);
    expect(isPostgresUrl('pglite://.data')).toBe(false);
    expect(isPostgresUrl('memory://')).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });

  const check = (env: Record<string, string>) => () =>
    checkPostgresRequirements(schema, loadConfig(schema, env));

  it('refuses a PostgreSQL start without them, naming the first in one line', () => {
    expect(check({ DATABASE_URL: 'postgres://db/innerview' })).toThrow(
      new ConfigError('Invalid configuration: MASTER_KEY: required with a PostgreSQL DATABASE_URL'),
    );
    expect(check({ DATABASE_URL: 'postgres://db/innerview', MASTER_KEY: 'k' })).toThrow(
      'Invalid configuration: EVENT_PAYLOAD_KEY: required with a PostgreSQL DATABASE_URL',
    );
    expect(
      check({ DATABASE_URL: 'postgres://db/innerview', MASTER_KEY: 'k', EVENT_PAYLOAD_KEY: 'e' }),
    ).not.toThrow();
    expect(postgresRequirements(schema)).toEqual(['MASTER_KEY', 'EVENT_PAYLOAD_KEY']);
  });

  it('lets the embedded and test runs generate them', () => {
    expect(check({ DATABASE_URL: 'memory://' })).not.toThrow();
    expect(check({})).not.toThrow();
  });
});
