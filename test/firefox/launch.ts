// Launch Firefox ESR with the built extension (dist/extension) for the Firefox tests, through
// WebDriver BiDi with puppeteer-core (Playwright cannot load extensions into Firefox). What differs
// from Chromium, and why each option is here, is in docs/firefox.md.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { extensionDir } from '../browser/launch';

/** The manifest's gecko id, and the moz-extension:// UUID the tests fix for it. */
export const GECKO_ID = 'command-post@commandpost.dev';
export const UUID = '3f1c6a52-9b7e-4d1a-8c0f-6e2b9a4d7c15';
export const POPUP_URL = `moz-extension://${UUID}/popup.html`;
export const FIREFOX_HINT =
  'Install it with `apt-get install -y firefox-esr` (Debian; 140 or later), or set FIREFOX_PATH.';

export function firefoxPath(): string {
  const found = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find(
    (p) => p && fs.existsSync(p),
  );
  if (!found) throw new Error(`The Firefox tests need Firefox. ${FIREFOX_HINT}`);
  return found;
}

export interface LaunchedFirefox {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchFirefox(
  opts: { prefs?: Record<string, string | number | boolean>; locale?: string } = {},
): Promise<LaunchedFirefox> {
  if (!fs.existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error('dist/extension/manifest.json not found: run `npm run build` before the Firefox tests.');
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    // The Roll20 fixture's self-signed certificate (Chromium: --ignore-certificate-errors).
    acceptInsecureCerts: true,
    // WebDriver may open moz-extension:// pages only with this flag (Firefox refuses the navigation otherwise).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      // A fixed moz-extension:// origin for the temporary add-on, so that tests can open its popup.
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      ...(opts.locale ? { 'intl.locale.requested': opts.locale, 'intl.accept_languages': opts.locale } : {}),
      ...opts.prefs,
    },
  });
  try {
    const id = await browser.installExtension(extensionDir);
    if (id !== GECKO_ID) throw new Error(`installed ${id}, expected ${GECKO_ID}`);
  } catch (err) {
    await browser.close().catch(() => {});
    throw err;
  }
  return { browser, close: () => browser.close().catch(() => {}) };
}

/**
 * Opens an extension page. Firefox renders moz-extension:// pages but the navigation's promise
 * never settles over BiDi: start it without waiting, then wait for the page's own content.
 */
export async function openExtensionPage(ff: LaunchedFirefox, url: string, ready = 'main.popup h1'): Promise<Page> {
  const page = await ff.browser.newPage();
  void page.goto(url).catch(() => {});
  // While about:blank gives way to the extension page, a look at the page may hit the realm being
  // replaced (a BiDi protocol error): look again until the deadline.
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await page.waitForSelector(ready, { timeout: Math.max(1000, deadline - Date.now()) });
      return page;
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Sends requests to the background as the popup does (from an extension page); returns the answers. */
export async function request(ff: LaunchedFirefox, ...messages: object[]): Promise<unknown[]> {
  const page = await openExtensionPage(ff, POPUP_URL);
  try {
    return await page.evaluate(async (ms) => {
      const api = (globalThis as unknown as { browser: { runtime: { sendMessage(m: object): Promise<unknown> } } })
        .browser;
      const out: unknown[] = [];
      for (const m of ms) out.push(await api.runtime.sendMessage(m));
      return out;
    }, messages);
  } finally {
    await page.close();
  }
}

const helperPages = new WeakMap<LaunchedFirefox, Promise<Page>>();
/**
 * Runs `f` (the body of an async function of `browser`) in an extension page kept open for it
 * (Firefox's background has no handle here): storage reads and writes.
 */
export async function inExtension<T>(ff: LaunchedFirefox, f: string): Promise<T> {
  if (!helperPages.has(ff)) helperPages.set(ff, openExtensionPage(ff, POPUP_URL));
  const page = await helperPages.get(ff)!;
  return (await page.evaluate(`(async (browser) => { ${f} })(globalThis.browser)`)) as T;
}
