import { describe, expect, it } from 'vitest';
import { makeDeeplyNestedPdf, makeDocx, makePdf, makePng } from '../../testing/fixtures.ts';
import { createTextExtractor, ExtractionError } from './text-extractor.ts';

const extractor = createTextExtractor({ timeoutMs: 10_000, concurrency: 2 });

describe('text extraction', () => {
  it('reads every page of a PDF', async () => {
    const result = await extractor.extract('pdf', makePdf(['First page text', 'Second (page) text']));
    expect(result).toEqual({ text: 'First page text\n\nSecond (page) text', truncated: false });
  });

  it('reads at most 50 pages and marks the text truncated', async () => {
    const pages = Array.from({ length: 52 }, (_, i) => `Page number ${i + 1}`);
    const result = await extractor.extract('pdf', makePdf(pages));
    expect(result?.truncated).toBe(true);
    expect(result?.text).toContain('Page number 50');
    expect(result?.text).not.toContain('Page number 51');
  });

  it('reads a DOCX’s paragraphs', async () => {
    expect(await extractor.extract('docx', makeDocx(['Dear diary,', 'Today was calm.']))).toEqual({
      text: 'Dear diary,\nToday was calm.',
      truncated: false,
    });
  });

  it('keeps at most 200 000 characters', async () => {
    const long = createTextExtractor({ timeoutMs: 10_000, concurrency: 1 });
    const result = await long.extract('text', Buffer.from('é'.repeat(200_010)));
    expect(result).toEqual({ text: 'é'.repeat(200_000), truncated: true });
    const docx = await long.extract('docx', makeDocx(['a'.repeat(150_000), 'b'.repeat(150_000)]));
    expect(docx?.text).toHaveLength(200_000);
    expect(docx?.truncated).toBe(true);
  });

  it('reads text and Markdown as UTF-8 without BOM, with \\n line ends', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Title\r\nline\r\n')]);
    expect(await extractor.extract('markdown', bytes)).toEqual({ text: '# Title\nline\n', truncated: false });
  });

  it('has no text for images', async () => {
    expect(await extractor.extract('png', makePng())).toBeNull();
  });

  it('refuses a deeply nested PDF quickly', async () => {
    const started = Date.now();
    await expect(extractor.extract('pdf', makeDeeplyNestedPdf(1_000_000))).rejects.toMatchObject({
      reason: 'unreadable',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a damaged PDF and a DOCX that lies about its sizes', async () => {
    await expect(extractor.extract('pdf', Buffer.from('%PDF-1.7\ngarbage'))).rejects.toBeInstanceOf(
      ExtractionError,
    );
    await expect(extractor.extract('docx', Buffer.from('PK\x03\x04broken'))).rejects.toBeInstanceOf(
      ExtractionError,
    );
  });

  it('gives up at the time limit', async () => {
    const hurried = createTextExtractor({ timeoutMs: 60, concurrency: 1 });
    const pages = Array.from({ length: 50 }, (_, i) => `Page ${i} `.repeat(200));
    const started = Date.now();
    await expect(hurried.extract('pdf', makePdf(pages))).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
