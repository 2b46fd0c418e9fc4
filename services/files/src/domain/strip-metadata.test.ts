import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifWithGps, makeJpeg, makePng, makeWebp } from '../testing/fixtures.ts';
import { ImageFormatError, stripImageMetadata } from './strip-metadata.ts';

const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));
const red = { r: 200, g: 30, b: 30 };

/** A JPEG as a phone writes one: EXIF with a GPS position and an orientation, an ICC profile. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 2, channels: 3, background: red } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Artist: 'Alex Example' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 3692/100' },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();
}

describe('stripImageMetadata (sharp re-encodes the image)', () => {
  it('removes GPS EXIF and the ICC profile from a JPEG, applying its orientation first', async () => {
    const tagged = await phoneJpeg();
    const before = await sharp(tagged).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(has(tagged, 'PhoneMaker')).toBe(true);

    const stripped = await stripImageMetadata('jpeg', tagged);
    const after = await sharp(stripped).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Turned by 90° as the orientation said: the picture looks as it did.
    expect([after.width, after.height]).toEqual([2, 4]);
    expect(has(stripped, 'PhoneMaker') || has(stripped, 'Alex Example') || has(stripped, 'GPS')).toBe(false);
  });

  it('drops a hand-made EXIF with GPS, comments and anything hidden after the JPEG’s end', async () => {
    const tagged = makeJpeg({
      exif: exifWithGps('47.3769 N'),
      comment: 'Taken at home',
      trailing: Buffer.from('<html>payload</html>'),
    });
    expect(has(tagged, 'GPSLatitude 47.3769')).toBe(true);
    const stripped = await stripImageMetadata('jpeg', tagged);
    for (const text of ['Exif', 'GPSLatitude', 'Taken at home', 'payload'])
      expect(has(stripped, text)).toBe(false);
    expect(await sharp(stripped).metadata()).toMatchObject({ format: 'jpeg', width: 2, height: 2 });
  });

  it('drops a PNG’s text and EXIF chunks and keeps its pixels exactly', async () => {
    const stripped = await stripImageMetadata('png', makePng('Home, 47.3769 N'));
    expect(has(stripped, '47.3769')).toBe(false);
    expect(has(stripped, 'tEXt') || has(stripped, 'iTXt') || has(stripped, 'eXIf')).toBe(false);
    expect(await sharp(stripped).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });
    const pixels = (png: Buffer) => sharp(png).raw().toBuffer();
    expect((await pixels(stripped)).equals(await pixels(makePng()))).toBe(true);
  });

  it('drops a WebP’s EXIF and XMP and keeps it a WebP', async () => {
    const stripped = await stripImageMetadata('webp', makeWebp('Home, 47.3769 N'));
    expect(has(stripped, '47.3769')).toBe(false);
    const after = await sharp(stripped).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 2, height: 2 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
  });

  it('keeps every frame of an animated WebP', async () => {
    // Three 2×2 frames of different greys (libwebp merges frames that are alike).
    const pixels = Buffer.concat([Buffer.alloc(12, 10), Buffer.alloc(12, 120), Buffer.alloc(12, 240)]);
    const frames = await sharp(pixels, { raw: { width: 2, height: 6, channels: 3, pageHeight: 2 } })
      .webp({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(frames).metadata()).pages).toBe(3);
    const after = await sharp(await stripImageMetadata('webp', frames)).metadata();
    expect(after).toMatchObject({ format: 'webp', pages: 3, width: 2, height: 2 });
  });

  it('refuses an image claiming more than 50 megapixels before decoding it', async () => {
    const png = makePng();
    // IHDR says 10 000 × 10 000 (its CRC made right): 100 megapixels from a hundred bytes.
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await expect(stripImageMetadata('png', png)).rejects.toMatchObject({ reason: 'too-many-pixels' });
  });

  it('refuses truncated images', async () => {
    await expect(stripImageMetadata('png', makePng().subarray(0, 40))).rejects.toBeInstanceOf(
      ImageFormatError,
    );
    await expect(stripImageMetadata('jpeg', makeJpeg().subarray(0, 10))).rejects.toMatchObject({
      reason: 'damaged',
    });
    await expect(stripImageMetadata('webp', makeWebp().subarray(0, 30))).rejects.toBeInstanceOf(
      ImageFormatError,
    );
  });

  it('leaves other kinds untouched', async () => {
    const bytes = Buffer.from('%PDF-1.4 whatever');
    expect(await stripImageMetadata('pdf', bytes)).toBe(bytes);
  });
});
