import { describe, expect, it } from 'vitest';
import { percentile, replaceSection, summariseFrames } from './report.ts';

describe('chat-browser report', () => {
  it('puts its section at the end, then replaces only its own section', () => {
    const docs = '# Benchmarks\n\n## Chat\n\nstream figures\n';
    const once = replaceSection(docs, '## Chat in the browser\n\nfirst\n');
    expect(once).toBe('# Benchmarks\n\n## Chat\n\nstream figures\n\n## Chat in the browser\n\nfirst\n');
    const twice = replaceSection(`${once}\n## Later\n\nkept\n`, '## Chat in the browser\n\nsecond\n');
    expect(twice).toContain('## Chat\n\nstream figures');
    expect(twice).toContain('## Chat in the browser\n\nsecond\n\n## Later\n\nkept');
    expect(twice).not.toContain('first');
  });

  it('summarises frame intervals (percentiles, long frames, frames per second)', () => {
    const summary = summariseFrames([{ intervalsMs: [16, 17, 16, 60], distancePx: 480 }]);
    expect(summary).toMatchObject({ frames: 4, p50: 16, max: 60, over50: 1 });
    expect(summary.fps).toBeCloseTo(36.7, 1);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  });
});
