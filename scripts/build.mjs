// Bundle the extension into dist/extension/ and the Owlbear Rodeo extension into dist/owlbear/ with esbuild.
//   node scripts/build.mjs         production: minified, no source maps
//   node scripts/build.mjs --dev   development: not minified, inline source maps
// Also writes esbuild metafiles to dist/meta/ and dist/build-info.json (read by size.mjs).
// Environment: COMMAND_POST_OWLBEAR_BASE, the path the Owlbear extension is served under (default
// `/`; e.g. `/command-post/` on GitHub Pages), written into its manifest; COMMAND_POST_OWLBEAR_ORIGINS,
// comma-separated origins where it is hosted, which the browser extension's bridge trusts too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { DIST_DIR, LANGUAGES, loadCatalogue, writeLocales } from './locales.mjs';
import { RULES_DIR, writeRulesIndex } from './rules-index.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = DIST_DIR;
const out = path.join(dist, 'extension');
const metaDir = path.join(dist, 'meta');
const dev = process.argv.includes('--dev');
const started = performance.now();

/** name: bundle name (also the metafile name); in: source entry; out: file in dist/extension. */
const ENTRIES = [
  // The popup loads each rule system's panel on demand (dynamic import), so esbuild splits it into chunks.
  { name: 'popup', in: 'popup/main.tsx', out: 'popup.js', format: 'esm', splitting: true },
  { name: 'background', in: 'background/worker.ts', out: 'background.js', format: 'esm' },
  // The board (every rule system's view, the overlay, the popup's summary): a content script run just
  // before a tabletop's own in the same world, so that each stays within its size budget.
  { name: 'content-board', in: 'content/board.ts', out: 'content-board.js', format: 'iife' },
  { name: 'content-roll20', in: 'content/roll20.ts', out: 'content-roll20.js', format: 'iife' },
  // Runs in the Roll20 page's own world (web-accessible, injected by content-roll20): no extension API there.
  { name: 'roll20-page', in: 'content/roll20-page.ts', out: 'roll20-page.js', format: 'iife' },
  // The demo table, an extension page (demo.html): the board, every system's view and the scenes, in one file.
  { name: 'demo', in: 'demo/main.tsx', out: 'demo.js', format: 'esm' },
  // The bridge to the Command Post extension Owlbear Rodeo loads in an iframe (docs/owlbear.md).
  { name: 'content-owlbear', in: 'content/owlbear.ts', out: 'content-owlbear.js', format: 'iife' },
];

