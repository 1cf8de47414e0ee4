// Print minified and gzip (-9) sizes of the production bundles; exit 1 if over budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { DIST_DIR } from './locales.mjs';

/** Gzip budgets in KB (1 KB = 1024 bytes). Each budget covers the listed files together. */
const BUDGETS = {
  // What opens with the popup: its entry, the chunks it imports statically, and the stylesheet.
  popup: { kb: 25, files: ['popup.css'] },
  background: { kb: 10, files: ['background.js'] },
  'content-roll20': { kb: 12, files: ['content-roll20.js'] },
  'content-roll20-view': { kb: 12, files: ['content-roll20-view.js'] },
  'roll20-page': { kb: 12, files: ['roll20-page.js'] },
  'content-owlbear': { kb: 12, files: ['content-owlbear.js'] },
};
/** Each rule system's popup panel, loaded on demand: the chunks it adds to what the popup already loaded. */
const PANEL_KB = 10;
/**
 * The rule lookup, loaded when its search opens: the search code (~3 KB) with one language's rule
 * index, lookup/<lang>.json (the rule text of the five systems, which is what the player came for: 8 to
 * 12 KB, Russian the largest), checked for each language. A system's live numbers
 * (src/rules/<id>/lookup.ts) load with that system's rules, only when one of its topics is shown and a
 * game of it is stored: the same rules a panel loads, so the same budget.
 */
const LOOKUP_KB = 18;
const LOOKUP_NUMBERS_KB = PANEL_KB;
/**
 * The background worker is the single writer of every game, so it must carry the rules of every system.
 * Its budget is the shell's (extension API, validation, store: 10 KB, the original budget) plus an
 * allowance per rule system. Each part's gzip share is estimated from its share of the minified bytes
 * (esbuild's metafile), and each part has its own limit.
 */
const BACKGROUND_SHELL_KB = 10;
const RULE_SYSTEM_KB = 4;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ext = path.join(DIST_DIR, 'extension');
const infoFile = path.join(DIST_DIR, 'build-info.json');

const info = fs.existsSync(infoFile) ? JSON.parse(fs.readFileSync(infoFile, 'utf8')) : null;
if (!info || info.mode !== 'production') {
  console.error(
    info
      ? `size: dist/extension is a ${info.mode} build; sizes are only meaningful for production. Run \`npm run build\` first.`
      : 'size: no build found in dist/extension. Run `npm run build` first.',
  );
  process.exit(1);
}

// The popup's chunk graph, from esbuild's metafile: files loaded at once, and each lazily loaded panel.
const popupMeta = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'meta/popup.json'), 'utf8'));
// Metafile paths are relative to the repository root.
const extFromRoot = path.relative(root, ext);
const relToExt = (p) => path.relative(extFromRoot, p);
function staticClosure(start, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const imp of popupMeta.outputs[start]?.imports ?? []) if (imp.kind === 'import-statement') staticClosure(imp.path, seen);
  return seen;
}
const popupInitial = staticClosure(path.join(extFromRoot, 'popup.js'));
const lazyRoots = new Set(
  Object.keys(popupMeta.outputs).flatMap((o) => (popupMeta.outputs[o].imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path)),
);
BUDGETS.popup.files = [...[...popupInitial].map(relToExt), ...BUDGETS.popup.files];
for (const lazy of lazyRoots) {
  const own = [...staticClosure(lazy)].filter((f) => !popupInitial.has(f));
  const entry = popupMeta.outputs[lazy].entryPoint ?? lazy;
  if (entry === 'popup/lookup/Lookup.tsx') {
    for (const index of fs.readdirSync(path.join(ext, 'lookup')).sort()) {
      BUDGETS[`lookup ${path.basename(index, '.json')}`] = { kb: LOOKUP_KB, files: [...own.map(relToExt), `lookup/${index}`] };
    }
    continue;
  }
  const numbers = /^src\/rules\/([^/]+)\/lookup\.ts$/.exec(entry);
  if (numbers) {
    BUDGETS[`lookup numbers ${numbers[1]}`] = { kb: LOOKUP_NUMBERS_KB, files: own.map(relToExt) };
    continue;
  }
  // popup/<system>/Panel.tsx and src/rules/<system>/index.ts → "panel <system>": a panel loads with its
  // rules, so both roots count together (whichever the metafile lists first).
  const name = `panel ${path.basename(path.dirname(entry))}`;
  BUDGETS[name] = { kb: PANEL_KB, files: [...new Set([...(BUDGETS[name]?.files ?? []), ...own.map(relToExt)])] };
}

