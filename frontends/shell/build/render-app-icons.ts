// Renders the app icons of public/ from the SVG mark (app-icons.ts) with the machine's Chromium:
//   ./node_modules/.bin/node frontends/shell/build/render-app-icons.ts
// The PNG and ICO files are committed (the image build has no browser); run this again after
// changing the mark. app-icons.test.ts checks the files are there at the sizes the manifest states.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { appIconSvg, FAVICON_SIZES, type IconShape, icoFromPngs, RASTER_ICONS } from './app-icons.ts';

const publicDir = join(import.meta.dirname, '..', 'public');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

async function png(shape: IconShape, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const svg = appIconSvg(shape).replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const image = await page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
  await page.close();
  return image;
}

try {
  writeFileSync(join(publicDir, 'favicon.svg'), appIconSvg('any'));
  for (const icon of RASTER_ICONS) {
    const target = join(publicDir, icon.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await png(icon.shape, icon.size));
  }
  const favicons = [];
  for (const size of FAVICON_SIZES) favicons.push({ size, png: await png('any', size) });
  writeFileSync(join(publicDir, 'favicon.ico'), icoFromPngs(favicons));
  console.log(`Wrote the icons to ${publicDir}`);
} finally {
  await browser.close();
}
