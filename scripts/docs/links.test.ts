// Every reference in the repository's docs, code and tests resolves inside the repository: relative
// markdown links reach a file (and a heading, when they name one), cited anchors of the product and
// architecture docs exist, and nothing cites the documents that used to live outside (issue 21).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { architectureSections, productSections, tableAnchors } from './cite-product-docs.ts';
import { markdownAnchors, proseLines, readRepoFile, repoRoot, repoTextFiles } from './repo-files.ts';

let files: string[];
const texts = new Map<string, string>();
const anchorsByFile = new Map<string, Set<string>>();

function text(file: string): string {
  let t = texts.get(file);
  if (t === undefined) {
    t = readRepoFile(file);
    texts.set(file, t);
  }
  return t;
}

function anchorsOf(file: string): Set<string> {
  let a = anchorsByFile.get(file);
  if (!a) {
    a = markdownAnchors(text(file));
    anchorsByFile.set(file, a);
  }
  return a;
}

/** Inline code spans blanked out, so that `[a](b)` written as code is not taken for a link. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
}

interface Link {
  file: string;
  line: number;
  target: string;
}

function markdownLinks(file: string): Link[] {
  const links: Link[] = [];
  for (const { line, number } of proseLines(text(file))) {
    const prose = withoutCodeSpans(line);
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ file, line: number, target: m[1]! });
    const definition = /^\s{0,3}\[[^\]]+\]:\s+<?([^\s>]+)/.exec(prose);
    if (definition) links.push({ file, line: number, target: definition[1]! });
  }
  return links;
}

/** Why a relative link does not resolve, or undefined when it does. */
function brokenBecause(link: Link): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return undefined; // http:, https:, mailto: …
  const [rawPath = '', fragment] = link.target.split('#', 2);
  const targetPath = decodeURIComponent(rawPath);
  const resolved = targetPath
    ? path.posix.normalize(
        targetPath.startsWith('/')
          ? targetPath.slice(1)
          : path.posix.join(path.posix.dirname(link.file), targetPath),
      )
    : link.file;
  if (resolved.startsWith('..')) return 'leaves the repository';
  if (!existsSync(path.join(repoRoot, resolved))) return `${resolved} does not exist`;
  if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment))
    return `${resolved} has no heading #${fragment}`;
  return undefined;
}

const SECTION = '\u00a7';

/** What a file must not say any more, each with the reason shown on failure. */
const forbidden: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\bspec\b\s*\(?\s*\u00a7/i, what: 'cites the old specification by section' },
  { pattern: /product-spec\.md/, what: 'names the old specification file' },
  { pattern: /ARCHITECTURE\.md/, what: 'names the old architecture file' },
  { pattern: /\.\.\/shared\//, what: 'points into the shared folder outside the repository' },
];

/** A bare section number such as "\u00a74" (standards cited by number, "RFC 9110 \u00a77.6.1", are fine). */
function bareSectionCitations(line: string): boolean {
  for (const m of line.matchAll(/\u00a7\s*\d/g))
    if (!/(RFC|ISO|IEC)\s*[\d-]+\s*$/i.test(line.slice(0, m.index))) return true;
  return false;
}

beforeAll(() => {
  files = repoTextFiles();
});

describe('the repository documents itself', () => {
  it('reads the tree without installed, built or ignored folders', () => {
    expect(files).toContain('docs/product.md');
    expect(files).toContain('docs/architecture.md');
    expect(files.some((f) => /(^|\/)(node_modules|dist|artifacts)\//.test(f))).toBe(false);
  });

  it('every relative link in a markdown file reaches a file, and the heading it names', () => {
    const broken = files
      .filter((f) => f.endsWith('.md'))
      .flatMap(markdownLinks)
      .map((link) => ({ link, why: brokenBecause(link) }))
      .filter((b) => b.why)
      .map(({ link, why }) => `${link.file}:${link.line} (${link.target}): ${why}`);
    expect(broken).toEqual([]);
  });

  it('every cited docs/product.md or docs/architecture.md anchor is a heading there', () => {
    const anchors = {
      product: anchorsOf('docs/product.md'),
      architecture: anchorsOf('docs/architecture.md'),
    };
    const missing: string[] = [];
    for (const file of files) {
      text(file)
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(/docs\/(product|architecture)\.md#([A-Za-z0-9_-]+)/g))
            if (!anchors[m[1] as 'product' | 'architecture'].has(m[2]!))
              missing.push(`${file}:${i + 1}: docs/${m[1]}.md#${m[2]}`);
        });
    }
    expect(missing).toEqual([]);
  });

  it('no file cites the specification or the architecture note that lived outside the repository', () => {
    const found: string[] = [];
    for (const file of files) {
      text(file)
        .split('\n')
        .forEach((line, i) => {
          for (const { pattern, what } of forbidden)
            if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}`);
          if (line.includes(SECTION) && bareSectionCitations(line))
            found.push(`${file}:${i + 1}: cites a section by number (run scripts/docs/cite-product-docs.ts)`);
        });
    }
    expect(found).toEqual([]);
  });

  it("the codemod's table covers every old section and points at headings that exist", () => {
    expect(Object.keys(productSections).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Object.keys(architectureSections).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const table = tableAnchors();
    expect(table.product.filter((a) => !anchorsOf('docs/product.md').has(a))).toEqual([]);
    expect(table.architecture.filter((a) => !anchorsOf('docs/architecture.md').has(a))).toEqual([]);
  });

  it('the ADR index lists every decision, one line each', () => {
    const index = text('docs/adr/README.md');
    const adrs = files.filter((f) => /^docs\/adr\/\d{4}-.*\.md$/.test(f)).map((f) => path.posix.basename(f));
    expect(adrs.length).toBeGreaterThan(0);
    const unlisted = adrs.filter(
      (adr) => index.split('\n').filter((l) => l.includes(`](${adr})`)).length !== 1,
    );
    expect(unlisted).toEqual([]);
  });
});
