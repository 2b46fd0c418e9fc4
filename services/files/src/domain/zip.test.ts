import { describe, expect, it } from 'vitest';
import { makeDocx, makeZip, makeZipBombDocx } from '../testing/fixtures.ts';
import { inflateZipEntries, listZipEntries, ZipFormatError, zipBombReason } from './zip.ts';

describe('ZIP central directory and bomb check', () => {
  it('lists the entries of a DOCX with their sizes', () => {
    const entries = listZipEntries(makeDocx(['Hello']));
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(entries.every((e) => e.uncompressedSize > 0 && e.compressedSize > 0)).toBe(true);
    expect(zipBombReason(entries)).toBeNull();
  });

  it('flags more than 50 MB once inflated', () => {
    expect(zipBombReason(listZipEntries(makeZipBombDocx(51)))).toBe('too-large');
  });

  it('flags a compression ratio above 100', () => {
    // 20 MB of zeros deflate to about 20 KB: a ratio near 1000, under the size cap.
    expect(zipBombReason(listZipEntries(makeZipBombDocx(20)))).toBe('ratio');
  });

  it('lets well-compressing small parts pass (the ratio counts above 1 MB only)', () => {
    const zip = makeDocx(['x'], [{ name: 'word/styles.xml', data: Buffer.alloc(500_000, 0x20) }]);
    expect(zipBombReason(listZipEntries(zip))).toBeNull();
  });

  it('flags more than 1000 entries, and stops reading the directory there', () => {
    const items = Array.from({ length: 1500 }, (_, i) => ({
      name: `f${i}`,
      data: Buffer.from('x'),
      stored: true,
    }));
    const entries = listZipEntries(makeZip(items));
    expect(entries).toHaveLength(1001);
    expect(zipBombReason(entries)).toBe('too-many-entries');
  });

  it('refuses what is not a ZIP', () => {
    expect(() => listZipEntries(Buffer.from('PK\x03\x04 and nothing else'))).toThrow(ZipFormatError);
  });
});

describe('inflateZipEntries', () => {
  it('inflates the entries asked for, deflated or stored, and leaves the others packed', () => {
    const zip = makeZip([
      { name: 'a.xml', data: Buffer.from('<a>deflated</a>') },
      { name: 'b.xml', data: Buffer.from('<b>stored</b>'), stored: true },
      { name: 'media/c.png', data: Buffer.alloc(1000, 1) },
    ]);
    const parts = inflateZipEntries(zip, (name) => name.endsWith('.xml'));
    expect([...parts.keys()]).toEqual(['a.xml', 'b.xml']);
    expect(Buffer.from(parts.get('a.xml')!).toString()).toBe('<a>deflated</a>');
    expect(Buffer.from(parts.get('b.xml')!).toString()).toBe('<b>stored</b>');
  });

  it('never inflates past the declared size, whatever the data holds', () => {
    const zip = makeZip([{ name: 'word/document.xml', data: Buffer.alloc(5_000_000), declaredSize: 1000 }]);
    expect(zipBombReason(listZipEntries(zip))).toBeNull();
    expect(() => inflateZipEntries(zip, () => true)).toThrow(ZipFormatError);
  });

  it('stops at the total limit while inflating, even when every size told is true', () => {
    const zip = makeZip([
      { name: 'one.xml', data: Buffer.alloc(600_000) },
      { name: 'two.xml', data: Buffer.alloc(600_000) },
    ]);
    expect(() => inflateZipEntries(zip, () => true, 1_000_000)).toThrow(ZipFormatError);
    expect(inflateZipEntries(zip, () => true, 1_200_000).size).toBe(2);
  });
});
