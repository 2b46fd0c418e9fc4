import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@innerview/kit/config';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import {
  checkStartup,
  configSchemas,
  type Env,
  requiredVariables,
  sampleValues,
  serviceUrlSettings,
  sharedSecrets,
  wiringVariables,
} from '../service-requirements.ts';

const here = import.meta.dirname;
const scrapeConfig = parse(
  readFileSync(path.join(here, '..', 'observability', 'prometheus-scrape.yml'), 'utf8'),
);
const processes = ['auth', 'billing', 'chat', 'questionnaire', 'files', 'notifications', 'gateway'];
const services = processes.filter((p) => p !== 'gateway');

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are checked field by field below.
type Manifest = { kind: string; metadata: { name: string; namespace?: string }; spec?: any; data?: any };

/** Renders an overlay with `kubectl kustomize`, or a standalone `kustomize build`. */
function render(overlay: string): Manifest[] {
  const dir = path.join(here, 'overlays', overlay);
  const attempts: Array<[string, string[]]> = [
    ['kubectl', ['kustomize', dir]],
    ['kustomize', ['build', dir]],
  ];
  const missing: string[] = [];
  for (const [command, args] of attempts) {
    try {
      const out = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return parseAllDocuments(out).map((doc) => doc.toJS() as Manifest);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        missing.push(command);
        continue;
      }
      throw new Error(`${command} ${args.join(' ')} failed:\n${(err as { stderr?: string }).stderr ?? err}`);
    }
  }
  throw new Error(
    `Rendering infra/k8s needs kubectl (which includes kustomize) or kustomize on the PATH; found neither (${missing.join(', ')}).`,
  );
}

type Labels = Record<string, string>;
type Peer = { namespaceSelector?: { matchLabels?: Labels }; podSelector?: { matchLabels?: Labels } };

const matches = (selector: { matchLabels?: Labels } | undefined, labels: Labels) =>
  Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);

/**
 * Whether a NetworkPolicy peer lets in a pod of another namespace (Prometheus's): a peer without
 * a namespaceSelector only admits pods of the policy's own namespace.
 */
function peerAdmits(peer: Peer, from: { namespace: Labels; pod: Labels }): boolean {
  if (!peer.namespaceSelector) return false;
  return matches(peer.namespaceSelector, from.namespace) && matches(peer.podSelector, from.pod);
}

const find = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name);

interface SecretRef {
  name: string;
  key: string;
  optional?: boolean;
}
type EnvEntry = { name: string; value?: string; valueFrom?: { secretKeyRef?: SecretRef } };

/** A generated name without kustomize's content-hash suffix (`chat-secrets-5f7b…` → `chat-secrets`). */
const baseName = (name: string) => name.replace(/-[a-z0-9]{10}$/, '');

/** The development secrets' values, by base Secret name and key. */
const devSecretValues = (() => {
  const values = new Map<string, string>();
  for (const secret of render('dev').filter((m) => m.kind === 'Secret'))
    for (const [key, encoded] of Object.entries((secret.data ?? {}) as Record<string, string>))
      values.set(`${baseName(secret.metadata.name)}/${key}`, Buffer.from(encoded, 'base64').toString('utf8'));
  return values;
})();

/**
 * What a process's container gets: its ConfigMap (envFrom), literal values, and secret references.
 * `env` holds what is certain to be there (optional references left out), secrets filled with the
 * dev overlay's value of the same key (in prod: a sample, as production refuses published values).
 */
function containerEnv(manifests: Manifest[], name: string) {
  const container = find(manifests, 'Deployment', name)!.spec.template.spec.containers[0];
  const production = manifests.some((m) => m.kind === 'Namespace' && m.metadata.name === 'innerview');
  const env: Env = {};
  for (const from of container.envFrom ?? [])
    Object.assign(env, find(manifests, 'ConfigMap', from.configMapRef.name)?.data ?? {});
  const refs: Record<string, SecretRef> = {};
  for (const entry of (container.env ?? []) as EnvEntry[]) {
    const ref = entry.valueFrom?.secretKeyRef;
    if (!ref) {
      env[entry.name] = entry.value;
      continue;
    }
    refs[entry.name] = ref;
    // Production refuses the published development values: there, samples stand for its secrets.
    if (!ref.optional)
      env[entry.name] = production
        ? sampleValues[entry.name]
        : (devSecretValues.get(`${baseName(ref.name)}/${ref.key}`) ?? sampleValues[entry.name]);
  }
  return { env, refs };
}

