import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
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
const infrastructure = ['postgres', 'redis', 'kafka', 'mailpit'];

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
      expect(service.healthcheck?.test?.length, `${name} healthcheck`).toBeGreaterThan(0);
    }
  });

  it('builds every service and the gateway from the one Dockerfile, locked down', () => {
    for (const name of [...services, 'gateway']) {
      const service = compose.services[name]!;
      expect(service.build?.dockerfile).toBe('infra/docker/service.Dockerfile');
      expect(service.build?.args?.SERVICE).toBe(name);
      expect(service.read_only).toBe(true);
      expect(service.cap_drop).toEqual(['ALL']);
      expect(service.healthcheck?.test.join(' ')).toMatch(/\/readyz/);
    }
    expect(existsSync(path.join(root, 'infra/docker/service.Dockerfile'))).toBe(true);
  });

  it('gives each service its own database, Redis events and its settings', () => {
    for (const name of services) {
      const env = compose.services[name]!.environment!;
      expect(env.DATABASE_URL).toBe(`postgres://innerview:innerview@postgres:5432/${name}`);
      expect(env.EVENT_BUS).toMatch(/redis/);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(compose.services[name]!.depends_on?.postgres?.condition).toBe('service_healthy');
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
    expect(gateway.build?.args?.FRONTENDS).toBe('built');
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

describe('infra/docker/service.Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'infra/docker/service.Dockerfile'), 'utf8');

  it('is multi-stage on node:24-slim and runs as the non-root node user', () => {
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:24-slim');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(4);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toContain('CMD ["node", "main.ts"]');
    expect(dockerfile).toContain('npm ci --omit=dev --workspace');
  });

  it('accepts exactly the six services and the gateway', () => {
    expect(dockerfile).toContain('gateway) ws=gateway ;;');
    expect(dockerfile).toContain(`${services.join('|')}) ws="services/\${SERVICE}" ;;`);
  });
});
