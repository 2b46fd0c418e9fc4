import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dockerignore, parseDockerfile } from './docker/dockerfile.ts';
import {
  checkStartup,
  type Env,
  requiredVariables,
  type ServiceName,
  serviceUrlSettings,
  sharedSecrets,
  wiringVariables,
} from './service-requirements.ts';

// No Docker engine runs on the development and CI machines, so `docker compose config` cannot check
// this file: the test reads it as compose would (YAML with merge keys) and checks what we rely on.
const root = path.resolve(import.meta.dirname, '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  read_only?: boolean;
  cap_drop?: string[];
}

const services = ['auth', 'billing', 'chat', 'questionnaire', 'files', 'notifications'] as const;
const infrastructure = ['postgres', 'redis', 'kafka', 'kafka-topics', 'mailpit'];
/** One-shot jobs: they run to completion, so they have no health check. */
const jobs = ['kafka-topics'];

/**
 * A service's environment as compose hands it over when the calling shell sets nothing:
 * `${VAR:-default}` and `${VAR-default}` become the default, `${VAR}` and `$VAR` become empty.
 */
function composeEnv(name: ServiceName | 'gateway'): Env {
  const interpolate = (value: string) =>
    value.replace(/\$\$|\$\{[A-Za-z_]\w*(?::?-([^}]*))?\}|\$[A-Za-z_]\w*/g, (match, fallback?: string) =>
      match === '$$' ? '$' : (fallback ?? ''),
    );
  return Object.fromEntries(
    Object.entries(compose.services[name]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
  );
}

