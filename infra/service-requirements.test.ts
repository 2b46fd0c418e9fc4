import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkStartup,
  postgresStartupRequirements,
  requiredVariables,
  wiringVariables,
} from './service-requirements.ts';

// The deployment tests are only as good as this derivation: if it found nothing, every deployment
// would pass. These pin what the services demand today, read from their own code.
/** A key nobody published: production refuses the development values in the repository. */
const freshKey = () => randomBytes(32).toString('base64');

const distributed = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@db:5432/x',
  EVENT_BUS: 'redis',
  REDIS_URL: 'redis://redis:6379',
};

describe('service requirements derived from the services', () => {
  it('finds the PostgreSQL start-up requirements in the services sources', () => {
    expect(postgresStartupRequirements('auth')).toContain('AUTH_PRIVATE_JWK');
    expect(postgresStartupRequirements('chat')).toEqual(
      expect.arrayContaining(['MASTER_KEY', 'EVENT_PAYLOAD_KEY']),
    );
    expect(postgresStartupRequirements('questionnaire')).toEqual(
      expect.arrayContaining(['MASTER_KEY', 'EVENT_PAYLOAD_KEY']),
    );
    expect(postgresStartupRequirements('files')).toEqual(expect.arrayContaining(['MASTER_KEY']));
  });

  it('names what a service lacks, schema rules and start-up rules alike', async () => {
    await expect(checkStartup('chat', distributed)).rejects.toThrow(/MASTER_KEY: required in production/);
    await expect(checkStartup('chat', { ...distributed, NODE_ENV: 'development' })).rejects.toThrow(
      /_KEY: required with a PostgreSQL DATABASE_URL/,
    );
    const keys = { EVENT_PAYLOAD_KEY: freshKey(), INTERNAL_SIGNING_KEY: freshKey() };
    await expect(checkStartup('notifications', { ...distributed, ...keys, SMTP_URL: '' })).rejects.toThrow(
      /MAIL_TRANSPORT: file delivery is for development/,
    );
    const files = await requiredVariables('files', distributed);
    expect(files).toEqual(expect.arrayContaining(['MASTER_KEY', 'INTERNAL_SIGNING_KEY', 'REDIS_URL']));
    expect(files).not.toContain('OPENAI_API_KEY');
  });

  it('follows the mode a deployment chooses', async () => {
    const development = { ...distributed, NODE_ENV: 'development' };
    expect(await requiredVariables('billing', { ...development, PAYMENT_PROVIDER: 'local' })).not.toContain(
      'STRIPE_SECRET_KEY',
    );
    expect(await requiredVariables('billing', { ...distributed, PAYMENT_PROVIDER: 'stripe' })).toEqual(
      expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']),
    );
    // The embedded mode needs none of the keys: it generates them.
    expect(await requiredVariables('chat', { DATABASE_URL: 'memory://' })).toEqual([]);
  });

  it('checks key formats with the loaders the services use', async () => {
    const keys = {
      ...distributed,
      MASTER_KEY: freshKey(),
      EVENT_PAYLOAD_KEY: freshKey(),
      INTERNAL_SIGNING_KEY: freshKey(),
    };
    await expect(checkStartup('questionnaire', keys)).resolves.toBeUndefined();
    await expect(checkStartup('questionnaire', { ...keys, MASTER_KEY: 'c2hvcnQ=' })).rejects.toThrow(
      /MASTER_KEY/,
    );
    await expect(checkStartup('auth', { ...keys, AUTH_PRIVATE_JWK: '{"kty":"RSA"}' })).rejects.toThrow(
      /AUTH_PRIVATE_JWK/,
    );
  });

  it('lists the internal-call wiring each service reads', () => {
    expect(wiringVariables('auth')).toEqual(
      expect.arrayContaining([
        'INTERNAL_SIGNING_KEY',
        'BILLING_URL',
        'CHAT_URL',
        'FILES_URL',
        'NOTIFICATIONS_URL',
      ]),
    );
    // Files asks chat whether an upload's session is the uploader's (issue 18).
    expect(wiringVariables('files')).toEqual(expect.arrayContaining(['INTERNAL_SIGNING_KEY', 'CHAT_URL']));
    expect(wiringVariables('questionnaire')).toEqual(
      expect.arrayContaining(['MASTER_KEY', 'EVENT_PAYLOAD_KEY']),
    );
  });
});
