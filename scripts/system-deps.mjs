// What `npm start` and `npm test` need from the system besides Node, and how they get it: on Debian
// the packages .ci/run installs (chromium, firefox-esr, openssl; test/unit/system-deps.test.ts keeps the
// two lists the same), installed with apt-get when run as root (CI, containers); anyone else is told at
// once the one command to run, before anything is built.
//   node scripts/system-deps.mjs chromium firefox-esr openssl
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumPath, isRoot } from './chromium.mjs';

/** Each Debian package, and whether what it provides is there (or stands in by an environment variable). */
export const PACKAGES = {
  chromium: () => chromiumPath() !== null,
  'firefox-esr': () =>
    [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].some((p) => p && fs.existsSync(p)),
  openssl: () => spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0,
};

/** The packages of `wanted` that are not there. */
export const missingPackages = (wanted) => wanted.filter((name) => !PACKAGES[name]());

const hasApt = () => spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

/** The one command that installs `names` (as the user who runs it: sudo unless root). */
export const installCommand = (names, root = isRoot()) => `${root ? '' : 'sudo '}apt-get install -y ${names.join(' ')}`;

/**
 * Makes sure `wanted` are there: installed with apt-get as root, else false after saying what to run
 * (or which variable to set where there is no apt-get).
 */
export function ensurePackages(wanted, who, log = console) {
  const missing = missingPackages(wanted);
  if (missing.length === 0) return true;
  if (!hasApt()) {
    log.error(
      `${who}: ${missing.join(', ')} not found, and this system has no apt-get. Install ${missing.join(', ')}, or set CHROMIUM_PATH / FIREFOX_PATH to the browsers.`,
    );
    return false;
  }
  if (!isRoot()) {
    log.error(
      `${who}: ${missing.join(', ')} not found. Run:\n  ${installCommand(missing, false)}\n(or set CHROMIUM_PATH / FIREFOX_PATH to browsers you have)`,
    );
    return false;
  }
  log.log(`${who}: installing the Debian packages ${missing.join(', ')} (as .ci/run does)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) {
      log.error(`${who}: apt-get ${args.join(' ')} failed; run it yourself: ${installCommand(missing, true)}`);
      return false;
    }
  }
  const still = missingPackages(missing);
  if (still.length) log.error(`${who}: ${still.join(', ')} still not found after installing.`);
  return still.length === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(name in PACKAGES));
  if (unknown.length) {
    console.error(`system-deps: unknown package(s) ${unknown.join(', ')}; one of ${Object.keys(PACKAGES).join(', ')}`);
    process.exit(2);
  }
  if (!ensurePackages(wanted, 'npm test')) process.exit(1);
}
