import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '@innerview/kit/config';
import { productionSecrets, publishedDevelopmentSecrets, secretFingerprint } from '@innerview/kit/production';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { createGateway } from '../gateway/src/app.ts';
import { gatewaySettingsFromEnv } from '../gateway/src/config.ts';
import { configSchemas, type Env, sampleValues, services } from './service-requirements.ts';

// With NODE_ENV=production every process refuses the development conveniences and any missing or
// published secret, stopping with one line that names the variable (issue 16, item 4).
const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** A complete production environment of `name`, with values no one has published. */
function production(name: keyof typeof configSchemas): Env {
  const env: Env = {
    ...sampleValues,
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u@db:5432/x',
    EVENT_BUS: 'kafka',
    JOBS: 'bullmq',
  };
  if (name === 'billing') Object.assign(env, { PAYMENT_PROVIDER: 'stripe' });
  return env;
}

const declared = (name: keyof typeof configSchemas) => Object.keys(configSchemas[name].shape);
const processes = [...services, 'gateway'] as const;

describe('NODE_ENV=production refuses development conveniences', () => {
  it('billing refuses the local payment provider (its test card buys any plan)', () => {
    expect(() => loadConfig(configSchemas.billing, production('billing'))).not.toThrow();
    expect(() =>
      loadConfig(configSchemas.billing, { ...production('billing'), PAYMENT_PROVIDER: 'local' }),
    ).toThrow(/^Invalid configuration: PAYMENT_PROVIDER: the local provider is for development/);
    // Unset is the local provider too.
    expect(() =>
      loadConfig(configSchemas.billing, { ...production('billing'), PAYMENT_PROVIDER: undefined }),
    ).toThrow(/PAYMENT_PROVIDER/);
    // Development keeps it.
    expect(() =>
      loadConfig(configSchemas.billing, {
        ...production('billing'),
        NODE_ENV: 'development',
        PAYMENT_PROVIDER: 'local',
      }),
    ).not.toThrow();
  });

  it('notifications refuses mail written to files', () => {
    expect(() => loadConfig(configSchemas.notifications, production('notifications'))).not.toThrow();
    for (const env of [{ SMTP_URL: undefined }, { MAIL_TRANSPORT: 'file' }])
      expect(() =>
        loadConfig(configSchemas.notifications, { ...production('notifications'), ...env }),
      ).toThrow(/^Invalid configuration: MAIL_TRANSPORT: file delivery is for development/);
  });

  it('the gateway refuses the development routes (/dev: mailbox, local checkout)', () => {
    const settings = gatewaySettingsFromEnv(production('gateway'));
    expect(settings.options.production).toBe(true);
    const devRoutes = () => {};
    expect(() =>
      createGateway({ ...settings.options, embedded: true, devRoutes, readinessPollMs: 0 }),
    ).toThrow(
      /^Invalid configuration: NODE_ENV: the development routes \(\/dev: mailbox, local checkout\) are refused in production$/,
    );
    expect(
      gatewaySettingsFromEnv({ ...production('gateway'), NODE_ENV: 'development' }).options.production,
    ).toBe(false);
  });
});

