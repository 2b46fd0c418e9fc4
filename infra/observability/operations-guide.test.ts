import { readFileSync } from 'node:fs';
import path from 'node:path';
import { baseConfigSchema } from '@innerview/kit/config';
import { kafkaProvisionEnvSchema } from '@innerview/kit/events/kafka-provision-command';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchemas } from '../service-requirements.ts';

// The operator's guide is what a person on call reads at night: an alert must lead to a runbook
// that exists, the dashboard's panels must be explained, and the variables named there must be the
// ones the processes read. A renamed heading, a new panel or a new setting fails here.
const root = path.join(import.meta.dirname, '..', '..');
const guide = readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');
const alerts = parse(readFileSync(path.join(import.meta.dirname, 'prometheus-alerts.yml'), 'utf8'));
const dashboard = JSON.parse(readFileSync(path.join(import.meta.dirname, 'grafana-dashboard.json'), 'utf8'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const headings = [...guide.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!);
const anchors = new Set(headings.map(slug));

/** The text under a heading, up to the next heading of the same or a higher level. */
function section(anchor: string): string {
  const lines = guide.split('\n');
  const start = lines.findIndex((line) => /^#{2,4} /.test(line) && slug(line.replace(/^#+ /, '')) === anchor);
  if (start < 0) return '';
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

const rules: Array<{ alert: string; annotations: { runbook_url?: string } }> = alerts.groups.flatMap(
  (g: { rules: unknown[] }) => g.rules,
);

describe('docs/operations.md', () => {
  it.each(rules.map((r) => [r.alert, r]))('leads alert %s to a runbook that names it', (_, rule) => {
    const url = rule.annotations.runbook_url ?? '';
    expect(url).toMatch(/^docs\/operations\.md#[a-z0-9_-]+$/);
    const anchor = url.split('#')[1]!;
    expect([...anchors], `no heading for #${anchor}`).toContain(anchor);
    const runbook = section(anchor);
    expect(runbook, `#${anchor} names ${rule.alert}`).toContain(`\`${rule.alert}\``);
    // A runbook says what to run, not only what it means.
    expect(
      runbook.match(/`[^`]*(kubectl|npm run|curl|psql|select|redis-cli|openssl|kafka-)[^`]*`/g)?.length ?? 0,
    ).toBeGreaterThan(0);
  });

  it("turns every runbook_url into a link to its heading with the guide's own sed line", () => {
    // The repository names no public address, so the rules hold repository paths and the guide
    // gives operators one sed line to make them links: applied here as sed would apply it.
    const line = /`sed 's\|([^|]+)\|([^|]+)\|' infra\/observability\/prometheus-alerts\.yml > [^`]+`/.exec(
      guide,
    );
    expect(line, 'the sed line in docs/operations.md').not.toBeNull();
    const [, from, to] = line! as unknown as [string, string, string];
    const base = 'https://github.com/acme/innerview/blob/v1.2.3/docs/';
    const filled = to.replace('https://github.com/<org>/<repo>/blob/<tag>/docs/', base);
    expect(filled).toBe(`runbook_url: ${base}`);
    const source = readFileSync(path.join(import.meta.dirname, 'prometheus-alerts.yml'), 'utf8');
    const rewritten = source
      .split('\n')
      .map((l) => l.replace(from, filled))
      .join('\n');
    const linked: typeof rules = parse(rewritten).groups.flatMap((g: { rules: unknown[] }) => g.rules);
    expect(linked).toHaveLength(rules.length);
    for (const rule of linked) {
      const url = rule.annotations.runbook_url ?? '';
      expect(url, rule.alert).toMatch(
        /^https:\/\/github\.com\/acme\/innerview\/blob\/v1\.2\.3\/docs\/operations\.md#[a-z0-9_-]+$/,
      );
      expect([...anchors], rule.alert).toContain(new URL(url).hash.slice(1));
    }
  });

  it('explains every panel of the dashboard, under its own title', () => {
    const reading = section('reading-the-dashboard');
    expect(reading.length).toBeGreaterThan(500);
    const panels = dashboard.panels as Array<{ type: string; title: string }>;
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) expect(reading, panel.title).toContain(`**${panel.title}**`);
  });

  it('links only to headings that exist', () => {
    const links = [...guide.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect([...anchors], `#${link}`).toContain(link);
  });

  it("names every setting of every process's configuration", () => {
    const settings = new Set([
      ...Object.keys(baseConfigSchema.shape),
      ...Object.values(configSchemas).flatMap((schema) => Object.keys(schema.shape)),
      ...Object.keys(kafkaProvisionEnvSchema.shape),
    ]);
    expect(settings.size).toBeGreaterThan(80);
    const missing = [...settings].filter((name) => !guide.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('names no setting in "Every variable" that no process reads', () => {
    const settings = new Set([
      ...Object.keys(baseConfigSchema.shape),
      ...Object.values(configSchemas).flatMap((schema) => Object.keys(schema.shape)),
    ]);
    const named = [...section('every-variable').matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(60);
    expect([...new Set(named)].filter((name) => !settings.has(name))).toEqual([]);
  });
});
