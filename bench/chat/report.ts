import { cpus, loadavg, totalmem } from 'node:os';

export interface LatencyRow {
  label: string;
  streams: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

export interface HoldRow {
  label: string;
  requested: number;
  /** Streams whose first event arrived through the gateway. */
  open: number;
  gatewayRssMb: number;
  chatRssMb: number;
}

export interface ChatBenchReport {
  command: string;
  date: string;
  machine: string;
  concurrency: number;
  seconds: number;
  tokenMs: number;
  tokens: number;
  database: string;
  /** Per round: the direct row, then one row per gateway engine. */
  rounds: LatencyRow[][];
  hold: HoldRow[];
  holdTarget: number;
  fdLimit: string;
  notes: string[];
}

export const chatTargets = { addedP50Ms: 2, addedP99Ms: 10, holdStreams: 10_000, holdRssMb: 1536 };

export function machineNote(): string {
  const cpu = cpus();
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; load average ${load} (1/5/15 min) as the run started, from other work sharing the cores`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const fmt = (n: number, digits = 1) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';

/** Added time to first token of each gateway row against the direct row of the same round. */
export function added(
  rounds: LatencyRow[][],
): Array<{ label: string; p50: number; p99: number; perRound: string[] }> {
  const labels = rounds[0]?.slice(1).map((r) => r.label) ?? [];
  return labels.map((label, i) => {
    const pairs = rounds.map((round) => ({ direct: round[0]!, via: round[i + 1]! }));
    const p50s = pairs.map((p) => p.via.p50Ms - p.direct.p50Ms);
    const p99s = pairs.map((p) => p.via.p99Ms - p.direct.p99Ms);
    return {
      label,
      p50: median(p50s),
      p99: median(p99s),
      perRound: pairs.map((_, r) => `${fmt(p50s[r]!)} / ${fmt(p99s[r]!)}`),
    };
  });
}

/** The `## Chat` section of docs/benchmarks.md. */
export function renderChatSection(report: ChatBenchReport): string {
  const latencyRows = report.rounds[0]!.map((row, i) => {
    const all = report.rounds.map((round) => round[i]!);
    return `| ${row.label} | ${all.reduce((s, r) => s + r.streams, 0)} | ${all.reduce((s, r) => s + r.failed, 0)} | ${fmt(median(all.map((r) => r.p50Ms)))} | ${fmt(median(all.map((r) => r.p99Ms)))} | ${all.map((r) => `${fmt(r.p50Ms)} / ${fmt(r.p99Ms)}`).join(', ')} |`;
  });
  const verdicts = added(report.rounds).map(
    (a) =>
      `| ${a.label} | ${fmt(a.p50)} ms | ${fmt(a.p99)} ms | ${a.p50 <= chatTargets.addedP50Ms && a.p99 <= chatTargets.addedP99Ms ? 'met' : 'missed'} | ${a.perRound.join(', ')} |`,
  );
  const holdRows = report.hold.map(
    (h) =>
      `| ${h.label} | ${h.requested.toLocaleString('en-US')} | ${h.open.toLocaleString('en-US')} | ${fmt(h.gatewayRssMb, 0)} | ${fmt(h.chatRssMb, 0)} | ${fmt(h.gatewayRssMb + h.chatRssMb, 0)} | ${h.open >= chatTargets.holdStreams && h.gatewayRssMb + h.chatRssMb < chatTargets.holdRssMb ? 'met' : h.open < h.requested ? 'not reached' : 'see note'} |`,
  );
  return `## Chat

Time to the first token of a streamed reply, straight from a local fake model and through the
gateway and the chat service in front of it, in the same run; and streams held open at once by one
gateway and one chat process.

- Command: \`${report.command}\` (rewrites this section; \`CONCURRENCY\`, \`SECONDS\`, \`ROUNDS\`,
  \`HOLD\` override).
- Run: ${report.date}. The fake model (\`services/chat/src/testing/fake-openai-server.ts\`, in its own
  process) answers every streamed call with ${report.tokens} tokens, one every ${report.tokenMs} ms, the first ${report.tokenMs} ms after
  the response starts. ${report.concurrency} streams are kept open at once (a new one starts when one ends) for
  ${report.seconds} s per row and round after the first full turn; each row's rounds alternate with the
  direct row's, and rows are compared round by round.
- Through the gateway: \`POST /api/v1/chat/stream\` with an EdDSA bearer token the gateway verifies
  (jose), each stream a new session of one of ${report.concurrency} subscribed people, the chat service on
  ${report.database}, its coach the OpenAI-compatible adapter pointed at the fake model (so each new
  session also asks the fake model for a title). Straight: the same streamed chat-completions call
  at the fake model. Time to first token: from sending the request to the first word arriving.
- Machine: ${report.machine}.
- Targets: added time to first token p50 ≤ ${chatTargets.addedP50Ms} ms and p99 ≤ ${chatTargets.addedP99Ms} ms at 500 concurrent
  streams; ${chatTargets.holdStreams.toLocaleString('en-US')} concurrent open streams held by one gateway and one chat process under
  1.5 GB resident memory together.

| time to first token | streams | failed | p50 ms | p99 ms | per round p50 / p99 ms |
|---|---:|---:|---:|---:|---|
${latencyRows.join('\n')}

| through gateway and chat | added p50 | added p99 | target | per round added p50 / p99 ms |
|---|---:|---:|---|---|
${verdicts.join('\n')}

Streams held open (the offline coach writing slowly, so every stream stays open; open = its first
event arrived through the gateway; resident memory of each process with all of them open):

| gateway engine | streams asked | open | gateway RSS MB | chat RSS MB | together MB | target |
|---|---:|---:|---:|---:|---:|---|
${holdRows.join('\n')}

${report.notes.map((n) => `- ${n}`).join('\n')}
`;
}

/** Replaces the `## Chat` section (up to the next `## `), or appends it. */
export function replaceChatSection(existing: string, section: string): string {
  const start = existing.search(/^## Chat[ \t]*$/m);
  if (start === -1) return `${existing.trimEnd()}\n\n${section.trimEnd()}\n`;
  const next = existing.slice(start + 1).search(/^## /m);
  const rest = next === -1 ? '' : existing.slice(start + 1 + next);
  return `${existing.slice(0, start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
}
