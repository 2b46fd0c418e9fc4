import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAVICON_SIZES, RASTER_ICONS } from './app-icons.ts';

const publicDir = join(import.meta.dirname, '..', 'public');
const manifest = JSON.parse(readFileSync(join(publicDir, 'manifest.webmanifest'), 'utf8'));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web app manifest and icons', () => {
  it('states what an installable app needs, in standalone display within its scope', () => {
    expect(manifest).toMatchObject({
      name: 'Innerview',
      short_name: 'Innerview',
      display: 'standalone',
      scope: '/',
    });
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.user_preferences.color_scheme.dark.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const purposes = manifest.icons.map((i: { purpose: string; sizes: string }) => `${i.purpose} ${i.sizes}`);
    for (const needed of ['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512'])
      expect(purposes).toContain(needed);
  });

  it('every raster icon the manifest names exists at the size it states', () => {
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(readFileSync(join(publicDir, icon.src)))).toEqual({ width, height });
    }
    for (const icon of RASTER_ICONS)
      expect(pngSize(readFileSync(join(publicDir, icon.file)))).toEqual({
        width: icon.size,
        height: icon.size,
      });
  });

  it('favicon.ico holds a PNG per favicon size', () => {
    const ico = readFileSync(join(publicDir, 'favicon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(FAVICON_SIZES.length);
    FAVICON_SIZES.forEach((size, i) => {
      const entry = 6 + 16 * i;
      const image = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      expect(pngSize(image)).toEqual({ width: size, height: size });
    });
  });
});
