// The repository's own text files and the anchors of its markdown headings: what the citation
// codemod rewrites and what the link test checks. Generated, installed and git-ignored trees are
// left out: they are not the project's words.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders never read, wherever they are. */
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'artifacts',
  'coverage',
  '.data',
  '.git',
  'target', // infra/kafka/target: fetched jars
  'notes', // issue notes, if a session keeps them in the tree
]);

/** Files with text that code, tests and docs are written in. */
const textFile = /\.(ts|tsx|js|mjs|cjs|md|mdx|json|ya?ml|sh|html|css|sql|txt)$|(^|\/)Dockerfile[^/]*$/;
const skippedFiles = new Set(['package-lock.json']);

/** Repository-relative paths (with `/`) of every text file, sorted. */
export function repoTextFiles(root = repoRoot): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) walk(rel);
      } else if (entry.isFile() && textFile.test(rel) && !skippedFiles.has(entry.name)) {
        found.push(rel);
      }
    }
  };
  walk('');
  return found.sort();
}

export function readRepoFile(rel: string, root = repoRoot): string {
  return readFileSync(path.join(root, rel), 'utf8');
}

/**
 * GitHub's anchor for a heading: lower case, inline markup and punctuation dropped, spaces turned
 * into hyphens (as github-slugger does for the headings this repository writes).
 */
export function githubSlug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Lines outside fenced code blocks, with their numbers (1-based). */
export function proseLines(markdown: string): Array<{ line: string; number: number }> {
  const out: Array<{ line: string; number: number }> = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((line, i) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker) {
      if (!fence) fence = marker[0];
      else if (marker[0] === fence) fence = undefined;
      return;
    }
    if (!fence) out.push({ line, number: i + 1 });
  });
  return out;
}

/** The headings of a markdown file with their anchors (numbered when repeated, as GitHub does). */
export function markdownHeadings(markdown: string): Array<{ text: string; anchor: string }> {
  const out: Array<{ text: string; anchor: string }> = [];
  const seen = new Map<string, number>();
  for (const { line } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    out.push({ text: heading, anchor: count === 0 ? slug : `${slug}-${count}` });
  }
  return out;
}

/** Every anchor a markdown file offers: its headings and its `<a id>` / `<a name>` targets. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set(markdownHeadings(markdown).map((h) => h.anchor));
  for (const { line } of proseLines(markdown))
    for (const html of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(html[1]!);
  return anchors;
}
