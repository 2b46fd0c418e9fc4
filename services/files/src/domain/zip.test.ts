import { describe, expect, it } from 'vitest';
import { documentXml, makeDocx, makeZip, makeZipBombDocx } from '../testing/fixtures.ts';
import { docxXmlToText } from './docx-text.ts';
import { inflateZipEntry, readZipDirectory, ZipFormatError, zipBombReason } from './zip.ts';

describe('ZIP central directory and bomb check', () => {
  it('lists the entries of a DOCX with their sizes', () => {
    const { entries } = readZipDirectory(makeDocx(['Hello']));
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(zipBombReason({ declaredEntries: 3, entries })).toBeNull();
  });

  it('flags more than 50 MB once inflated', () => {
    expect(zipBombReason(readZipDirectory(makeZipBombDocx(51)))).toBe('too-large');
  });

  it('flags a compression ratio above 100', () => {
    // 20 MB of zeros deflate to about 20 KB: a ratio near 1000, under the size cap.
    expect(zipBombReason(readZipDirectory(makeZipBombDocx(20)))).toBe('ratio');
  });

  it('lets well-compressing small parts pass (the ratio counts above 1 MB only)', () => {
    const zip = makeDocx(['x'], [{ name: 'word/styles.xml', data: Buffer.alloc(500_000, 0x20) }]);
    expect(zipBombReason(readZipDirectory(zip))).toBeNull();
  });

  it('flags more than 1000 entries', () => {
    const items = Array.from({ length: 1001 }, (_, i) => ({
      name: `f${i}`,
      data: Buffer.from('x'),
      stored: true,
    }));
    expect(zipBombReason(readZipDirectory(makeZip(items)))).toBe('too-many-entries');
  });

  it('never inflates past the declared size, whatever the data holds', () => {
    const zip = makeZip([{ name: 'word/document.xml', data: Buffer.alloc(5_000_000), declaredSize: 1000 }]);
    const { entries } = readZipDirectory(zip);
    expect(zipBombReason({ declaredEntries: 1, entries })).toBeNull();
    expect(() => inflateZipEntry(zip, entries[0]!, 50_000_000)).toThrow(ZipFormatError);
  });

  it('refuses what is not a ZIP', () => {
    expect(() => readZipDirectory(Buffer.from('PK\x03\x04 and nothing else'))).toThrow(ZipFormatError);
  });
});

describe('docxXmlToText', () => {
  it('reads runs, paragraphs, tabs and breaks, and decodes entities', () => {
    const xml =
      '<w:document><w:body><w:p><w:r><w:t>Fish &amp; chips</w:t></w:r><w:r><w:tab/><w:t xml:space="preserve"> &#233;t&#xE9;</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>Line</w:t><w:br/><w:t>break</w:t></w:r></w:p><w:p><w:r><w:delText>deleted</w:delText></w:r></w:p></w:body></w:document>';
    expect(docxXmlToText(xml, 1000)).toEqual({ text: 'Fish & chips\t été\nLine\nbreak', truncated: false });
  });

  it('stops at the character cap and says so', () => {
    const result = docxXmlToText(documentXml(['a'.repeat(300), 'b'.repeat(300)]), 400);
    expect(result.truncated).toBe(true);
    expect(result.text).toHaveLength(400);
  });
});
