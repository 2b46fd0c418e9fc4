import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText, safeUrl } from './markdown.tsx';

describe('MarkdownText (a coach reply)', () => {
  it('renders Markdown: emphasis, lists and autolinked addresses opening safely in a new tab', () => {
    const { container } = render(
      <MarkdownText text={'**Take a breath.**\n\n- one\n- two\n\nSee https://findahelpline.com'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Take a breath.');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    const link = container.querySelector('a[href="https://findahelpline.com"]');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('never renders raw HTML: a <script> or an inline handler stays inert', () => {
    const { container } = render(
      <MarkdownText
        text={'Hello <script>window.pwned = 1</script> <img src=x onerror="window.pwned=2"> <b>bold</b>'}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('drops javascript: and data: link targets', () => {
    const { container } = render(
      <MarkdownText
        text={'[click](javascript:alert(1)) [data](data:text/html,<b>x</b>) [ok](https://innerview.ch)'}
      />,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.some((h) => h?.toLowerCase().includes('javascript'))).toBe(false);
    expect(hrefs.some((h) => h?.startsWith('data:'))).toBe(false);
    expect(hrefs).toContain('https://innerview.ch');
    expect(safeUrl('JaVaScRiPt:alert(1)')).toBe('');
    expect(safeUrl('mailto:help@innerview.ch')).toBe('mailto:help@innerview.ch');
  });

  it('turns help-line numbers set in bold into phone links (crisis resources)', () => {
    const { container } = render(
      <MarkdownText
        text={'- **143**: Die Dargebotene Hand\n- **144**: emergency\n\nAnywhere in Europe: **112**.'}
      />,
    );
    const tel = [...container.querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute('href'));
    expect(tel).toEqual(['tel:143', 'tel:144', 'tel:112']);
  });
});
