import { describe, expect, it } from 'vitest';
import { ZipFormatError } from '../../domain/zip.ts';
import {
  documentXmlWithBody,
  makeDocx,
  makeDocxOf,
  makeZip,
  makeZipBombDocx,
} from '../../testing/fixtures.ts';
import { extractDocxText } from './docx-extract.ts';

const run = (inner: string) => `<w:r>${inner}</w:r>`;
const p = (...runs: string[]) => `<w:p>${runs.join('')}</w:p>`;

describe('extractDocxText (fflate inflates, one pass reads the lines)', () => {
  it('gives a DOCX’s paragraphs as lines', async () => {
    expect(
      await extractDocxText(makeDocx(['Dear diary,', 'Today was calm.', 'Fish & <chips>']), 1000),
    ).toEqual({ text: 'Dear diary,\nToday was calm.\nFish & <chips>', truncated: false });
  });

  it('keeps tabs and line breaks, decodes entities, and leaves deleted text out', async () => {
    const xml = documentXmlWithBody(
      p(run('<w:t>Fish &amp; chips</w:t>'), run('<w:tab/><w:t xml:space="preserve"> &#233;t&#xE9;</w:t>')) +
        p(run('<w:t>Line</w:t><w:br/><w:t>break</w:t>')) +
        p('<w:del w:id="1" w:author="A">', run('<w:delText>deleted</w:delText>'), '</w:del>') +
        '<w:tbl><w:tr><w:tc>' +
        p(run('<w:t>cell one</w:t>')) +
        '</w:tc><w:tc>' +
        p(run('<w:t>cell two</w:t>')) +
        '</w:tc></w:tr></w:tbl>',
    );
    expect(await extractDocxText(makeDocxOf(xml), 1000)).toEqual({
      text: 'Fish & chips\t été\nLine\nbreak\n\ncell one\ncell two',
      truncated: false,
    });
  });

  it('stops at the character cap and says so', async () => {
    const result = await extractDocxText(makeDocx(['a'.repeat(300), 'b'.repeat(300)]), 400);
    expect(result.truncated).toBe(true);
    expect(result.text).toHaveLength(400);
  });

  it('refuses a ZIP bomb before inflating it', async () => {
    await expect(extractDocxText(makeZipBombDocx(20), 1000)).rejects.toBeInstanceOf(ZipFormatError);
  });

  it('refuses a main part that inflates past its declared size', async () => {
    const liar = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(3_000_000, 0x20), declaredSize: 500 },
    ]);
    await expect(extractDocxText(liar, 1000)).rejects.toBeInstanceOf(ZipFormatError);
  });

  it('refuses a ZIP without a main part', async () => {
    const zip = makeZip([{ name: 'hello.txt', data: Buffer.from('hi') }]);
    await expect(extractDocxText(zip, 1000)).rejects.toBeInstanceOf(ZipFormatError);
  });
});