// Attribute the background's bytes to its shell and to each rule system (src/rules/<id>/).
const backgroundMeta = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'meta/background.json'), 'utf8'));
const backgroundInputs = Object.values(backgroundMeta.outputs).find((o) => o.entryPoint === 'background/worker.ts').inputs;
const backgroundParts = new Map([['shell', 0]]);
for (const [input, { bytesInOutput }] of Object.entries(backgroundInputs)) {
  const system = /^src\/rules\/([^/]+)\//.exec(input)?.[1];
  const part = system ? `rules ${system}` : 'shell';
  backgroundParts.set(part, (backgroundParts.get(part) ?? 0) + bytesInOutput);
}
const ruleSystems = backgroundParts.size - 1;
BUDGETS.background.kb = BACKGROUND_SHELL_KB + RULE_SYSTEM_KB * ruleSystems;

const KB = 1024;
const fmt = (n) => n.toLocaleString('en-US');
const rows = [];
const failures = [];
for (const [name, { kb, files }] of Object.entries(BUDGETS)) {
  let minTotal = 0;
  let gzTotal = 0;
  for (const f of files) {
    const p = path.join(ext, f);
    if (!fs.existsSync(p)) {
      console.error(`size: missing dist/extension/${f}. Run \`npm run build\` first.`);
      process.exit(1);
    }
    const buf = fs.readFileSync(p);
    const gz = zlib.gzipSync(buf, { level: 9 }).length;
    minTotal += buf.length;
    gzTotal += gz;
    if (files.length > 1) rows.push({ label: `  ${f}`, min: buf.length, gz, budget: '', status: '' });
  }
  const ok = gzTotal <= kb * KB;
  if (!ok) failures.push(`${name}: ${(gzTotal / KB).toFixed(2)} KB gzip > ${kb} KB budget`);
  rows.push({
    label: files.length > 1 ? `${name} (total)` : name,
    min: minTotal,
    gz: gzTotal,
    budget: `${kb} KB`,
    status: `${ok ? 'ok  ' : 'OVER'} ${((gzTotal / (kb * KB)) * 100).toFixed(0).padStart(3)} %`,
  });
  if (name === 'background') {
    const inputBytes = [...backgroundParts.values()].reduce((a, b) => a + b, 0);
    for (const [part, bytes] of backgroundParts) {
      const partKb = part === 'shell' ? BACKGROUND_SHELL_KB : RULE_SYSTEM_KB;
      const gz = Math.round((gzTotal * bytes) / inputBytes);
      const partOk = gz <= partKb * KB;
      if (!partOk) failures.push(`background ${part}: ~${(gz / KB).toFixed(2)} KB gzip > ${partKb} KB budget`);
      rows.push({
        label: `  ${part} (est.)`,
        min: bytes,
        gz,
        budget: `${partKb} KB`,
        status: `${partOk ? 'ok  ' : 'OVER'} ${((gz / (partKb * KB)) * 100).toFixed(0).padStart(3)} %`,
      });
    }
  }
}

const head = { label: 'bundle', min: 'minified B', gz: 'gzip -9 B', budget: 'gz budget', status: 'used' };
const w = { label: 0, min: 0, gz: 0, budget: 0 };
for (const r of [head, ...rows]) {
  w.label = Math.max(w.label, r.label.length);
  w.min = Math.max(w.min, String(typeof r.min === 'number' ? fmt(r.min) : r.min).length);
  w.gz = Math.max(w.gz, String(typeof r.gz === 'number' ? fmt(r.gz) : r.gz).length);
  w.budget = Math.max(w.budget, r.budget.length);
}
const line = (r) =>
  [
    r.label.padEnd(w.label),
    (typeof r.min === 'number' ? fmt(r.min) : r.min).padStart(w.min),
    (typeof r.gz === 'number' ? fmt(r.gz) : r.gz).padStart(w.gz),
    r.budget.padStart(w.budget),
    r.status,
  ].join('  ');
console.log(line(head));
console.log('-'.repeat(line(head).length + 2));
for (const r of rows) console.log(line(r));

if (failures.length) {
  console.error(`\nsize: over budget:\n  ${failures.join('\n  ')}`);
  console.error('Budgets are defined in BUDGETS at the top of scripts/size.mjs.');
  process.exit(1);
}
console.log('\nsize: all bundles within budget.');
