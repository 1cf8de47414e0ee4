// Regenerates the README's pictures of the demo table (docs/screenshots/<scene>.png): each scene (a
// system's worked example, under the system's id, and its army, `<system>-army`) with its overlay, and
// the popup beside it reading that tab's board, as a user sees them. Uses the browser tests' harness
// (test/browser): `npm run screenshots` builds first.
//   npm run screenshots                 every scene
//   npm run screenshots -- bdc dc-army  some of them
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENE_IDS, isSceneId, type SceneId } from '../src/adapters/demo/scenes';
import { boardAndPopup } from '../test/browser/demo';
import { launchExtension } from '../test/browser/launch';
import { palettePng } from './png-palette';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs/screenshots');
const BOARD = { width: 1100, height: 680 };
// The popup at a toolbar popup's size: its first screen, the game's next actions in view.
const POPUP = { width: 400, height: 600 };
/** The picture is scaled down to this width: the README shows it at about that size, and PNGs stay small. */
const WIDTH = 1200;

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !isSceneId(a));
if (unknown.length) {
  console.error(`screenshots: unknown scene(s) ${unknown.join(', ')}; one of ${SCENE_IDS.join(', ')}`);
  process.exit(1);
}
const scenes: SceneId[] = asked.length ? (asked as SceneId[]) : [...SCENE_IDS];

/** Runs in a blank page: the two pictures side by side on a canvas, scaled to `width`; its pixels. */
const COMPOSE = `async ({ a, b, width, gutter }) => {
  const load = (src) => new Promise((resolve, reject) => { const i = new Image(); i.onload = () => resolve(i); i.onerror = reject; i.src = src; });
  const [left, right] = await Promise.all([load(a), load(b)]);
  const scale = width / (left.width + gutter + right.width);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.round(Math.max(left.height, right.height) * scale);
  const g = canvas.getContext('2d');
  g.fillStyle = '#9a978c';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.imageSmoothingQuality = 'high';
  g.drawImage(left, 0, 0, left.width * scale, left.height * scale);
  g.drawImage(right, (left.width + gutter) * scale, 0, right.width * scale, right.height * scale);
  const { data } = g.getImageData(0, 0, canvas.width, canvas.height);
  // The raw pixels, as base64, in slices (String.fromCharCode takes a bounded number of arguments).
  let text = '';
  for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return { width: canvas.width, height: canvas.height, rgba: btoa(text) };
}`;

fs.mkdirSync(out, { recursive: true });
const ext = await launchExtension({ locale: 'en-US' });
try {
  for (const scene of scenes) {
    const { board, popup: side, errors } = await boardAndPopup(ext, scene, BOARD, POPUP);
    // Side by side on a canvas, scaled to WIDTH: the board, a gutter, the popup.
    const composer = await ext.context.newPage();
    const args = {
      a: `data:image/png;base64,${board.toString('base64')}`,
      b: `data:image/png;base64,${side.toString('base64')}`,
      width: WIDTH,
      gutter: 8,
    };
    // Handed over as source text: tsx would wrap the named helpers of a function in its own (absent) __name.
    const picture = (await composer.evaluate(`(${COMPOSE})(${JSON.stringify(args)})`)) as {
      width: number;
      height: number;
      rgba: string;
    };
    const file = path.join(out, `${scene}.png`);
    fs.writeFileSync(file, palettePng(Buffer.from(picture.rgba, 'base64'), picture.width, picture.height));
    console.log(
      `screenshots: ${path.relative(root, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)${errors.length ? ` page errors: ${errors.join('; ')}` : ''}`,
    );
    await composer.close();
  }
} finally {
  await ext.close();
}
