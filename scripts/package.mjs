// `npm run package`: everything the stores ask for, in dist/packages/ (docs/store/README.md):
//   command-post-<version>-chrome.zip         the Chrome Web Store's upload (its manifest without Firefox's keys)
//   command-post-<version>-firefox.zip        Firefox Add-ons' upload (dist/extension/ as built)
//   command-post-<version>-source.zip         the source Firefox Add-ons' reviewers rebuild it from, with SOURCE.md
//   owlbear/                                  the Owlbear extension, as the repository's pages serve it
//   store/                                    the listing texts (docs/store/) and, unless --code-only, the
//                                             store images made from the demo table (scripts/store-images.ts)
//
//   npm run package                  all of it
//   npm run package -- --code-only   without the images (what the reproducibility check compares)
//
// The zips are reproducible: entries sorted, every date the same, the same compression. The check
// (scripts/package-check.mjs) rebuilds from the source package and compares the bytes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { DIST_DIR } from './locales.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const out = path.join(DIST_DIR, 'packages');
const codeOnly = process.argv.includes('--code-only');
const name = (what) => `${pkg.name}-${pkg.version}-${what}.zip`;
export const PACKAGES = { chrome: name('chrome'), firefox: name('firefox'), source: name('source') };

/** One date for every entry (local time, as zip stores it): 2 January 1980, the format's second day. */
const DATE = new Date(1980, 0, 2);

/** Every file under `dir`, as sorted forward-slash paths relative to it. */
export function filesUnder(dir) {
  const found = [];
  const walk = (at) => {
    for (const entry of fs.readdirSync(path.join(dir, at), { withFileTypes: true })) {
      const rel = at ? `${at}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else found.push(rel);
    }
  };
  walk('');
  return found.sort();
}

/** A zip of `files` (path → bytes), the same bytes for the same files. */
function zip(files) {
  const entries = {};
  for (const file of Object.keys(files).sort()) entries[file] = [files[file], { mtime: DATE }];
  return zipSync(entries, { level: 9, mtime: DATE });
}

/** Every file under `dir` with its bytes (path → bytes). */
export const filesOf = (dir) => Object.fromEntries(filesUnder(dir).map((f) => [f, fs.readFileSync(path.join(dir, f))]));

/** The manifest Chrome reads: Firefox's own keys left out (Chrome warns of each as unknown). */
export function chromeManifest(manifest) {
  const { browser_specific_settings: _firefox, ...rest } = manifest;
  const { scripts: _scripts, preferred_environment: _environment, ...background } = manifest.background;
  return { ...rest, background };
}

/** The source files: what git tracks (and any new file it does not ignore), as they are in the working tree. */
function sourceFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile())
    .sort();
}

/** What a reviewer reads first in the source package: how to rebuild the submitted files. */
function sourceInstructions() {
  // The settings that change what is built (where the build is written does not).
  const env = Object.keys(process.env)
    .filter((k) => k.startsWith('COMMAND_POST_') && k !== 'COMMAND_POST_DIST')
    .sort();
  const setting = env.length ? env.map((k) => `${k}=${process.env[k]}`).join(' ') + ' ' : '';
  const guide = fs.readFileSync(path.join(root, 'docs/store/firefox-source.md'), 'utf8');
  return guide
    .replaceAll('{{version}}', pkg.version)
    .replaceAll('{{node}}', process.versions.node)
    .replaceAll('{{build}}', `${setting}npm run build`);
}

function main() {
  const started = performance.now();
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const ext = path.join(DIST_DIR, 'extension');
  const built = filesOf(ext);
  fs.writeFileSync(path.join(out, PACKAGES.firefox), zip(built));
  const manifest = JSON.parse(built['manifest.json'].toString('utf8'));
  fs.writeFileSync(
    path.join(out, PACKAGES.chrome),
    zip({ ...built, 'manifest.json': Buffer.from(JSON.stringify(chromeManifest(manifest), null, 2) + '\n') }),
  );

  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim();
  if (dirty)
    console.warn('package: the working tree has changes not committed; the source package holds them as they are.');
  const source = Object.fromEntries(sourceFiles().map((f) => [f, fs.readFileSync(path.join(root, f))]));
  source['SOURCE.md'] = Buffer.from(sourceInstructions());
  fs.writeFileSync(path.join(out, PACKAGES.source), zip(source));

  fs.cpSync(path.join(DIST_DIR, 'owlbear'), path.join(out, 'owlbear'), { recursive: true });
  fs.cpSync(path.join(root, 'docs/store'), path.join(out, 'store'), { recursive: true });
  if (!codeOnly)
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        path.join(root, 'scripts/store-images.ts'),
        path.join(out, 'store'),
      ],
      { cwd: root, stdio: 'inherit' },
    );

  for (const f of Object.values(PACKAGES))
    console.log(
      `package: ${path.relative(root, path.join(out, f))} (${(fs.statSync(path.join(out, f)).size / 1024).toFixed(0)} KB)`,
    );
  console.log(
    `package: ${path.relative(root, out)}/owlbear/, ${path.relative(root, out)}/store/${codeOnly ? ' (no images: --code-only)' : ''} (${Math.round(performance.now() - started)} ms)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
