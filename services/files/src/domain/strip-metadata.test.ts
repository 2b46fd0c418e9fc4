import { describe, expect, it } from 'vitest';
import { exifWithGps, makeJpeg, makePng, makeWebp } from '../testing/fixtures.ts';
import { ImageFormatError, stripImageMetadata } from './strip-metadata.ts';

const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

describe('stripImageMetadata', () => {
  it('drops a JPEG’s EXIF (with its GPS position) and comments, keeping every other segment byte for byte', () => {
    const plain = makeJpeg();
    const tagged = makeJpeg({ exif: exifWithGps('47.3769 N'), comment: 'Taken at home' });
    expect(has(tagged, 'GPSLatitude 47.3769')).toBe(true);
    const stripped = stripImageMetadata('jpeg', tagged);
    expect(has(stripped, 'Exif')).toBe(false);
    expect(has(stripped, 'GPSLatitude')).toBe(false);
    expect(has(stripped, 'Taken at home')).toBe(false);
    expect(stripped.equals(plain)).toBe(true);
  });

  it('drops anything hidden after a JPEG’s end', () => {
    const stripped = stripImageMetadata('jpeg', makeJpeg({ trailing: Buffer.from('<html>payload</html>') }));
    expect(stripped.equals(makeJpeg())).toBe(true);
  });

  it('drops a PNG’s text and EXIF chunks and keeps the image chunks', () => {
    const stripped = stripImageMetadata('png', makePng('Home, 47.3769 N'));
    expect(has(stripped, '47.3769')).toBe(false);
    expect(has(stripped, 'tEXt') || has(stripped, 'iTXt') || has(stripped, 'eXIf')).toBe(false);
    expect(stripped.equals(makePng())).toBe(true);
  });

  it('drops a WebP’s EXIF and XMP chunks and clears their flags', () => {
    const stripped = stripImageMetadata('webp', makeWebp('Home, 47.3769 N'));
    expect(has(stripped, '47.3769')).toBe(false);
    expect(stripped.equals(makeWebp())).toBe(true);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
  });

  it('refuses truncated images', () => {
    const png = makePng();
    expect(() => stripImageMetadata('png', png.subarray(0, 20))).toThrow(ImageFormatError);
    expect(() => stripImageMetadata('jpeg', makeJpeg().subarray(0, 10))).toThrow(ImageFormatError);
  });

  it('leaves other kinds untouched', () => {
    const bytes = Buffer.from('%PDF-1.4 whatever');
    expect(stripImageMetadata('pdf', bytes)).toBe(bytes);
  });
});
