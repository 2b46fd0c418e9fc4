import { cpus, totalmem } from 'node:os';

/** Spec targets of the front end (issue "Budget"). */
export const BUDGET = { loginJsGzipBytes: 150 * 1024, loginVisibleMs: 1000 };

export type ScriptLoad = {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** Packages (or app folders) the file holds, read from its source map. */
  contents?: string[];
};

/** `…/node_modules/react-dom/cjs/x.js` → react-dom; `../../packages/ui/src/x.tsx` → @innerview/ui. */
export function sourcePackage(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules !== -1) {
    const parts = path.slice(inModules + 'node_modules/'.length).split('/');
    if (
      parts[0] === '@radix-ui' ||
      /^(react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden)/.test(
        parts[0] ?? '',
      )
    )
      return 'radix-ui';
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  const workspace = path.match(/(?:^|\/)packages\/([^/]+)\//);
  if (workspace) return `@innerview/${workspace[1]}`;
  if (path.startsWith('webpack/')) return 'bundler runtime';
  if (path.startsWith('data:')) return 'federation runtime';
  return 'app code';
}

export type WebReport = {
  command: string;
  date: string;
  url: string;
  runs: number;
  /** What "the login form visible" waited for on this build. */
  visibleTarget: string;
  scripts: ScriptLoad[];
  visibleMs: number[];
  chromium: string;
};

const kb = (bytes: number) =>
  `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KB`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function machineNote(chromium: string): string {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, Chromium ${chromium} headless, shared with other work while it ran`;
}

/** The script's short name: `main.1a2b3c4d.js`, or `remotes/chat/…` for a remote's file. */
function shortName(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(/^\//, '');
}

// Why the JavaScript target is missed, and what would close the gap (kept with the numbers).
const WHY_OVER = `Why the JavaScript target is missed: Module Federation provides every shared singleton whole,
because the shell cannot know which exports a remote will use, so none of them is tree-shaken.
react-dom, the whole of react-router (its server, cookie and RSC helpers included) and the
federation runtime alone come to about 155 KB; the UI kit, shared whole, brings every Radix
primitive it uses anywhere (dialogs, select, toasts). What would close most of the gap:
MF shared tree-shaking (\`treeShaking\` with one \`usedExports\` list for react-router and
@innerview/ui kept in \`frontends/shell/build/federation-shared.ts\`, and a check that no app
imports outside it, since a remote falling back to its own copy would bring a second router);
the UI kit publishing its Radix-heavy parts as separate shared subpaths; or sharing fewer
packages. Each trades some safety of the one-instance guarantee for bytes; none is done yet.`;

/** The `## Web budget` section of docs/benchmarks.md. */
export function renderWebSection(report: WebReport, machine: string): string {
  const totalGzip = report.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const totalRaw = report.scripts.reduce((sum, s) => sum + s.bytes, 0);
  const visible = median(report.visibleMs);
  const jsMet = totalGzip <= BUDGET.loginJsGzipBytes;
  const timeMet = visible <= BUDGET.loginVisibleMs;
  const rows = [...report.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (s) =>
        `| \`${shortName(s.url)}\` | ${(s.contents ?? []).join(', ')} | ${kb(s.bytes)} | ${kb(s.gzipBytes)} |`,
    );
  return `## Web budget

JavaScript the browser loads for \`/login\` (gzip), and the time until the login screen is visible,
in headless Chromium against the product started as \`npm start\` starts it.

- Command: \`${report.command}\` (writes this section).
- Run: ${report.date}, ${report.runs} loads of \`${report.url}\`, each in a fresh browser context (empty cache).
- Machine: ${machine}.
- JavaScript: every script response of the first load, its body gzipped again (level 6) whatever the server sent, so the number does not depend on the server's compression.
- Visible: from navigation start to the first frame in which ${report.visibleTarget} has a size on screen (median of the loads; all: ${report.visibleMs.map((ms) => `${Math.round(ms)}`).join(', ')} ms).

| measure | target | measured | |
|---|---|---|---|
| JavaScript for \`/login\`, gzip, federation runtime included | ≤ ${kb(BUDGET.loginJsGzipBytes)} | ${kb(totalGzip)} (${kb(totalRaw)} raw, ${report.scripts.length} files) | ${jsMet ? 'met' : 'missed'} |
| login screen visible (median) | ≤ ${BUDGET.loginVisibleMs} ms | ${Math.round(visible)} ms | ${timeMet ? 'met' : 'missed'} |

${jsMet ? '' : `${WHY_OVER}\n\n`}| script | holds | raw | gzip |
|---|---|---|---|
${rows.join('\n')}
`;
}

export function replaceWebSection(existing: string | undefined, section: string): string {
  const intro =
    '# Benchmarks\n\nMeasured numbers of the parts of Innerview that have a performance target. Each section\nsays how to reproduce it.\n';
  const text = existing?.trim() ? existing : intro;
  const start = text.search(/^## Web budget[ \t]*$/m);
  if (start === -1) return `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  const after = text.slice(start + 1).search(/^## /m);
  const end = after === -1 ? text.length : start + 1 + after;
  const rest = text.slice(end);
  return `${text.slice(0, start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
}
