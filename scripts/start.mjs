// `npm start`: builds a development bundle, then opens Debian's Chromium (headful, so under Xvfb too)
// with dist/extension loaded on the demo table, and the popup in a window of its own beside the board,
// the two side by side within the screen. Runs until the browser is closed; Ctrl-C closes it
// (Playwright handles SIGINT/SIGTERM).
//   npm start                      the Les bandes de Champagne scene
//   npm start -- --scene=dc        another scene: a system's worked example (hd-command, hd-modifiers, bdc, dc,
//                                  cr) or its army (hd-command-army, …, cr-army; src/adapters/demo/scenes.ts)
//   npm start -- --fresh           a clean browser profile (else the one in .profile/ is kept between runs)
// What it is asked is checked first, before anything is built. Without Chromium it installs it as
// root (Debian, as .ci/run does), else says the one command to run; without a display it builds and
// says how to load the extension by hand and where the demo table is.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, INSTALL_HINT, isRoot } from './chromium.mjs';
import { placeSideBySide, startArgs } from './side-by-side.mjs';
import { ensurePackages } from './system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ext = path.join(root, 'dist/extension');
const rel = path.relative(process.cwd(), ext) || '.';

const OPTIONS = ['--scene=', '--fresh'];
const args = process.argv.slice(2);
const unknownArgs = args.filter((a) => !OPTIONS.some((o) => (o.endsWith('=') ? a.startsWith(o) : a === o)));
if (unknownArgs.length) {
  console.error(`start: unknown option ${unknownArgs.join(' ')}; npm start [-- --scene=<scene>] [--fresh]`);
  process.exit(1);
}

/** The demo table's scenes, from the registry the page itself reads (src/adapters/demo/scenes.ts). */
async function sceneIds() {
  const { tsImport } = await import('tsx/esm/api');
  const { SCENE_IDS } = await tsImport('../src/adapters/demo/scenes.ts', import.meta.url);
  return [...SCENE_IDS];
}
const SCENES = await sceneIds();
const asked = args.find((a) => a.startsWith('--scene='))?.slice('--scene='.length);
if (asked !== undefined && !SCENES.includes(asked)) {
  console.error(`start: unknown scene "${asked}"; one of ${SCENES.join(', ')}. Nothing was built.`);
  process.exit(1);
}
const scene = asked ?? 'bdc';
const display = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

// The browser before the build: on a fresh machine the player learns at once what is missing.
if (display && !ensurePackages(['chromium'], 'npm start')) process.exit(1);

const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--dev'], {
  stdio: 'inherit',
  cwd: root,
});
if (built.status !== 0) process.exit(built.status ?? 1);

/** The id Chromium gives an unpacked extension: the first 128 bits of SHA-256 of its folder's path, in letters a–p. */
const unpackedId = (dir) =>
  [...crypto.createHash('sha256').update(dir).digest('hex').slice(0, 32)]
    .map((c) => String.fromCharCode(97 + parseInt(c, 16)))
    .join('');

const manual = `The extension is built in ${rel}/. To load it by hand:
  Chrome/Chromium: open chrome://extensions, enable "Developer mode", click "Load unpacked"
                   and pick the folder ${ext}
                   then open the demo table: chrome-extension://${unpackedId(ext)}/demo.html?scene=${scene}
                   (the id Chromium gives that folder), or click "Try it on the demo table" in the popup
  Firefox:         open about:debugging#/runtime/this-firefox, click "Load Temporary Add-on…"
                   and pick ${path.join(ext, 'manifest.json')}
                   (or run: npx web-ext run -s ${rel}); the demo table is demo.html in the
                   extension (${path.join(ext, 'demo.html')}): open it from the popup
No account and no network are needed: the demo table is a page of the extension.
On a machine without a display, Xvfb gives Chromium one: apt-get install -y xvfb, then xvfb-run -a npm start.`;

if (!display) {
  console.log(`start: no display found (DISPLAY and WAYLAND_DISPLAY are unset), so no browser is opened.\n${manual}`);
  process.exit(0);
}

const exe = chromiumPath();
if (!exe) {
  console.error(`start: ${INSTALL_HINT}\n${manual}`);
  process.exit(1);
}

const profile = path.join(root, '.profile');
if (args.includes('--fresh')) fs.rmSync(profile, { recursive: true, force: true });
const { chromium } = await import('playwright-core');
const context = await chromium.launchPersistentContext(profile, {
  executablePath: exe,
  headless: false,
  viewport: null,
  args: startArgs(ext, { root: isRoot() }),
});
const closed = new Promise((resolve) => context.once('close', resolve));

let [worker] = context.serviceWorkers().filter((w) => w.url().startsWith('chrome-extension://'));
worker ??= await context.waitForEvent('serviceworker', {
  predicate: (w) => w.url().startsWith('chrome-extension://'),
  timeout: 30_000,
});
const id = new URL(worker.url()).host;
const demoUrl = `chrome-extension://${id}/demo.html?scene=${scene}`;
const [blank] = context.pages();
const page = blank && blank.url() === 'about:blank' ? blank : await context.newPage();
await page.goto(demoUrl);
// The board and the popup side by side, within the screen whatever its size (./side-by-side.mjs).
try {
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15_000 });
  await placeSideBySide(page);
} catch (err) {
  console.warn(
    `start: the popup window could not be opened beside the board (${err.message}); use the page's "Open the popup" button.`,
  );
}
console.log(`start: extension ${id} loaded from ${rel}/ (profile: .profile/${args.includes('--fresh') ? ', fresh' : ''})
  demo table: ${demoUrl}
  popup:      chrome-extension://${id}/popup.html
Close the browser to stop.`);
await closed;
