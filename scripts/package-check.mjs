// `npm run package:check`: the packages are what their source builds, byte for byte, and name no
// developer's machine. In a folder of its own (the repository's dist/ is left alone):
//   1. packages (--code-only);
//   2. unpacks the source package into an empty folder and builds there as a reviewer would (with a
//      copy of node_modules: `npm ci` from the same lock file installs the same bytes), and compares
//      every file of the built extension with the Firefox zip, and of the Owlbear extension with the
//      packaged folder;
//   3. packages a second time and compares the zips themselves;
//   4. reads every packaged file for `localhost` and 127.0.0.1.
// Prints each difference by name, and exits 1 if there is one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { PACKAGES, filesOf } from './package.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Beside node_modules, so that the reviewer's copy of it can be hard links (below).
const work = path.join(root, 'dist', 'package-check');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
const problems = [];
const started = performance.now();

const packageInto = (dist) =>
  execFileSync(process.execPath, [path.join(root, 'scripts/package.mjs'), '--code-only'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, COMMAND_POST_DIST: dist },
  });

/** Names what differs between two sets of files (path → bytes). */
function compare(what, expected, actual) {
  for (const f of Object.keys(expected)) {
    if (!(f in actual)) problems.push(`${what}: ${f} is not built from the source`);
    else if (!Buffer.from(expected[f]).equals(Buffer.from(actual[f])))
      problems.push(`${what}: ${f} differs (${expected[f].length} bytes packaged, ${actual[f].length} built)`);
  }
  for (const f of Object.keys(actual)) if (!(f in expected)) problems.push(`${what}: ${f} is built but not packaged`);
}

try {
  const first = path.join(work, 'first');
  packageInto(first);
  const packaged = path.join(first, 'packages');

  // A reviewer's build, from the source package alone.
  const source = path.join(work, 'source');
  for (const [file, bytes] of Object.entries(unzipSync(fs.readFileSync(path.join(packaged, PACKAGES.source))))) {
    fs.mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
    fs.writeFileSync(path.join(source, file), bytes);
  }
  // A copy, not a link: esbuild follows a link to the real path, which would change the chunks' names.
  try {
    execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(source, 'node_modules')]);
  } catch {
    fs.cpSync(path.join(root, 'node_modules'), path.join(source, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  const env = { ...process.env };
  delete env.COMMAND_POST_DIST;
  execFileSync(process.execPath, [path.join(source, 'scripts/build.mjs')], {
    cwd: source,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  compare(
    'firefox zip',
    unzipSync(fs.readFileSync(path.join(packaged, PACKAGES.firefox))),
    filesOf(path.join(source, 'dist/extension')),
  );
  compare('owlbear folder', filesOf(path.join(packaged, 'owlbear')), filesOf(path.join(source, 'dist/owlbear')));

  // Packaging again makes the same zips.
  const second = path.join(work, 'second');
  packageInto(second);
  for (const zip of Object.values(PACKAGES)) {
    if (!fs.readFileSync(path.join(packaged, zip)).equals(fs.readFileSync(path.join(second, 'packages', zip))))
      problems.push(`${zip}: packaged twice, the bytes differ`);
  }

  // What is shipped names no developer's machine.
  const shipped = {
    ...Object.fromEntries(
      Object.entries(unzipSync(fs.readFileSync(path.join(packaged, PACKAGES.chrome)))).map(([f, b]) => [
        `chrome/${f}`,
        b,
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(unzipSync(fs.readFileSync(path.join(packaged, PACKAGES.firefox)))).map(([f, b]) => [
        `firefox/${f}`,
        b,
      ]),
    ),
    ...Object.fromEntries(Object.entries(filesOf(path.join(packaged, 'owlbear'))).map(([f, b]) => [`owlbear/${f}`, b])),
  };
  for (const [f, bytes] of Object.entries(shipped)) {
    const text = Buffer.from(bytes).toString('latin1');
    const at = text.search(/localhost|127\.0\.0\.1/);
    if (at >= 0) problems.push(`${f} names a developer's machine: …${text.slice(Math.max(0, at - 40), at + 40)}…`);
  }
  console.log(
    `package:check: ${Object.keys(shipped).length} shipped files read, ${Object.values(PACKAGES).length} zips packaged twice (${Math.round(performance.now() - started)} ms)`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`package:check: ${problems.length} difference(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('package:check: the packages are what their source builds, byte for byte, and name no localhost');
