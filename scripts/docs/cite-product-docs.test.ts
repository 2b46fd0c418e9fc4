// The citation codemod on sample lines, and on the tree as it is: what a later run (after a merge
// brings old citations back) would write, and that running it again changes nothing.
import { describe, expect, it } from 'vitest';
import { loadTitles, type RewriteContext, rewriteCitations } from './cite-product-docs.ts';
import { readRepoFile, repoTextFiles } from './repo-files.ts';

const S = '\u00a7';
const titles = loadTitles();
const inCode = (file = 'services/auth/src/domain/lockout.ts'): RewriteContext => ({ file, titles });
const inDocs = (file = 'docs/adr/0099-example.md'): RewriteContext => ({ file, titles });
const architectureFile = ['ARCHITECTURE', 'md'].join('.');

describe('rewriting citations in code and tests', () => {
  it('points a section at its part of docs/product.md, narrowed by a quoted heading', () => {
    expect(
      rewriteCitations(` * Per-account lockout (spec ${S}4 "Login lockout", ${S}9): a warning`, inCode()),
    ).toBe(
      ' * Per-account lockout (docs/product.md#login-lockout, docs/product.md#people-and-inputs): a warning',
    );
  });

  it('narrows by the phrase after a colon, and keeps the section when the line says nothing more', () => {
    expect(rewriteCitations(`/** Spec ${S}9: the on-screen keyboard takes 150 px. */`, inCode())).toBe(
      '/** docs/product.md#timing: the on-screen keyboard takes 150 px. */',
    );
    expect(rewriteCitations(`// As spec ${S}6 says.`, inCode())).toBe(
      '// As docs/product.md#who-may-do-what says.',
    );
  });

  it('keeps the brackets and separators of a list, in test titles too', () => {
    expect(rewriteCitations(`describe('the facts (spec (${S}1, ${S}8))', () => {`, inCode('a.test.ts'))).toBe(
      "describe('the facts ((docs/product.md#what-innerview-is, docs/product.md#error-messages))', () => {",
    );
    expect(rewriteCitations(`// spec ${S}3/${S}8 and ${S}7`, inCode())).toBe(
      '// docs/product.md#records-and-their-fields/docs/product.md#error-messages and docs/product.md#http-api',
    );
  });

  it('sends architecture citations to docs/architecture.md', () => {
    expect(rewriteCitations(`// (spec ${S}1, architecture ${S}5)`, inCode())).toBe(
      '// (docs/product.md#what-innerview-is, docs/architecture.md#front-ends)',
    );
    expect(rewriteCitations(`// events (${architectureFile} ${S}3), outbox first`, inCode())).toBe(
      '// events (docs/architecture.md#outbox), outbox first',
    );
    expect(rewriteCitations(`// (${architectureFile} "Route ownership")`, inCode())).toBe(
      '// (docs/architecture.md#route-ownership)',
    );
    expect(rewriteCitations(`// see ${architectureFile}`, inCode())).toBe('// see docs/architecture.md');
  });

  it('leaves other standards cited by section alone', () => {
    const line = `// Connection-level headers (RFC 9110 ${S}7.6.1) belong to one hop.`;
    expect(rewriteCitations(line, inCode())).toBe(line);
  });
});

describe('rewriting citations in markdown', () => {
  it('writes relative links named by the heading', () => {
    expect(rewriteCitations(`Spec ${S}4 "Account deletion" gives two readings.`, inDocs())).toBe(
      '[Deleting an account](../product.md#deleting-an-account) gives two readings.',
    );
    expect(
      rewriteCitations(`- Route table (${architectureFile} "Route ownership")`, inDocs('gateway/README.md')),
    ).toBe('- Route table ([Route ownership](../docs/architecture.md#route-ownership))');
  });

  it('writes plain paths inside code spans and fenced blocks, where a link would not render', () => {
    expect(rewriteCitations(`Run \`check spec ${S}8\` first.`, inDocs())).toBe(
      'Run `check docs/product.md#error-messages` first.',
    );
    expect(rewriteCitations(['```ts', `// spec ${S}8`, '```'].join('\n'), inDocs())).toBe(
      ['```ts', '// docs/product.md#error-messages', '```'].join('\n'),
    );
  });

  it('turns links to the old files into links to the new ones', () => {
    const shared = ['..', 'shared'].join('/');
    const old = `See [the spec](../${shared}/spec/product-spec${'.md'}) and [the note](${shared}/${architectureFile}).`;
    expect(rewriteCitations(old, inDocs('docs/adr/0099-example.md'))).toBe(
      'See [the spec](../product.md) and [the note](../architecture.md).',
    );
  });
});

describe('running it again', () => {
  it('changes nothing in what it wrote', () => {
    const sample = [
      `/** Spec ${S}4 "Chat sending" step 2 and ${S}9: the pause after uploads. */`,
      `// (spec ${S}1, architecture ${S}5) and ${architectureFile} ${S}6`,
      `describe('next step (spec ${S}4: the first of 1–8 without a non-blank answer)', () => {});`,
    ].join('\n');
    const once = rewriteCitations(sample, inCode());
    expect(once).not.toContain(S);
    expect(rewriteCitations(once, inCode())).toBe(once);
    const doc = rewriteCitations(`Spec ${S}4 and ${S}9 ask for a warning.`, inDocs());
    expect(rewriteCitations(doc, inDocs())).toBe(doc);
  });

  it('finds nothing left to rewrite in the tree', () => {
    const pending = repoTextFiles().filter((file) => {
      const text = readRepoFile(file);
      return rewriteCitations(text, { file, titles }) !== text;
    });
    expect(pending).toEqual([]);
  });
});
