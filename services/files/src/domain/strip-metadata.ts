import sharp from 'sharp';
import type { FileKind } from './detect-type.ts';
import { MAX_IMAGE_PIXELS } from './limits.ts';

/** The image cannot be decoded: damaged, cut short, or not the format it claims; or it has too many pixels. */
export class ImageFormatError extends Error {
  override name = 'ImageFormatError';
  readonly reason: 'damaged' | 'too-many-pixels';
  constructor(reason: 'damaged' | 'too-many-pixels') {
    super(`image refused: ${reason}`);
    this.reason = reason;
  }
}

// Decoded images are not kept between uploads: each is read once.
sharp.cache(false);

/**
 * The image without its metadata (location, camera, author, software, colour profile, embedded
 * text): decoded and encoded again by sharp (libvips) in the same format, the EXIF orientation
 * applied to the pixels first so the picture still stands the right way up, every frame of an
 * animation kept. Whatever rode along in or behind the file is gone, as sharp writes no metadata
 * unless asked. Other kinds are returned as they are.
 */
export async function stripImageMetadata(kind: FileKind, bytes: Buffer): Promise<Buffer> {
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'webp') return bytes;
  try {
    // failOn 'warning': a truncated or damaged image is refused rather than half decoded.
    const image = sharp(bytes, {
      animated: true,
      failOn: 'warning',
      limitInputPixels: MAX_IMAGE_PIXELS,
    }).autoOrient();
    // Quality 90: a second lossy pass that people do not see; PNG stays lossless.
    const encoded =
      kind === 'jpeg'
        ? image.jpeg({ quality: 90 })
        : kind === 'png'
          ? image.png()
          : image.webp({ quality: 90 });
    return await encoded.toBuffer();
  } catch (err) {
    // sharp's message may quote the file's internals: only which of the two it was is kept.
    const tooLarge = err instanceof Error && /pixel limit/i.test(err.message);
    throw new ImageFormatError(tooLarge ? 'too-many-pixels' : 'damaged');
  }
}
