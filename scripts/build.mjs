// Bundle the extension into dist/extension/ and the Owlbear Rodeo extension into dist/owlbear/ with esbuild.
//   node scripts/build.mjs         production: minified, no source maps
//   node scripts/build.mjs --dev   development: not minified, inline source maps
// Also writes esbuild metafiles to dist/meta/ and dist/build-info.json (read by size.mjs).
// Where the product lives comes from package.json (scripts/places.mjs); the environment may say where
// the Owlbear extension is hosted instead (COMMAND_POST_OWLBEAR_URL, COMMAND_POST_OWLBEAR_BASE,
// COMMAND_POST_OWLBEAR_ORIGINS, COMMAND_POST_HOMEPAGE): owlbear/build.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { owlbearSettings, writeOwlbearFiles } from '../owlbear/build.mjs';
import { productPlaces } from './places.mjs';
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
  // Roll20's one game for the table (the shared game, the rules it plays, the store's requests): a
  // module content-roll20 loads in its world once the table has a game (content/roll20-table-loader.ts).
  { name: 'content-table', in: 'content/roll20-table.ts', out: 'content-table.js', format: 'esm' },
  // What the popup asks a Roll20 tab for now and then (the finder, the diagnostics: content/roll20-asked.ts):
  // a module content-roll20 loads the first time, and never before.
  { name: 'content-asked', in: 'content/roll20-asked.ts', out: 'content-asked.js', format: 'esm' },
  // Roll20's content script, with the board it draws (every rule system's view, the overlay, the
  // popup's summary: content/live-board.ts) in the same file: one copy of what both use (valibot, the
  // words).
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
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const owlbear = owlbearSettings(process.env, pkg, { dev });
const places = productPlaces(pkg);
if (owlbear.error) {
  console.error(`build: ${owlbear.error}`);
  process.exit(1);
}

const missing = [
  ...ENTRIES.map((e) => e.in),
  ...OWLBEAR.in,
  'manifest.json',
  'popup/popup.html',
  'popup/popup.css',
  'demo/demo.html',
  'demo/demo.css',
  'owlbear/background.html',
  'owlbear/action.html',
  'owlbear/owlbear.css',
  'owlbear/icons/icon.svg',
  'owlbear/store/store.md',
  'owlbear/store/index.html',
  'owlbear/store/screenshot.png',
  'owlbear/store/icon.png',
  'locales',
  path.relative(root, RULES_DIR),
].filter((p) => !fs.existsSync(path.join(root, p)));
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
  // The origins the bridge trusts; a development build trusts a developer's own machine too.
  define: { COMMAND_POST_OWLBEAR_ORIGINS: JSON.stringify(owlbear.origins), COMMAND_POST_DEV: JSON.stringify(dev) },
};

let results;
let owlbearResult;
try {
  [owlbearResult, ...results] = await Promise.all([
    // A web page served over HTTPS, not an extension: the SDK bundled in, the two pages splitting what they share.
    esbuild.build({
      ...common,
      entryPoints: OWLBEAR.in,
      format: 'esm',
      splitting: true,
      outdir: owlbearOut,
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
    }),
    ...ENTRIES.map((e) =>
      esbuild.build({
        ...common,
        entryPoints: [e.in],
        format: e.format,
        ...(e.splitting
          ? {
              splitting: true,
              outdir: out,
              entryNames: path.basename(e.out, '.js'),
              chunkNames: 'chunks/[name]-[hash]',
            }
          : { outfile: path.join(out, e.out) }),
      }),
    ),
  ]);
} catch {
  // esbuild already printed the errors.
  process.exit(1);
}
ENTRIES.forEach((e, i) => fs.writeFileSync(path.join(metaDir, `${e.name}.json`), JSON.stringify(results[i].metafile)));
fs.writeFileSync(path.join(metaDir, `${OWLBEAR.name}.json`), JSON.stringify(owlbearResult.metafile));

// Static files.
// The manifest, with the product's page (package.json, scripts/places.mjs) and its version.
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8'));
if (manifest.version !== pkg.version) {
  console.error(`build: manifest.json's version (${manifest.version}) is not package.json's (${pkg.version})`);
  process.exit(1);
}
fs.writeFileSync(
  path.join(out, 'manifest.json'),
  JSON.stringify({ ...manifest, homepage_url: places.readme }, null, 2) + '\n',
);
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

// The Owlbear extension's static files (owlbear/build.mjs): manifest, store listing, icons, strings.
const description = loadCatalogue('en').owlbear_manifest_description.message;
if (description.length > 128) {
  console.error(
    `build: the Owlbear manifest's description is ${description.length} characters; Owlbear's store takes 128`,
  );
  process.exit(1);
}
writeOwlbearFiles({
  root,
  out: owlbearOut,
  settings: owlbear,
  pkg,
  description,
  catalogues: Object.fromEntries(LANGUAGES.map((lang) => [lang, loadCatalogue(lang)])),
  writeRulesIndex,
});

const ms = Math.round(performance.now() - started);
fs.writeFileSync(
  path.join(dist, 'build-info.json'),
  JSON.stringify({ mode: dev ? 'development' : 'production', builtAt: new Date().toISOString(), ms }, null, 2) + '\n',
);
console.log(
  `build: ${dev ? 'development' : 'production'} build in ${path.relative(root, out) || out}/ and ${path.relative(root, owlbearOut) || owlbearOut}/ (${ms} ms)`,
);