describe('NODE_ENV=production refuses missing and published secrets', () => {
  it.each(processes)('%s names each secret it lacks', (name) => {
    expect(() => loadConfig(configSchemas[name], production(name))).not.toThrow();
    const secrets = productionSecrets.filter((s) => declared(name).includes(s));
    if (name !== 'gateway') expect(secrets.length, name).toBeGreaterThan(0);
    for (const secret of secrets) {
      // Production's own rule, or the service's earlier "required with PostgreSQL" one.
      for (const missing of [undefined, ''])
        expect(() => loadConfig(configSchemas[name], { ...production(name), [secret]: missing })).toThrow(
          new RegExp(`^Invalid configuration: ${secret}: (required|must be)`),
        );
      // The embedded mode (PGlite) in development still generates its own; the gateway is always
      // given the signing key (the embedded runner makes one per start).
      if (name !== 'gateway')
        expect(() =>
          loadConfig(configSchemas[name], {
            ...production(name),
            NODE_ENV: 'development',
            DATABASE_URL: undefined,
            [secret]: undefined,
          }),
        ).not.toThrow();
    }
  });

  /** The secret values docker-compose.yml and the dev overlay publish, by variable. */
  const published = (() => {
    const values: Array<[string, string]> = [];
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    for (const service of Object.values(compose.services))
      for (const [key, value] of Object.entries(service.environment ?? {}))
        if ((productionSecrets as readonly string[]).includes(key)) values.push([key, String(value)]);
    const overlay = readFileSync(path.join(root, 'infra/k8s/overlays/dev/kustomization.yaml'), 'utf8');
    for (const doc of parseAllDocuments(overlay))
      for (const generator of (doc.toJS() as { secretGenerator?: Array<{ literals?: string[] }> })
        .secretGenerator ?? [])
        for (const literal of generator.literals ?? []) {
          const [key, ...rest] = literal.split('=');
          if ((productionSecrets as readonly string[]).includes(key!)) values.push([key!, rest.join('=')]);
        }
    return values;
  })();

  it('knows every secret value published in docker-compose.yml and the dev overlay', () => {
    expect(new Set(published.map(([key]) => key))).toEqual(
      new Set([
        'MASTER_KEY',
        'EVENT_PAYLOAD_KEY',
        'INTERNAL_SIGNING_KEY',
        'AUTH_PRIVATE_JWK',
        'VAPID_PRIVATE_KEY',
      ]),
    );
    for (const [key, value] of published) {
      const parsed = key === 'AUTH_PRIVATE_JWK' ? JSON.parse(value) : value;
      expect(publishedDevelopmentSecrets.has(secretFingerprint(parsed)), key).toBe(true);
    }
  });

  it.each(services)('%s refuses each published development secret it reads', (name) => {
    const readable = published.filter(([key]) => declared(name).includes(key));
    for (const [key, value] of readable)
      expect(() => loadConfig(configSchemas[name], { ...production(name), [key]: value })).toThrow(
        `Invalid configuration: ${key}: this is a published development value; production needs its own (see docs/operations.md)`,
      );
  });
});

describe('the real processes stop with one line naming the variable', () => {
  const node = process.execPath;
  const mains: Record<(typeof processes)[number], string> = {
    auth: 'services/auth/src/main.ts',
    billing: 'services/billing/src/main.ts',
    chat: 'services/chat/src/main.ts',
    questionnaire: 'services/questionnaire/src/main.ts',
    files: 'services/files/src/main.ts',
    notifications: 'services/notifications/src/main.ts',
    gateway: 'gateway/src/main.ts',
  };
  // What each would stop on first given the production environment without it.
  const cases: Array<[(typeof processes)[number], Env, RegExp]> = [
    ['billing', { PAYMENT_PROVIDER: 'local' }, /^Invalid configuration: PAYMENT_PROVIDER: /],
    ['notifications', { SMTP_URL: '' }, /^Invalid configuration: MAIL_TRANSPORT: /],
    ['chat', { MASTER_KEY: '' }, /^Invalid configuration: MASTER_KEY: required in production/],
    [
      'questionnaire',
      { MASTER_KEY: 'IU01EJdHHIshnRsYblr3uzHl+rRSWfOtv0KhUbvGtFs=' },
      /^Invalid configuration: MASTER_KEY: this is a published development value/,
    ],
  ];

  it.each(cases)(
    '%s with %o',
    async (name, change, line) => {
      const env = { PATH: process.env.PATH, ...production(name), ...change } as NodeJS.ProcessEnv;
      const result = await run(node, [mains[name]], { cwd: root, env, timeout: 60_000 }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
    },
    90_000,
  );
});

describe('docs/operations.md', () => {
  it('names every variable of every process', () => {
    const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    for (const name of processes)
      for (const key of declared(name)) expect(guide, `${name} ${key}`).toContain(`\`${key}\``);
  });
});
