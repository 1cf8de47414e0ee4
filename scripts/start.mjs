// Open Debian's Chromium (headful) with dist/extension loaded and the popup in a tab.
// `npm start` builds a development bundle first. The profile persists in .profile/.
// Runs until the browser window is closed; Ctrl-C closes it (Playwright handles SIGINT/SIGTERM).
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

const manual = `The extension is built in ${rel}/. To load it by hand:
  Chrome/Chromium: open chrome://extensions, enable "Developer mode", click "Load unpacked"
                   and pick the folder ${ext}
  Firefox:         open about:debugging#/runtime/this-firefox, click "Load Temporary Add-on…"
                   and pick ${path.join(ext, 'manifest.json')}
                   (or run: npx web-ext run -s ${rel})`;

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
  ],
});
const closed = new Promise((resolve) => context.once('close', resolve));

let [worker] = context.serviceWorkers().filter((w) => w.url().startsWith('chrome-extension://'));
worker ??= await context.waitForEvent('serviceworker', {
  predicate: (w) => w.url().startsWith('chrome-extension://'),
  timeout: 30_000,
});
const id = new URL(worker.url()).host;
const popupUrl = `chrome-extension://${id}/popup.html`;
const [blank] = context.pages();
const page = blank && blank.url() === 'about:blank' ? blank : await context.newPage();
await page.goto(popupUrl);
console.log(`start: extension ${id} loaded from ${rel}/ (profile: .profile/)\n  popup: ${popupUrl}\nClose the browser to stop.`);
await closed;