/** The Owlbear Rodeo extension (dist/owlbear/): its two pages share their common code as chunks. */
const OWLBEAR = { name: 'owlbear', in: ['owlbear/background.ts', 'owlbear/action.tsx'] };
const owlbearOut = path.join(dist, 'owlbear');
const owlbearBase = (process.env.COMMAND_POST_OWLBEAR_BASE ?? '/').replace(/\/*$/, '/');
const owlbearOrigins = (process.env.COMMAND_POST_OWLBEAR_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
if (!owlbearBase.startsWith('/') || owlbearOrigins.some((o) => !/^https?:\/\/[^/]+$/.test(o))) {
  console.error('build: COMMAND_POST_OWLBEAR_BASE must start with / and COMMAND_POST_OWLBEAR_ORIGINS be origins (https://host[:port])');
  process.exit(1);
}

const missing = [...ENTRIES.map((e) => e.in), ...OWLBEAR.in, 'manifest.json', 'popup/popup.html', 'popup/popup.css', 'demo/demo.html', 'demo/demo.css', 'owlbear/background.html', 'owlbear/action.html', 'owlbear/owlbear.css', 'owlbear/icons/icon.svg', 'locales', path.relative(root, RULES_DIR)]
  .filter((p) => !fs.existsSync(path.join(root, p)));
if (missing.length) {
  console.error(`build: missing source file(s): ${missing.join(', ')}`);
  process.exit(1);
}

fs.rmSync(out, { recursive: true, force: true });
fs.rmSync(owlbearOut, { recursive: true, force: true });
fs.rmSync(metaDir, { recursive: true, force: true });
fs.rmSync(path.join(dist, 'build-info.json'), { force: true });
fs.mkdirSync(out, { recursive: true });
fs.mkdirSync(metaDir, { recursive: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  minify: !dev,
  sourcemap: dev ? 'inline' : false,
  target: ['chrome120', 'firefox128'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: dev ? 'inline' : 'none',
  metafile: true,
  logLevel: 'warning',
  define: { COMMAND_POST_OWLBEAR_ORIGINS: JSON.stringify(owlbearOrigins) },
};

let results;
let owlbearResult;
try {
  [owlbearResult, ...results] = await Promise.all([
    // A web page served over HTTPS, not an extension: the SDK bundled in, the two pages splitting what they share.
    esbuild.build({ ...common, entryPoints: OWLBEAR.in, format: 'esm', splitting: true, outdir: owlbearOut, entryNames: '[name]', chunkNames: 'chunks/[name]-[hash]' }),
    ...ENTRIES.map((e) =>
      esbuild.build({
        ...common,
        entryPoints: [e.in],
        format: e.format,
        ...(e.splitting
          ? { splitting: true, outdir: out, entryNames: path.basename(e.out, '.js'), chunkNames: 'chunks/[name]-[hash]' }
          : { outfile: path.join(out, e.out) }),
      }),
    ),
  ]);
} catch {
  // esbuild already printed the errors.
  process.exit(1);
}
ENTRIES.forEach((e, i) =>
  fs.writeFileSync(path.join(metaDir, `${e.name}.json`), JSON.stringify(results[i].metafile)),
);
fs.writeFileSync(path.join(metaDir, `${OWLBEAR.name}.json`), JSON.stringify(owlbearResult.metafile));

// Static files.
fs.copyFileSync(path.join(root, 'manifest.json'), path.join(out, 'manifest.json'));
writeLocales(out);
// The rule lookup's index (docs/rules/ → lookup/<lang>.json), fetched by the popup when the search opens.
try {
  writeRulesIndex(out);
} catch (err) {
  console.error(`build: ${err.message}`);
  process.exit(1);
}
fs.mkdirSync(path.join(out, 'icons'));
for (const f of fs.readdirSync(path.join(root, 'icons')).filter((f) => f.endsWith('.png'))) {
  fs.copyFileSync(path.join(root, 'icons', f), path.join(out, 'icons', f));
}
fs.copyFileSync(path.join(root, 'popup/popup.html'), path.join(out, 'popup.html'));
fs.copyFileSync(path.join(root, 'popup/popup.css'), path.join(out, 'popup.css'));
fs.copyFileSync(path.join(root, 'demo/demo.html'), path.join(out, 'demo.html'));
fs.copyFileSync(path.join(root, 'demo/demo.css'), path.join(out, 'demo.css'));

// The Owlbear extension's static files. Owlbear reads its manifest's paths from the root of the host
// (a bare `icon.svg` fails inside Owlbear), so they carry the base path; icons are files, never data: URLs.
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const en = loadCatalogue('en');
const description = en.owlbear_manifest_description.message;
if (description.length > 128) {
  console.error(`build: the Owlbear manifest's description is ${description.length} characters; Owlbear's store takes 128`);
  process.exit(1);
}
const owlbearManifest = {
  name: 'Command Post',
  version: pkg.version,
  manifest_version: 1,
  description,
  author: 'Command Post',
  homepage_url: 'https://owlbear.commandpost.dev/',
  icon: `${owlbearBase}icon.svg`,
  background_url: `${owlbearBase}background.html`,
  action: { title: 'Command Post', icon: `${owlbearBase}icon.svg`, popover: `${owlbearBase}action.html`, height: 600, width: 420 },
};
fs.writeFileSync(path.join(owlbearOut, 'manifest.json'), JSON.stringify(owlbearManifest, null, 2) + '\n');
for (const f of ['background.html', 'action.html', 'owlbear.css']) fs.copyFileSync(path.join(root, 'owlbear', f), path.join(owlbearOut, f));
fs.copyFileSync(path.join(root, 'popup/popup.css'), path.join(owlbearOut, 'popup.css'));
fs.mkdirSync(path.join(owlbearOut, 'icons'));
for (const f of fs.readdirSync(path.join(root, 'owlbear/icons')).filter((f) => f.endsWith('.svg'))) fs.copyFileSync(path.join(root, 'owlbear/icons', f), path.join(owlbearOut, 'icons', f));
fs.copyFileSync(path.join(root, 'owlbear/icons/icon.svg'), path.join(owlbearOut, 'icon.svg'));
// The pages' strings, one merged catalogue per language, fetched by the page in its player's language.
fs.mkdirSync(path.join(owlbearOut, 'locales'));
for (const lang of LANGUAGES) fs.writeFileSync(path.join(owlbearOut, 'locales', `${lang}.json`), JSON.stringify(loadCatalogue(lang)));
writeRulesIndex(owlbearOut);
// Static hosts that read these files (Cloudflare Pages, Netlify): Owlbear fetches the manifest from another origin.
fs.writeFileSync(path.join(owlbearOut, '_headers'), '/*\n  Access-Control-Allow-Origin: *\n');

const ms = Math.round(performance.now() - started);
fs.writeFileSync(
  path.join(dist, 'build-info.json'),
  JSON.stringify({ mode: dev ? 'development' : 'production', builtAt: new Date().toISOString(), ms }, null, 2) + '\n',
);
console.log(`build: ${dev ? 'development' : 'production'} build in ${path.relative(root, out) || out}/ and ${path.relative(root, owlbearOut) || owlbearOut}/ (${ms} ms)`);
