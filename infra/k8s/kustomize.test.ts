import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const here = import.meta.dirname;
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

const find = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name);

describe.each(['dev', 'prod'])('kustomize overlay %s', (overlay) => {
  const manifests = render(overlay);
  const namespace = overlay === 'prod' ? 'innerview' : 'innerview-dev';

  it.each(processes)('runs %s with both probes, resources and a locked-down security context', (name) => {
    const deployment = find(manifests, 'Deployment', name);
    expect(deployment, `Deployment ${name}`).toBeDefined();
    expect(deployment!.metadata.namespace).toBe(namespace);
    const pod = deployment!.spec.template.spec;
    const container = pod.containers[0];
    expect(container.image).toBe(`innerview/${name}:${overlay === 'prod' ? '1.0.0' : 'dev'}`);
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

  it('lets only the gateway take traffic from outside (the services trust its identity header)', () => {
    const policy = find(manifests, 'NetworkPolicy', 'services-from-innerview-only');
    expect(policy?.spec.podSelector.matchExpressions[0].values.sort()).toEqual([...services].sort());
    expect(policy?.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'innerview' } } },
    ]);
    expect(find(manifests, 'NetworkPolicy', 'gateway-public')?.spec.podSelector.matchLabels).toEqual({
      'app.kubernetes.io/name': 'gateway',
    });
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
  it('dev brings its own development secrets and backing services', () => {
    const dev = render('dev');
    const secretNames = dev.filter((m) => m.kind === 'Secret').map((m) => m.metadata.name);
    for (const name of services) expect(secretNames.some((s) => s.startsWith(`${name}-secrets`))).toBe(true);
    for (const backing of ['postgres', 'redis', 'mailpit'])
      expect(find(dev, 'Deployment', backing)).toBeDefined();
  });

  it('prod runs several replicas with disruption budgets and keeps secrets out of git', () => {
    const prod = render('prod');
    expect(prod.filter((m) => m.kind === 'Secret')).toEqual([]);
    for (const name of processes) {
      expect(find(prod, 'Deployment', name)!.spec.replicas).toBeGreaterThanOrEqual(2);
      expect(find(prod, 'PodDisruptionBudget', name)?.spec.minAvailable).toBe(1);
    }
    const files = find(prod, 'Deployment', 'files')!.spec.template.spec;
    expect(files.volumes).toContainEqual({
      name: 'data',
      persistentVolumeClaim: { claimName: 'files-data' },
    });
  });
});