describe('docker-compose.yml', () => {
  it('has the backing services, the six services and the gateway, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...infrastructure, ...services, 'gateway'].sort());
    for (const [name, service] of Object.entries(compose.services)) {
      if (jobs.includes(name)) continue;
      expect(service.healthcheck?.test?.length, `${name} healthcheck`).toBeGreaterThan(0);
    }
  });

  it('builds every service from the one service Dockerfile and the gateway from its own, locked down', () => {
    for (const name of [...services, 'gateway']) {
      const service = compose.services[name]!;
      if (name === 'gateway') expect(service.build?.dockerfile).toBe('infra/docker/gateway.Dockerfile');
      else {
        expect(service.build?.dockerfile).toBe('infra/docker/service.Dockerfile');
        expect(service.build?.args?.SERVICE).toBe(name);
      }
      expect(service.read_only).toBe(true);
      expect(service.cap_drop).toEqual(['ALL']);
      expect(service.healthcheck?.test.join(' ')).toMatch(/\/readyz/);
    }
    expect(existsSync(path.join(root, 'infra/docker/service.Dockerfile'))).toBe(true);
  });

  it('gives each service its own database, Kafka events, BullMQ jobs and its settings', () => {
    for (const name of services) {
      const env = compose.services[name]!.environment!;
      expect(env.DATABASE_URL).toBe(`postgres://innerview:innerview@postgres:5432/${name}`);
      expect(composeEnv(name).EVENT_BUS).toBe('kafka');
      expect(env.KAFKA_BROKERS).toBe('kafka:9092');
      expect(env.JOBS).toBe('bullmq');
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(compose.services[name]!.depends_on?.postgres?.condition).toBe('service_healthy');
      // The topics exist before a service publishes or subscribes.
      expect(compose.services[name]!.depends_on?.['kafka-topics']?.condition).toBe(
        'service_completed_successfully',
      );
    }
    expect(compose.services.notifications!.environment!.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(compose.services.notifications!.depends_on?.mailpit?.condition).toBe('service_healthy');
    expect(JSON.parse(compose.services.auth!.environment!.AUTH_PRIVATE_JWK!)).toMatchObject({ kty: 'OKP' });
  });

  it('creates the six databases when PostgreSQL starts empty', () => {
    const sql = readFileSync(path.join(root, 'infra/docker/postgres/create-databases.sql'), 'utf8');
    for (const name of services) expect(sql).toContain(`CREATE DATABASE ${name};`);
  });

  it('runs Kafka in KRaft mode, without ZooKeeper', () => {
    const env = compose.services.kafka!.environment!;
    expect(env.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(env.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe('1@kafka:9093');
    expect(Object.keys(compose.services)).not.toContain('zookeeper');
  });

  it('publishes the gateway on 8080, pointed at every service, with the front ends built in', () => {
    const gateway = compose.services.gateway!;
    expect(gateway.ports).toEqual(['8080:8080']);
    expect(gateway.build?.dockerfile).toBe('infra/docker/gateway.Dockerfile');
    for (const name of services) {
      expect(gateway.environment![`${name.toUpperCase()}_URL`]).toBe(`http://${name}:3000`);
      expect(gateway.depends_on?.[name]).toBeDefined();
    }
    expect(gateway.environment!.REDIS_URL).toBe('redis://redis:6379');
    expect(gateway.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:8080/readyz');
  });
});

describe("docker-compose.yml against the services' own configuration code", () => {
  it.each([...services, 'gateway' as const])(
    'starts %s configuration-wise with the defaults',
    async (name) => {
      await expect(checkStartup(name, composeEnv(name))).resolves.toBeUndefined();
    },
  );

  it.each(services)('gives %s every variable its schema and start-up checks require', async (name) => {
    const env = composeEnv(name);
    const required = await requiredVariables(name, env);
    // The derivation must see the distributed mode (PostgreSQL, Redis events), or it proves nothing.
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(required).toContain('REDIS_URL');
    const missing = required.filter((key) => !env[key]);
    expect(missing, `${name} lacks`).toEqual([]);
  });

  it.each(services)('wires %s to the shared secrets and the services it calls', (name) => {
    const env = composeEnv(name);
    for (const key of wiringVariables(name)) {
      expect(env[key], `${name} ${key}`).toBeTruthy();
      if (key in serviceUrlSettings) expect(env[key], `${name} ${key}`).toBe(serviceUrlSettings[key]);
    }
  });

  it('gives every service that reads a shared secret the same value of it', () => {
    for (const key of sharedSecrets) {
      const values = new Set(services.map((name) => composeEnv(name)[key]).filter((v) => v !== undefined));
      expect(values.size, `${key} values`).toBe(1);
    }
    // Questionnaire seals the answers it sends chat: the two must hold the same key.
    expect(composeEnv('chat').EVENT_PAYLOAD_KEY).toBe(composeEnv('questionnaire').EVENT_PAYLOAD_KEY);
  });

  it('turns Stripe on only with both keys, refusing a half-configured start', async () => {
    const billing = { ...composeEnv('billing'), PAYMENT_PROVIDER: 'stripe' };
    await expect(checkStartup('billing', billing)).rejects.toThrow(/STRIPE_SECRET_KEY/);
    await expect(
      checkStartup('billing', {
        ...billing,
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
    ).resolves.toBeUndefined();
  });
});

describe('the Dockerfiles, as the rehearsal reads them', () => {
  const read = (file: string) => parseDockerfile(readFileSync(path.join(root, 'infra/docker', file), 'utf8'));

  it.each(['service.Dockerfile', 'gateway.Dockerfile'])(
    '%s installs from every shared package manifest and runs as node',
    (file) => {
      const { stages } = read(file);
      const deps = stages.find((s) => s.name === 'deps')!;
      const copied = deps.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args.split(/\s+/)[0]);
      // A workspace links every package it names: a manifest left out fails `npm ci` in the image.
      for (const dir of readdirSync(path.join(root, 'packages')))
        expect(copied, `packages/${dir}`).toContain(`packages/${dir}/package.json`);
      expect(copied).toContain('scripts/complete-lockfile.mjs');
      const runtime = stages.at(-1)!;
      expect(runtime.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args)).toEqual(['node']);
      expect(runtime.instructions.find((i) => i.keyword === 'CMD')?.args).toBe('["node", "src/main.ts"]');
    },
  );

  it('keeps tests, node_modules and the deployment files out of the build context', () => {
    const ignored = dockerignore(root);
    for (const file of ['node_modules/x', 'services/chat/src/app.test.ts', 'infra/k8s/base', '.git/HEAD'])
      expect(ignored(file), file).toBe(true);
    for (const file of ['services/chat/src/app.ts', 'packages/kit/drizzle', 'scripts/complete-lockfile.mjs'])
      expect(ignored(file), file).toBe(false);
  });
});
