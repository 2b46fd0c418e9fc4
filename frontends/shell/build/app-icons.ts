// The app's mark as SVG, in the two shapes the platforms ask for:
// - "any": a rounded tile on a transparent background (favicons, install dialogs, desktop shortcuts);
// - "full-bleed": the tile's colour to every edge with the mark inside the central 80 % safe zone
//   (maskable icons, which the platform cuts to its own shape, and Apple's touch icon, which
//   must be opaque).
// The PNG and ICO files under public/ are rendered from these by render-app-icons.ts.

/** The UI kit's light accent (packages/ui/src/styles.css `--iv-color-accent`). */
export const BRAND_COLOUR = '#0f6660';

export type IconShape = 'any' | 'full-bleed';

/** A speech bubble holding a circle: a conversation that looks inward. */
function mark(scale: number): string {
  // Drawn on a 100-unit grid centred at 50,50; `scale` shrinks it toward the centre.
  const offset = 50 - 50 * scale;
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">
    <path fill="#ffffff" d="M50 18c19.9 0 36 13.4 36 30S69.9 78 50 78c-4.3 0-8.4-.6-12.2-1.8L22 84l3.6-14.2C18.4 64.3 14 56.6 14 48c0-16.6 16.1-30 36-30z"/>
    <circle cx="50" cy="48" r="13" fill="none" stroke="${BRAND_COLOUR}" stroke-width="6"/>
    <circle cx="50" cy="48" r="4" fill="${BRAND_COLOUR}"/>
  </g>`;
}

export function appIconSvg(shape: IconShape): string {
  const tile =
    shape === 'any'
      ? `<rect x="4" y="4" width="92" height="92" rx="22" fill="${BRAND_COLOUR}"/>${mark(0.86)}`
      : `<rect width="100" height="100" fill="${BRAND_COLOUR}"/>${mark(0.72)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><title>Innerview</title>${tile}</svg>\n`;
}

/** Every raster file of public/: its path, size in pixels and shape. */
export const RASTER_ICONS = [
  { file: 'icons/icon-192.png', size: 192, shape: 'any' },
  { file: 'icons/icon-256.png', size: 256, shape: 'any' },
  { file: 'icons/icon-384.png', size: 384, shape: 'any' },
  { file: 'icons/icon-512.png', size: 512, shape: 'any' },
  { file: 'icons/maskable-192.png', size: 192, shape: 'full-bleed' },
  { file: 'icons/maskable-512.png', size: 512, shape: 'full-bleed' },
  { file: 'apple-touch-icon.png', size: 180, shape: 'full-bleed' },
] as const satisfies ReadonlyArray<{ file: string; size: number; shape: IconShape }>;

/** The sizes inside /favicon.ico (browser tabs, bookmarks, Windows shortcuts). */
export const FAVICON_SIZES = [16, 32, 48] as const;

/**
 * An ICO file holding PNG images (allowed since Windows Vista, read by every current browser):
 * a 6-byte header, a 16-byte entry per image, then the images.
 */
export function icoFromPngs(images: ReadonlyArray<{ size: number; png: Uint8Array }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => Buffer.from(i.png))]);
}
