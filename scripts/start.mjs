// Open Debian's Chromium (headful, so under Xvfb too) with dist/extension loaded on the demo table,
// and the popup in a small window beside it. `npm start` builds a development bundle first;
// `npm start -- --scene=dc` opens another scene: a system's worked example (hd-command, hd-modifiers,
// bdc, dc, cr) or its army (hd-command-army, …, cr-army; src/adapters/demo/scenes.ts). The profile
// persists in .profile/. Runs until the browser is closed; Ctrl-C closes it (Playwright handles
// SIGINT/SIGTERM). Without a display it prints how to load the extension and where the demo table is.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath, INSTALL_HINT, isRoot } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ext = path.join(root, 'dist/extension');
const rel = path.relative(process.cwd(), ext) || '.';

if (!fs.existsSync(path.join(ext, 'manifest.json'))) {
  console.error('start: dist/extension/manifest.json not found. Run `npm run build:dev` (or `npm start`).');
  process.exit(1);
}

const SCENES = ['hd-command', 'hd-modifiers', 'bdc', 'dc', 'cr'].flatMap((system) => [system, `${system}-army`]);
const asked = process.argv.find((a) => a.startsWith('--scene='))?.slice('--scene='.length);
if (asked !== undefined && !SCENES.includes(asked)) {
  console.error(`start: unknown scene "${asked}"; one of ${SCENES.join(', ')}`);
  process.exit(1);
}
const scene = asked ?? 'bdc';

/** The id Chromium gives an unpacked extension: the first 128 bits of SHA-256 of its folder's path, in letters a–p. */
const unpackedId = (dir) => [...crypto.createHash('sha256').update(dir).digest('hex').slice(0, 32)].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');

const manual = `The extension is built in ${rel}/. To load it by hand:
  Chrome/Chromium: open chrome://extensions, enable "Developer mode", click "Load unpacked"
                   and pick the folder ${ext}
                   then open the demo table: chrome-extension://${unpackedId(ext)}/demo.html?scene=${scene}
                   (the id Chromium gives that folder), or click "Try it on the demo table" in the popup
  Firefox:         open about:debugging#/runtime/this-firefox, click "Load Temporary Add-on…"
                   and pick ${path.join(ext, 'manifest.json')}
                   (or run: npx web-ext run -s ${rel}); the demo table is demo.html in the
                   extension (${path.join(ext, 'demo.html')}): open it from the popup
No account and no network are needed: the demo table is a page of the extension.`;

if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.log(`start: no display found (DISPLAY and WAYLAND_DISPLAY are unset), so no browser is opened.\n${manual}`);
  process.exit(0);
}

const exe = chromiumPath();
if (!exe) {
  console.error(`start: ${INSTALL_HINT}\n${manual}`);
  process.exit(1);
}

const profile = path.join(root, '.profile');
const context = await chromium.launchPersistentContext(profile, {
  executablePath: exe,
  headless: false,
  viewport: null,
  args: [
    `--disable-extensions-except=${ext}`,
    `--load-extension=${ext}`,
    ...(isRoot() ? ['--no-sandbox'] : []),
    '--no-first-run',
    '--no-default-browser-check',
    '--window-size=1280,800',
  ],
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
// The popup beside the board, as the page's own button opens it: a small window reading this tab's board.
try {
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15_000 });
  await page.evaluate(async () => {
    const tab = await chrome.tabs.getCurrent();
    // At the right of the screen, whatever its size (a small virtual display too).
    const width = Math.min(440, screen.availWidth);
    const height = Math.min(800, screen.availHeight);
    await chrome.windows.create({ url: chrome.runtime.getURL(`popup.html?tab=${tab.id}`), type: 'popup', width, height, left: Math.max(0, screen.availWidth - width), top: 0 });
  });
} catch (err) {
  console.warn(`start: the popup window could not be opened beside the board (${err.message}); use the page's "Open the popup" button.`);
}
console.log(`start: extension ${id} loaded from ${rel}/ (profile: .profile/)
  demo table: ${demoUrl}
  popup:      chrome-extension://${id}/popup.html
Close the browser to stop.`);
await closed;
