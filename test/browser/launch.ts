// Launch headless Chromium with the built extension (dist/extension) for browser tests.
// Uses Debian's Chromium (or CHROMIUM_PATH) through playwright-core; see docs/toolchain notes §7.
import type { StoreRoot } from '../../src/store/root';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { chromiumPath as findChromium, INSTALL_HINT, isRoot } from '../../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const extensionDir = path.join(
  process.env.COMMAND_POST_DIST ? path.resolve(process.env.COMMAND_POST_DIST) : path.join(root, 'dist'),
  'extension',
);
const builtDir = extensionDir;

/** Path of the Chromium binary ($CHROMIUM_PATH, else Debian's). Throws with install instructions if none exists: tests never skip. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(`Browser tests need Chromium. ${INSTALL_HINT}`);
  return found;
}

export interface LaunchedExtension {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  popupUrl: string;
  close(): Promise<void>;
}

/**
 * `profileDir`: reuse this browser profile and keep it on close (to test that a restart loses nothing);
 * by default each launch gets a fresh profile, removed on close. `dir`: another build of the extension.
 * `touch`: every page a phone's or a tablet's (touch events, mobile viewport).
 */
export async function launchExtension(
  opts: { locale?: string; profileDir?: string; args?: string[]; dir?: string; touch?: boolean } = {},
): Promise<LaunchedExtension> {
  const executablePath = chromiumPath();
  const extensionDir = opts.dir ?? builtDir;
  if (!fs.existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error('dist/extension/manifest.json not found: run `npm run build` before the browser tests.');
  }
  const userDataDir = opts.profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-test-'));
  const removeProfile = () => {
    if (!opts.profileDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  // Locale, measured with headless Chromium 156 (Debian):
  // - `--lang=fr` switches the extension's message bundle: chrome.i18n.getMessage() and the
  //   localized manifest name are French in the worker and in pages. Use a UI locale Chromium
  //   ships (`fr`, `ru`, `en-US`); `--lang=fr-FR` silently falls back to English.
  // - chrome.i18n.getUILanguage() still says "en-US" under --lang alone; Playwright's `locale`
  //   option makes it (and navigator.language, Intl defaults) follow in pages but not in
  //   the service worker.
  // - The LANGUAGE / LANG / LC_ALL environment variables have no effect.
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      ...(opts.locale ? { locale: opts.locale } : {}),
      // A phone or a tablet: touch events, and the page laid out at the device's width (its viewport meta read).
      ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
      args: [
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        ...(isRoot() ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        ...(opts.locale ? [`--lang=${opts.locale}`] : []),
        // Extra flags, e.g. the Roll20 fixture's host-resolver rules and certificate flag.
        ...(opts.args ?? []),
      ],
    });
  } catch (err) {
    removeProfile();
    throw err;
  }
  const close = async () => {
    await context.close().catch(() => {});
    removeProfile();
  };
  try {
    const isExt = (w: Worker) => w.url().startsWith('chrome-extension://');
    const worker =
      context.serviceWorkers().find(isExt) ??
      (await context.waitForEvent('serviceworker', { predicate: isExt, timeout: 30_000 }));
    const extensionId = new URL(worker.url()).host;
    return { context, worker, extensionId, popupUrl: `chrome-extension://${extensionId}/popup.html`, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Sends requests to the worker as the popup does (from an extension page), e.g. to choose the rule
 * system the board shows; returns the worker's answers.
 */
export async function request(ext: LaunchedExtension, ...messages: object[]): Promise<unknown[]> {
  const page = await ext.context.newPage();
  try {
    await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    return await page.evaluate(async (ms) => {
      const out: unknown[] = [];
      for (const m of ms)
        out.push(
          await (
            globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
          ).chrome.runtime.sendMessage(m),
        );
      return out;
    }, messages);
  } finally {
    await page.close();
  }
}

/** The store's root as the worker holds it (each game whole: storage keeps long logs in chunks). */
export function storedRoot<T = StoreRoot>(ext: LaunchedExtension): Promise<T> {
  return ext.worker.evaluate(() =>
    (globalThis as unknown as { commandPostRoot: () => Promise<unknown> }).commandPostRoot(),
  ) as Promise<T>;
}

/** What the worker keeps in storage.session, by key. */
export const sessionItems = (ext: LaunchedExtension): Promise<Record<string, unknown>> =>
  ext.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } } }
    ).chrome.storage.session.get(null),
  );

/** The popup as the toolbar opens it on tab `tab`, 400 × 600: a new page each time, its game loaded. */
export async function toolbarPopup(ext: LaunchedExtension, tab: number): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 400, height: 600 });
  await page.goto(`${ext.popupUrl}?tab=${tab}`);
  await page.locator('.undo-bar').waitFor();
  return page;
}

/** The worker running now (a stopped one is started again by the next message, as a new worker). */
export const runningWorker = (ext: LaunchedExtension): Worker =>
  ext.context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))!;

/**
 * storage.local as the running worker sees it: read whole, or replaced by `items` from the worker
 * itself (no page is open to react meanwhile). Sent as JSON text and parsed there, so that own
 * `__proto__` keys make the trip.
 */
export function workerStorage(ext: () => LaunchedExtension) {
  type Chrome = {
    storage: {
      local: { get(k: null): Promise<Record<string, unknown>>; clear(): Promise<void>; set(i: object): Promise<void> };
    };
  };
  return {
    get: () =>
      runningWorker(ext()).evaluate(() => (globalThis as unknown as { chrome: Chrome }).chrome.storage.local.get(null)),
    put: (items: Record<string, unknown>) =>
      runningWorker(ext()).evaluate(async (json) => {
        const local = (globalThis as unknown as { chrome: Chrome }).chrome.storage.local;
        await local.clear();
        await local.set(JSON.parse(json) as Record<string, unknown>);
      }, JSON.stringify(items)),
  };
}
