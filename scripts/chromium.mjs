// Locate Debian's Chromium (or CHROMIUM_PATH) for the scripts that drive a browser.
import fs from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'];

export const INSTALL_HINT =
  'Chromium not found. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
  'or set CHROMIUM_PATH to a Chromium / Chrome for Testing binary. ' +
  '(Branded Google Chrome 137+ ignores --load-extension and will not work.)';

/** Path of the Chromium binary, or null when none is found. */
export function chromiumPath() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : null;
  return CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
