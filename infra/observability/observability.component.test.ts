import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Listening, listen } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { type RunningService, startService } from '@innerview/kit/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createGateway, type Gateway } from '../../gateway/src/app.ts';
import { chatService } from '../../services/chat/src/app.ts';

// The dashboard and the alert rules are only as good as the names in them: a renamed metric turns
// a panel blank and an alert silent without anyone noticing. So every metric they name must be on
// the /metrics of a running chat service (the service with every kind of figure: HTTP, outbox,
// events, consumer lag, pool, jobs, replies) or of the gateway's metrics port.
const here = import.meta.dirname;
const dashboard = JSON.parse(readFileSync(path.join(here, 'grafana-dashboard.json'), 'utf8'));
const alerts = parse(readFileSync(path.join(here, 'prometheus-alerts.yml'), 'utf8'));
/** Metrics that come from elsewhere than Innerview's processes, and from where. */
const external: Record<string, string> = { probe_ssl_earliest_cert_expiry: 'the blackbox exporter' };

const promqlWords = new Set(
  (
    'sum min max avg count rate irate increase delta deriv changes histogram_quantile clamp_min ' +
    'clamp_max time by without on ignoring group_left group_right and or unless bool offset topk ' +
    'bottomk absent max_over_time min_over_time avg_over_time label_replace vector scalar e inf nan'
  ).split(' '),
);

/** The metric names a PromQL expression reads (labels, durations, strings and functions left out). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const words = bare.match(/[A-Za-z_:][A-Za-z0-9_:]*/g) ?? [];
  return [...new Set(words.filter((w) => !promqlWords.has(w) && !/^\d/.test(w)))];
}

function dashboardExpressions(): string[] {
  const panels = dashboard.panels.flatMap((p: { panels?: unknown[] }) => [p, ...(p.panels ?? [])]);
  return panels.flatMap((p: { targets?: Array<{ expr: string }> }) => (p.targets ?? []).map((t) => t.expr));
}

function alertRules(): Array<{ alert: string; expr: string; annotations: Record<string, string> }> {
  return alerts.groups.flatMap((g: { rules: unknown[] }) => g.rules);
}

/** Names on a /metrics page, histograms with their series suffixes. */
function exported(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = match as unknown as [string, string, string];
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(`${name}${s}`);
  }
  return names;
}

let chat: RunningService;
let gateway: Gateway;
let gatewayMetrics: Listening;

beforeAll(async () => {
  chat = await startService(chatService, {
    env: { DATABASE_URL: 'memory://', PORT: '0', LOG_LEVEL: 'silent', JOBS: 'memory' },
    logger: createLogger({ name: 'chat', level: 'silent' }),
  });
  gateway = createGateway({
    upstreams: {
      auth: chat.url,
      billing: chat.url,
      chat: chat.url,
      questionnaire: chat.url,
      files: chat.url,
      notifications: chat.url,
    },
    embedded: false,
    readinessPollMs: 0,
    signingKey: chat.ctx.calls.keys.current,
    logger: createLogger({ name: 'gateway', level: 'silent' }),
  });
  gatewayMetrics = await listen(gateway.metricsApp, 0, '127.0.0.1');
}, 300_000);

afterAll(async () => {
  await gatewayMetrics?.stop();
  await gateway?.close();
  await chat?.stop();
}, 60_000);

describe('the operator files', () => {
  it('name only metrics a running service or the gateway exports', async () => {
    // One readiness answer, so the readiness gauge has its first value.
    expect((await fetch(`${chat.url}/readyz`)).status).toBe(200);
    const names = new Set([
      ...exported(await (await fetch(chat.metricsUrl)).text()),
      ...exported(await (await fetch(`${gatewayMetrics.url}/metrics`)).text()),
    ]);
    const used = [...dashboardExpressions(), ...alertRules().map((r) => r.expr)].flatMap(metricNames);
    expect(used.length).toBeGreaterThan(15);
    const missing = [...new Set(used)].filter((name) => !names.has(name) && !(name in external));
    expect(missing).toEqual([]);
  });

  it('give every alert a runbook in the operator guide and a severity', () => {
    for (const rule of alertRules()) {
      expect(rule.annotations.runbook_url, rule.alert).toMatch(/^docs\/operations\.md#[a-z0-9-]+$/);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
    }
    const anchors = new Set(alertRules().map((r) => r.annotations.runbook_url));
    expect([...anchors].sort()).toEqual(
      [
        'docs/operations.md#certificate-expiry',
        'docs/operations.md#database-pool',
        'docs/operations.md#dead-letters',
        'docs/operations.md#error-rate',
        'docs/operations.md#event-consumer-lag',
        'docs/operations.md#job-queue-backlog',
        'docs/operations.md#outbox-backlog',
        'docs/operations.md#readiness',
      ].sort(),
    );
  });

  it('reads the metric names out of PromQL, not its labels or functions', () => {
    expect(
      metricNames(
        'sum by (service, le) (rate(http_request_duration_seconds_bucket{status=~"5.."}[5m])) > 0.5',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNames('min by (instance) (probe_ssl_earliest_cert_expiry - time()) < 14 * 86400')).toEqual([
      'probe_ssl_earliest_cert_expiry',
    ]);
  });
});
