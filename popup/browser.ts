// The browser's extension API as the popup uses it: the native namespace (`browser` in Firefox,
// `chrome` in Chromium), promise-based in MV3 for everything the popup calls (docs/firefox.md). The
// polyfill would be ~3 KB of the popup's first load for nothing: what it adds matters for a listener
// that answers runtime messages with a promise, and the popup has none (the worker keeps it).
import type Browser from 'webextension-polyfill';

export const browser: Browser.Browser =
  (globalThis as { browser?: Browser.Browser }).browser ??
  (globalThis as unknown as { chrome: Browser.Browser }).chrome;
export type { Runtime } from 'webextension-polyfill';
