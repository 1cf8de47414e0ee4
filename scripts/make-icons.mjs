// Render icons/icon.svg to icons/icon-{16,32,48,128}.png with headless Chromium.
// Run by hand after editing the SVG (`node scripts/make-icons.mjs`); the PNGs are committed
// and the build only copies them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath, INSTALL_HINT, isRoot } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = [16, 32, 48, 128];

const exe = chromiumPath();
if (!exe) {
  console.error(INSTALL_HINT);
  process.exit(1);
}

const svg = fs.readFileSync(path.join(root, 'icons/icon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await chromium.launch({
  executablePath: exe,
  headless: true,
  args: [...(isRoot() ? ['--no-sandbox'] : []), '--disable-gpu'],
});
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    const out = path.join(root, `icons/icon-${size}.png`);
    await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`icons/icon-${size}.png  ${fs.statSync(out).size} B`);
  }
} finally {
  await browser.close();
}