describe.each(['dev', 'prod', 'prod-pgbouncer'])('kustomize overlay %s', (overlay) => {
  const manifests = render(overlay);
  const production = overlay !== 'dev';
  const namespace = production ? 'innerview' : 'innerview-dev';

  it.each(processes)('runs %s with both probes, resources and a locked-down security context', (name) => {
    const deployment = find(manifests, 'Deployment', name);
    expect(deployment, `Deployment ${name}`).toBeDefined();
    expect(deployment!.metadata.namespace).toBe(namespace);
    const pod = deployment!.spec.template.spec;
    const container = pod.containers[0];
    expect(container.image).toBe(`innerview/${name}:${production ? '1.0.0' : 'dev'}`);
    expect(container.livenessProbe.httpGet).toEqual({ path: '/livez', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.ports[0]).toMatchObject({
      name: 'http',
      containerPort: name === 'gateway' ? 8080 : 3000,
    });
    for (const kind of ['requests', 'limits']) {
      expect(container.resources[kind].cpu, `${kind}.cpu`).toBeDefined();
      expect(container.resources[kind].memory, `${kind}.memory`).toBeDefined();
    }
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it.each(processes)(
    'serves the metrics of %s on a port of its own, named and announced for Prometheus',
    (name) => {
      const { env } = containerEnv(manifests, name);
      // What the process itself will listen on, read through its own schema (defaults included).
      const metricsPort = (loadConfig(configSchemas[name as never], env) as { METRICS_PORT?: number })
        .METRICS_PORT;
      expect(metricsPort, `${name} METRICS_PORT`).toBe(9464);
      const template = find(manifests, 'Deployment', name)!.spec.template;
      expect(template.spec.containers[0].ports).toContainEqual({
        name: 'metrics',
        containerPort: metricsPort,
        protocol: 'TCP',
      });
      expect(template.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(metricsPort),
        'prometheus.io/path': '/metrics',
      });
      // The scrape job the guide ships keeps exactly that port, by its name.
      const job = scrapeConfig.scrape_configs.find((j: { job_name: string }) => j.job_name === 'innerview');
      expect(job.relabel_configs).toContainEqual({
        source_labels: ['__meta_kubernetes_pod_container_port_name'],
        regex: 'metrics',
        action: 'keep',
      });
      // The public Service never exposes it.
      const service = find(manifests, 'Service', name)!;
      expect(service.spec.ports.map((p: { targetPort: unknown }) => p.targetPort)).toEqual(['http']);
    },
  );

  it('lets the configured Prometheus, and nothing else, reach the metrics port, and Prometheus nothing else', () => {
    const scrape = find(manifests, 'NetworkPolicy', 'innerview-prometheus-scrape')!;
    expect(scrape.spec.podSelector).toEqual({ matchLabels: { 'app.kubernetes.io/part-of': 'innerview' } });
    expect(scrape.spec.ingress).toHaveLength(1);
    expect(scrape.spec.ingress[0].ports).toEqual([{ port: 9464, protocol: 'TCP' }]);
    // One peer naming both a namespace and pods: never "every namespace" or "every pod".
    const peers = scrape.spec.ingress[0].from as Peer[];
    expect(peers).toHaveLength(1);
    const peer = peers[0]!;
    expect(Object.keys(peer.namespaceSelector?.matchLabels ?? {}), 'namespace labels').not.toEqual([]);
    expect(Object.keys(peer.podSelector?.matchLabels ?? {}), 'pod labels').not.toEqual([]);
    const prometheus = {
      namespace: peer.namespaceSelector!.matchLabels!,
      pod: peer.podSelector!.matchLabels!,
    };
    // Every other way in of the six services is closed to that Prometheus.
    for (const policy of manifests.filter((m) => m.kind === 'NetworkPolicy' && m !== scrape))
      for (const rule of (policy.spec.ingress ?? []) as Array<{ from?: Peer[]; ports?: unknown[] }>) {
        if (policy.metadata.name === 'gateway') continue; // the public port, open to all on purpose
        const admits = rule.from === undefined || rule.from.some((p) => peerAdmits(p, prometheus));
        expect(admits, `${policy.metadata.name} lets Prometheus in`).toBe(false);
      }
  });

  it.each(processes)('gives %s a Service and its ConfigMap', (name) => {
    const service = find(manifests, 'Service', name);
    expect(service?.spec.selector).toEqual({ 'app.kubernetes.io/name': name });
    expect(service?.spec.ports[0].targetPort).toBe('http');
    const pod = find(manifests, 'Deployment', name)!.spec.template.spec;
    const configName = pod.containers[0].envFrom[0].configMapRef.name as string;
    expect(configName.startsWith(`${name}-config`)).toBe(true);
    const config = find(manifests, 'ConfigMap', configName);
    expect(config?.data.PORT).toBe(name === 'gateway' ? '8080' : '3000');
  });

  it('takes DATABASE_URL, REDIS_URL and keys from secrets, never from the ConfigMaps', () => {
    for (const name of processes) {
      const container = find(manifests, 'Deployment', name)!.spec.template.spec.containers[0];
      const refs = Object.fromEntries(
        (container.env as Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string } } }>).map(
          (e) => [e.name, e.valueFrom?.secretKeyRef?.name],
        ),
      );
      expect(refs.REDIS_URL).toMatch(/^innerview-redis/);
      if (name !== 'gateway') expect(refs.DATABASE_URL).toMatch(new RegExp(`^${name}-secrets`));
    }
    expect(
      find(manifests, 'Deployment', 'auth')!.spec.template.spec.containers[0].env.map(
        (e: { name: string }) => e.name,
      ),
    ).toContain('AUTH_PRIVATE_JWK');
    for (const config of manifests.filter((m) => m.kind === 'ConfigMap')) {
      expect(Object.keys(config.data ?? {})).not.toContain('DATABASE_URL');
    }
  });

  it('lets each service be called only by its real callers, and Prometheus scrape the metrics port', () => {
    const callers: Record<string, string[]> = {
      auth: ['gateway'],
      billing: ['gateway', 'auth'],
      // files asks chat whether an upload's session is the uploader's (issue 18).
      chat: ['gateway', 'auth', 'files'],
      questionnaire: ['gateway', 'auth'],
      files: ['gateway', 'chat', 'auth'],
      notifications: ['gateway', 'auth'],
    };
    const deny = find(manifests, 'NetworkPolicy', 'innerview-default-deny');
    expect(deny?.spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'innerview' } },
      policyTypes: ['Ingress', 'Egress'],
    });
    for (const service of services) {
      const policy = find(manifests, 'NetworkPolicy', service);
      expect(policy?.spec.podSelector.matchLabels, service).toEqual({ 'app.kubernetes.io/name': service });
      expect(policy?.spec.ingress, service).toHaveLength(1);
      const from = policy!.spec.ingress[0].from.map(
        (peer: { podSelector: { matchLabels: Record<string, string> } }) =>
          peer.podSelector.matchLabels['app.kubernetes.io/name'],
      );
      expect(from, service).toEqual(callers[service]);
    }
    // …and each caller may leave its pod towards the services it calls.
    const calls = (name: string, target: string) =>
      JSON.stringify(find(manifests, 'NetworkPolicy', name)?.spec.egress ?? []).includes(`"${target}"`);
    expect(calls('files', 'chat')).toBe(true);
    expect(calls('chat', 'files')).toBe(true);
    expect(find(manifests, 'NetworkPolicy', 'gateway')?.spec.ingress).toEqual([
      { ports: [{ port: 'http', protocol: 'TCP' }] },
    ]);
    // Only the processes that need the internet reach it, and never the private ranges that way.
    const internet = (name: string) =>
      (find(manifests, 'NetworkPolicy', name)?.spec.egress ?? []).some((rule: { to?: unknown[] }) =>
        JSON.stringify(rule.to ?? []).includes('0.0.0.0/0'),
      );
    expect(services.filter(internet).sort()).toEqual(['billing', 'chat', 'files', 'notifications']);
    expect(internet('gateway')).toBe(false);
  });

  it.each(processes)('starts %s configuration-wise with what the overlay gives it', async (name) => {
    await expect(checkStartup(name as never, containerEnv(manifests, name).env)).resolves.toBeUndefined();
  });

  it.each(processes)('gives %s every variable its schema and start-up checks require', async (name) => {
    const { env, refs } = containerEnv(manifests, name);
    const required = await requiredVariables(name as never, env);
    expect(required).toContain('REDIS_URL');
    // Provided directly or through the ConfigMap, or by a secret reference that may not be absent.
    const missing = required.filter((key) => env[key] === undefined);
    expect(missing, `${name} lacks`).toEqual([]);
    for (const key of required) if (refs[key]) expect(refs[key].optional, `${name} ${key}`).not.toBe(true);
  });

  it.each(services)('wires %s to the shared secrets and the services it calls', (name) => {
    const { env, refs } = containerEnv(manifests, name);
    for (const key of wiringVariables(name as never)) {
      if (key in serviceUrlSettings) expect(env[key], `${name} ${key}`).toBe(serviceUrlSettings[key]);
      else {
        expect(baseName(refs[key]?.name ?? ''), `${name} ${key}`).toBe('innerview-shared-secrets');
        expect(refs[key]).toMatchObject({ key });
        expect(refs[key]!.optional, `${name} ${key}`).not.toBe(true);
      }
    }
  });

  it('takes each shared secret from the one key of innerview-shared-secrets in every service', () => {
    for (const key of sharedSecrets) {
      const refs = processes.flatMap((name) => {
        const ref = containerEnv(manifests, name).refs[key];
        return ref ? [`${ref.name}/${ref.key}`] : [];
      });
      expect(refs.length, key).toBeGreaterThan(0);
      expect(new Set(refs).size, `${key}: ${refs.join(', ')}`).toBe(1);
      expect(baseName(refs[0]!.split('/')[0]!)).toBe('innerview-shared-secrets');
    }
    for (const config of manifests.filter((m) => m.kind === 'ConfigMap'))
      for (const key of sharedSecrets) expect(Object.keys(config.data ?? {})).not.toContain(key);
  });

  it('sends events over Kafka and runs jobs on BullMQ in every service, the topics made by a Job', () => {
    for (const name of services) {
      const { env } = containerEnv(manifests, name);
      expect(env.EVENT_BUS, name).toBe('kafka');
      expect(env.KAFKA_BROKERS, name).toMatch(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/);
      expect(env.JOBS, name).toBe('bullmq');
    }
    const job = find(manifests, 'Job', 'kafka-topics')!.spec.template.spec;
    expect(job.containers[0].command).toEqual(['node', 'packages/kit/src/events/kafka-provision-command.ts']);
    const config = find(manifests, 'ConfigMap', job.containers[0].envFrom[0].configMapRef.name);
    expect(config?.data.KAFKA_BROKERS).toBe(containerEnv(manifests, 'chat').env.KAFKA_BROKERS);
    expect(job.containers[0].securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
    });
    // Under the default deny, the Job reaches the broker through a policy of its own.
    const jobPolicy = find(manifests, 'NetworkPolicy', 'kafka-topics')!;
    expect(jobPolicy.spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'kafka-topics' });
    const brokerPort = Number(config!.data.KAFKA_BROKERS.split(',')[0].split(':').pop());
    expect(jobPolicy.spec.egress.flatMap((rule: { ports: unknown[] }) => rule.ports)).toContainEqual({
      port: brokerPort,
      protocol: 'TCP',
    });
  });

  it('gives every workload resources and probes (a Job: resources)', () => {
    for (const workload of manifests.filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind))) {
      for (const container of workload.spec.template.spec.containers) {
        const where = `${workload.kind} ${workload.metadata.name}`;
        expect(container.resources?.requests?.memory, where).toBeDefined();
        expect(container.resources?.limits?.memory, where).toBeDefined();
        if (workload.kind === 'Job') continue;
        expect(container.readinessProbe, where).toBeDefined();
        expect(container.livenessProbe, where).toBeDefined();
      }
    }
  });

  it('never needs a ReadWriteMany volume', () => {
    const claims = [
      ...manifests.filter((m) => m.kind === 'PersistentVolumeClaim').map((m) => m.spec),
      ...manifests.flatMap((m) =>
        m.kind === 'StatefulSet' ? m.spec.volumeClaimTemplates.map((t: Manifest) => t.spec) : [],
      ),
    ];
    for (const claim of claims) expect(claim.accessModes).toEqual(['ReadWriteOnce']);
  });

  it(`runs every process with NODE_ENV=${production ? 'production' : 'development'}`, () => {
    for (const name of processes)
      expect(containerEnv(manifests, name).env.NODE_ENV, name).toBe(
        production ? 'production' : 'development',
      );
  });

  it('points the gateway at every service', () => {
    const gatewayConfig = manifests.find(
      (m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('gateway-config'),
    );
    for (const name of services) {
      expect(gatewayConfig?.data[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:3000`);
    }
  });
});

describe('overlay differences', () => {
  it('dev brings its own development secrets and backing services, the stateful ones on volumes', () => {
    const dev = render('dev');
    const secretNames = dev.filter((m) => m.kind === 'Secret').map((m) => m.metadata.name);
    for (const name of services) expect(secretNames.some((s) => s.startsWith(`${name}-secrets`))).toBe(true);
    for (const backing of ['postgres', 'redis', 'kafka']) {
      const set = find(dev, 'StatefulSet', backing);
      expect(set, backing).toBeDefined();
      const claim = set!.spec.volumeClaimTemplates[0].metadata.name;
      expect(
        set!.spec.template.spec.containers[0].volumeMounts.map((m: { name: string }) => m.name),
      ).toContain(claim);
    }
    expect(find(dev, 'Deployment', 'mailpit')).toBeDefined();
    // What the services need of Redis: persistence, and keys never evicted.
    expect(find(dev, 'StatefulSet', 'redis')!.spec.template.spec.containers[0].args.join(' ')).toMatch(
      /--appendonly yes.*--maxmemory-policy noeviction/,
    );
    const kafka = Object.fromEntries(
      find(dev, 'StatefulSet', 'kafka')!.spec.template.spec.containers[0].env.map(
        (e: { name: string; value: string }) => [e.name, e.value],
      ),
    );
    expect(kafka.KAFKA_PROCESS_ROLES).toBe('broker,controller');
  });

  it("dev opts into the local conveniences: local payments, uploads on one pod's volume", () => {
    const dev = render('dev');
    expect(containerEnv(dev, 'billing').env.PAYMENT_PROVIDER).toBe('local');
    expect(containerEnv(dev, 'files').env.FILES_STORAGE).toBe('local');
    expect(find(dev, 'Deployment', 'files')!.spec.template.spec.volumes).toContainEqual({
      name: 'data',
      persistentVolumeClaim: { claimName: 'files-data' },
    });
  });

  it('dev defines every secret a workload references, with every key it cannot do without', () => {
    const dev = render('dev');
    for (const deployment of dev.filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind))) {
      for (const container of deployment.spec.template.spec.containers)
        for (const entry of (container.env ?? []) as EnvEntry[]) {
          const ref = entry.valueFrom?.secretKeyRef;
          if (!ref) continue;
          const secret = find(dev, 'Secret', ref.name);
          expect(secret, `Secret ${ref.name} (${deployment.metadata.name})`).toBeDefined();
          if (!ref.optional) expect(Object.keys(secret!.data ?? {}), `${ref.name}`).toContain(ref.key);
        }
    }
  });

  it('prod takes real payments, and docs/operations.md names every secret key an operator must create', () => {
    const prod = render('prod');
    expect(containerEnv(prod, 'billing').env.PAYMENT_PROVIDER).toBe('stripe');
    const readme = readFileSync(path.join(here, '..', '..', 'docs', 'operations.md'), 'utf8');
    for (const name of processes)
      for (const ref of Object.values(containerEnv(prod, name).refs)) {
        expect(readme, `README: Secret ${ref.name}`).toContain(`\`${ref.name}\``);
        expect(readme, `README: ${ref.name} ${ref.key}`).toContain(`\`${ref.key}\``);
      }
  });

  it('prod runs several replicas with disruption budgets and keeps secrets out of git', () => {
    const prod = render('prod');
    expect(prod.filter((m) => m.kind === 'Secret')).toEqual([]);
    for (const name of processes) {
      const autoscaler = find(prod, 'HorizontalPodAutoscaler', name);
      const deployment = find(prod, 'Deployment', name)!;
      if (['gateway', 'chat', 'files'].includes(name)) {
        expect(autoscaler?.spec.scaleTargetRef, name).toEqual({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name,
        });
        expect(autoscaler!.spec.minReplicas).toBeGreaterThanOrEqual(2);
        // An apply must not reset what the autoscaler chose.
        expect(deployment.spec.replicas, name).toBeUndefined();
      } else {
        expect(autoscaler, name).toBeUndefined();
        expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
      }
      expect(find(prod, 'PodDisruptionBudget', name)?.spec.minAvailable).toBe(1);
    }
  });

  it('prod keeps uploads in S3-compatible storage and takes Kafka from an external cluster', () => {
    const prod = render('prod');
    const files = containerEnv(prod, 'files');
    expect(files.env.FILES_STORAGE).toBe('s3');
    expect(files.env.S3_BUCKET).toBeTruthy();
    expect(
      find(prod, 'Deployment', 'files')!.spec.template.spec.volumes.map((v: { name: string }) => v.name),
    ).toEqual(['tmp']);
    expect(prod.filter((m) => m.kind === 'PersistentVolumeClaim')).toEqual([]);
    expect(prod.filter((m) => m.kind === 'StatefulSet')).toEqual([]);
    expect(containerEnv(prod, 'chat').env.KAFKA_BROKERS).not.toBe('kafka:9092');
  });

  it('prod stays within the PostgreSQL connection budget at the most pods it can run', () => {
    const prod = render('prod');
    const budget = prod.find(
      (m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('innerview-connection-budget'),
    )!.data as Record<string, string>;
    const limit = Number(budget.MAX_CONNECTIONS) - Number(budget.RESERVED_CONNECTIONS);
    let total = 0;
    for (const name of services) {
      const pool = Number(containerEnv(prod, name).env.DATABASE_POOL_SIZE);
      expect(pool, `${name} DATABASE_POOL_SIZE`).toBeGreaterThan(0);
      const pods =
        find(prod, 'HorizontalPodAutoscaler', name)?.spec.maxReplicas ??
        find(prod, 'Deployment', name)!.spec.replicas;
      total += pool * pods;
    }
    expect(total).toBeLessThanOrEqual(limit);
    // The gateway has no database.
    expect(containerEnv(prod, 'gateway').env.DATABASE_POOL_SIZE).toBeUndefined();
  });
});

describe('the PgBouncer component (overlays/prod-pgbouncer)', () => {
  const manifests = render('prod-pgbouncer');
  const deployment = find(manifests, 'Deployment', 'pgbouncer')!;
  const container = deployment.spec.template.spec.containers[0];
  const configMap = (prefix: string) =>
    manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith(prefix))!;
  const budget = configMap('innerview-connection-budget').data as Record<string, string>;
  const settings = configMap('pgbouncer-config').data as Record<string, string>;

  /** Runs the container's start script as the pod would, with sample direct URLs; returns what it wrote. */
  function startScriptOutput() {
    const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
    try {
      const script = path.join(dir, 'start.sh');
      writeFileSync(script, settings['start.sh']!);
      const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
      for (const from of container.envFrom)
        Object.assign(env, find(manifests, 'ConfigMap', from.configMapRef.name)!.data);
      for (const entry of container.env as EnvEntry[]) {
        const service = entry.name.replace(/_DATABASE_URL$/, '').toLowerCase();
        // A password that needs percent-encoding, as generated ones often do.
        env[entry.name] = `postgres://${service}_user:p%40ss%2Fw@db.example:5433/${service}?sslmode=require`;
      }
      delete env['start.sh'];
      execFileSync('sh', [script], {
        env: { ...env, PGBOUNCER_RUN_DIR: path.join(dir, 'run'), PGBOUNCER_BIN: 'true' },
        stdio: 'pipe',
      });
      return {
        ini: readFileSync(path.join(dir, 'run', 'pgbouncer.ini'), 'utf8'),
        userlist: readFileSync(path.join(dir, 'run', 'userlist.txt'), 'utf8'),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('pools transactions, all its pods together within the one connection budget', () => {
    expect(container.command).toEqual(['/bin/sh', '/etc/innerview-pgbouncer/start.sh']);
    expect(container.volumeMounts).toContainEqual({
      name: 'start',
      mountPath: '/etc/innerview-pgbouncer',
      readOnly: true,
    });
    const replicas = deployment.spec.replicas as number;
    expect(settings.PGBOUNCER_REPLICAS).toBe(String(replicas));
    // A surge pod would be one PgBouncer more than the budget was divided by.
    expect(deployment.spec.strategy.rollingUpdate.maxSurge).toBe(0);
    const { ini, userlist } = startScriptOutput();
    const setting = (key: string) => new RegExp(`^${key} = (.*)$`, 'm').exec(ini)?.[1];
    expect(setting('pool_mode')).toBe('transaction');
    expect(Number(setting('listen_port'))).toBe(container.ports[0].containerPort);
    const perDatabase = Number(setting('max_db_connections'));
    expect(Number(setting('default_pool_size'))).toBe(perDatabase);
    const databases = [...ini.matchAll(/^(\w+) = host=(\S+) port=(\d+) dbname=(\w+) /gm)];
    expect(databases.map((d) => d[1])).toEqual(services);
    for (const [, name, host, port, dbname] of databases)
      expect([host, port, dbname]).toEqual(['db.example', '5433', name]);
    const limit = Number(budget.MAX_CONNECTIONS) - Number(budget.RESERVED_CONNECTIONS);
    expect(perDatabase).toBeGreaterThan(0);
    expect(perDatabase * services.length * replicas).toBeLessThanOrEqual(limit);
    // The same logins as the services', decoded.
    expect(userlist).toContain('"auth_user" "p@ss/w"');
    // The services' clients fit in: every pod's pool at the most pods.
    const prod = render('prod');
    let clients = 0;
    for (const name of services)
      clients +=
        Number(containerEnv(manifests, name).env.DATABASE_POOL_SIZE) *
        (find(prod, 'HorizontalPodAutoscaler', name)?.spec.maxReplicas ??
          find(prod, 'Deployment', name)!.spec.replicas);
    expect(clients).toBeLessThanOrEqual(Number(setting('max_client_conn')) * replicas);
  });

  it('refuses to start when the budget leaves no connection per database and pod', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
    try {
      writeFileSync(path.join(dir, 'start.sh'), settings['start.sh']!);
      expect(() =>
        execFileSync('sh', [path.join(dir, 'start.sh')], {
          env: {
            PATH: process.env.PATH,
            MAX_CONNECTIONS: '20',
            RESERVED_CONNECTIONS: '10',
            PGBOUNCER_REPLICAS: '2',
            PGBOUNCER_BIN: 'true',
            PGBOUNCER_RUN_DIR: dir,
          },
          stdio: 'pipe',
        }),
      ).toThrow(/leaves no server connection per database and pod/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migrates every service over DATABASE_DIRECT_URL, the secret PgBouncer logs in with', () => {
    const pgbouncerRefs = Object.fromEntries(
      (container.env as EnvEntry[]).map((e) => [e.name, e.valueFrom?.secretKeyRef]),
    );
    for (const name of services) {
      const { env, refs } = containerEnv(manifests, name);
      expect(refs.DATABASE_DIRECT_URL, name).toEqual({ name: `${name}-secrets`, key: 'DATABASE_DIRECT_URL' });
      expect(refs.DATABASE_URL, name).toEqual({ name: `${name}-secrets`, key: 'DATABASE_URL' });
      expect(pgbouncerRefs[`${name.toUpperCase()}_DATABASE_URL`]).toEqual(refs.DATABASE_DIRECT_URL);
      // The name is the service's own setting (its schema reads it).
      const config = loadConfig(configSchemas[name as never], {
        ...env,
        DATABASE_URL: `postgres://u:p@pgbouncer:6432/${name}`,
        DATABASE_DIRECT_URL: `postgres://u:p@db.example:5432/${name}`,
      }) as { DATABASE_DIRECT_URL?: string };
      expect(config.DATABASE_DIRECT_URL).toBe(`postgres://u:p@db.example:5432/${name}`);
    }
    const guide = readFileSync(path.join(here, '..', '..', 'docs', 'operations.md'), 'utf8');
    expect(guide).toContain('`DATABASE_DIRECT_URL`');
  });

  it('is reached by the six services only, and reaches PostgreSQL only', () => {
    const policy = find(manifests, 'NetworkPolicy', 'pgbouncer')!;
    expect(policy.spec.ingress).toEqual([
      {
        from: [
          {
            podSelector: {
              matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: services }],
            },
          },
        ],
        ports: [{ port: 6432, protocol: 'TCP' }],
      },
    ]);
    expect(policy.spec.egress).toEqual([
      {
        to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'postgres' } } }],
        ports: [{ port: 5432, protocol: 'TCP' }],
      },
    ]);
    const egress = find(manifests, 'NetworkPolicy', 'innerview-backing-egress')!.spec.egress;
    expect(egress).toContainEqual({
      to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'pgbouncer' } } }],
      ports: [{ port: 6432, protocol: 'TCP' }],
    });
    // Migrations still go straight to PostgreSQL.
    expect(JSON.stringify(egress)).toContain('"port":5432');
    expect(find(manifests, 'PodDisruptionBudget', 'pgbouncer')?.spec.minAvailable).toBe(1);
  });
});
