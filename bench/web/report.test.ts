import { describe, expect, it } from 'vitest';
import { median, renderWebSection, replaceWebSection, sourcePackage } from './report.ts';

describe('web budget report', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([400, 100, 200, 300])).toBe(250);
  });

  it('names what a chunk holds from its source paths', () => {
    expect(sourcePackage('webpack://shell/../../node_modules/react-dom/cjs/react-dom.production.js')).toBe(
      'react-dom',
    );
    expect(sourcePackage('webpack://shell/../../node_modules/@reduxjs/toolkit/dist/x.mjs')).toBe(
      '@reduxjs/toolkit',
    );
    expect(sourcePackage('webpack://shell/../../packages/ui/src/button.tsx')).toBe('@innerview/ui');
    expect(sourcePackage('webpack://shell/./src/app.tsx')).toBe('app code');
  });

  it('says whether each target is met and replaces only its own section', () => {
    const section = renderWebSection(
      {
        command: 'npm run bench:web',
        date: '2026-01-01 00:00 UTC',
        url: '/login',
        runs: 3,
        visibleTarget: 'the form',
        chromium: '1',
        visibleMs: [400, 1200, 500],
        scripts: [
          { url: 'http://x/main.js', bytes: 300_000, gzipBytes: 100_000, contents: ['federation runtime'] },
          { url: 'http://x/1.js', bytes: 200_000, gzipBytes: 60_000 },
        ],
      },
      'a machine',
    );
    expect(section).toContain('| ≤ 150.0 KB | 156.3 KB (488.3 KB raw, 2 files) | missed |');
    expect(section).toContain('| ≤ 1000 ms | 500 ms | met |');
    const doc =
      '# Benchmarks\n\nintro\n\n## Gateway\n\ngateway numbers\n\n## Web budget\n\nold\n\n## Later\n\nkept\n';
    const updated = replaceWebSection(doc, section);
    expect(updated).toContain('gateway numbers');
    expect(updated).toContain('## Later\n\nkept');
    expect(updated).not.toContain('\nold\n');
    expect(updated.match(/## Web budget/g)).toHaveLength(1);
    expect(replaceWebSection(undefined, section)).toMatch(/^# Benchmarks[\s\S]*## Web budget/);
  });
});
