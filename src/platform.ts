// What differs between the browsers the extension runs in (Chromium, Firefox 140+), named in one
// place. docs/firefox.md lists every difference and where it is handled; code that needs a
// difference reads it from here rather than sniffing on its own.
//
// Handled elsewhere, each with a comment pointing back to docs/firefox.md:
// - content/roll20.ts, popup/api.ts, background/worker.ts: the native `browser` namespace
//   (Firefox) or `chrome` (Chromium); both return promises in MV3.
// - popup/roll20/Roll20Part.tsx: copying to the clipboard (navigator.clipboard works on a click in
//   both; a text box to copy from by hand when it does not).

/** The browser the extension runs in, read from its own URL scheme (moz-extension:// in Firefox). */
export function browserOf(extensionUrl: string): 'firefox' | 'chromium' {
  return extensionUrl.startsWith('moz-extension:') ? 'firefox' : 'chromium';
}

const api = globalThis as {
  browser?: { runtime?: { getURL?(p: string): string } };
  chrome?: { runtime?: { getURL?(p: string): string } };
};
/** In an extension context (popup, worker, content script); `chromium` elsewhere (unit tests). */
export const BROWSER: 'firefox' | 'chromium' = browserOf(
  (api.browser?.runtime?.getURL ?? api.chrome?.runtime?.getURL)?.('') ?? '',
);
