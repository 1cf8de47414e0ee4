// The stores' pictures, made from the demo table in the built extension (`npm run package` runs it
// after the build): for each language, each army scene with the popup beside it at 1280 × 800 (the
// size the Chrome Web Store and Firefox Add-ons ask for), and the Chrome Web Store's 440 × 280 tile.
//   tsx scripts/store-images.ts <folder> [scene…]   writes <folder>/<lang>/screenshot-<scene>.png, tile-440x280.png
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENE_IDS, isSceneId, type SceneId } from '../src/adapters/demo/scenes';
import { boardAndPopup } from '../test/browser/demo';
import { launchExtension, type LaunchedExtension } from '../test/browser/launch';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The stores' sizes. */
export const SCREENSHOT = { width: 1280, height: 800 };
export const TILE = { width: 440, height: 280 };
const GUTTER = 8;
/** The popup at a toolbar popup's width; the board takes the rest of the picture. */
const POPUP = { width: 420, height: SCREENSHOT.height };
const BOARD = { width: SCREENSHOT.width - POPUP.width - GUTTER, height: SCREENSHOT.height };

// Locales Chromium ships (launchExtension: `fr-FR` would fall back to English).
export const LANGUAGES = { en: 'en-US', fr: 'fr' } as const;
export type Language = keyof typeof LANGUAGES;
/** The army scenes: the board at play, every system. */
export const ARMY_SCENES = SCENE_IDS.filter((s) => s.endsWith('-army'));

/** The tile's one line, in each language: what the product does, at a glance. */
const TAGLINE: Record<Language, string> = {
  en: 'Command ranges, chains and points, on the board',
  fr: 'Portées, chaînes et points de commandement, sur la carte',
};

/** Runs in a blank page: the two pictures side by side on a canvas of the store's size; a PNG data URL. */
const COMPOSE = `async ({ a, b, width, height, gutter }) => {
  const load = (src) => new Promise((resolve, reject) => { const i = new Image(); i.onload = () => resolve(i); i.onerror = reject; i.src = src; });
  const [left, right] = await Promise.all([load(a), load(b)]);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  g.fillStyle = '#9a978c';
  g.fillRect(0, 0, width, height);
  g.drawImage(left, 0, 0);
  g.drawImage(right, left.width + gutter, 0);
  return canvas.toDataURL('image/png');
}`;

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

/** One army scene with the popup beside it, as a player sees them, at the stores' size. */
export async function screenshot(ext: LaunchedExtension, scene: SceneId): Promise<Buffer> {
  const { board, popup, errors } = await boardAndPopup(ext, scene, BOARD, POPUP);
  if (errors.length) throw new Error(`store-images: ${scene}: ${errors.join('; ')}`);
  const composer = await ext.context.newPage();
  const args = { a: dataUrl(board), b: dataUrl(popup), ...SCREENSHOT, gutter: GUTTER };
  // Handed over as source text: tsx would wrap the helpers of a function in its own (absent) __name.
  const url = (await composer.evaluate(`(${COMPOSE})(${JSON.stringify(args)})`)) as string;
  await composer.close();
  return fromDataUrl(url);
}

/** The small promotional tile: the icon, the name and what it does, in the language given. */
export async function tile(ext: LaunchedExtension, lang: Language): Promise<Buffer> {
  const page = await ext.context.newPage();
  try {
    await page.setViewportSize(TILE);
    const icon = dataUrl(fs.readFileSync(path.join(root, 'icons/icon-128.png')));
    await page.setContent(`<!doctype html><html lang="${lang}"><body style="margin:0;width:${TILE.width}px;height:${TILE.height}px;display:flex;align-items:center;gap:18px;padding:0 24px;box-sizing:border-box;background:#1d2a3a;color:#fff;font:600 17px/1.35 system-ui,sans-serif">
      <img src="${icon}" width="104" height="104" alt=""><div><div style="font-size:30px;font-weight:700;margin-bottom:10px;white-space:nowrap">Command Post</div><div id="tagline"></div></div></body></html>`);
    // Set as text: the page is built from our own strings, and stays so.
    await page.locator('#tagline').evaluate((el, text) => (el.textContent = text), TAGLINE[lang]);
    return await page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...TILE } });
  } finally {
    await page.close();
  }
}

/** Every picture of one language into `<folder>/<lang>/`. */
export async function writeImages(
  folder: string,
  lang: Language,
  scenes: readonly SceneId[] = ARMY_SCENES,
): Promise<string[]> {
  const dir = path.join(folder, lang);
  fs.mkdirSync(dir, { recursive: true });
  const ext = await launchExtension({ locale: LANGUAGES[lang] });
  const written: string[] = [];
  try {
    for (const scene of scenes) {
      const file = path.join(dir, `screenshot-${scene}.png`);
      fs.writeFileSync(file, await screenshot(ext, scene));
      written.push(file);
    }
    const file = path.join(dir, `tile-${TILE.width}x${TILE.height}.png`);
    fs.writeFileSync(file, await tile(ext, lang));
    written.push(file);
  } finally {
    await ext.close();
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [folder, ...asked] = process.argv.slice(2);
  const unknown = asked.filter((a) => !isSceneId(a));
  if (!folder || unknown.length) {
    console.error(
      `store-images: usage: tsx scripts/store-images.ts <folder> [scene…]${unknown.length ? `; unknown scene(s) ${unknown.join(', ')}` : ''}`,
    );
    process.exit(1);
  }
  for (const lang of Object.keys(LANGUAGES) as Language[]) {
    const files = await writeImages(folder, lang, asked.length ? (asked as SceneId[]) : ARMY_SCENES);
    console.log(`store-images: ${files.length} pictures in ${path.relative(root, path.join(folder, lang))}/`);
  }
}
