// Print minified and gzip (-9) sizes of the production bundles; exit 1 if over budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { DIST_DIR } from './locales.mjs';

/** Gzip budgets in KB (1 KB = 1024 bytes). Each budget covers the listed files together. */
const BUDGETS = {
  // What opens with the popup: its entry, the chunks it imports statically, and the stylesheet.
  // 27 KB since the finished popup (plurals, in-popup questions, keyboard: 21.7 → 24.5 KB) met the
  // Owlbear link: valibot is shared by the first load and the lazy parts, and esbuild puts in one
  // chunk the union of what they use (+1.4 KB to the first load).
  // 30 KB since issues 18 and 21 met: the popup's copy of the store, applying the worker's changes
  // (popup/store.ts, src/store/change.ts, ~1.6 KB), and choices in progress kept while it is closed
  // with refusals in the player's words (popup/drafts.ts, src/i18n/errors.ts, ~1.4 KB): 28.9 KB measured.
  // 25 KB since issue 28 (29.9 → 22.6 KB measured): the popup calls the browser's own promise API
  // (popup/browser.ts; the polyfill, 2.8 KB, stays in the worker, whose message listener answers with
  // a promise), and the first load no longer carries valibot (3.6 KB): the Roll20 settings' reader
  // loads with the live board, and nothing else of the first frame checks anything.
  popup: { kb: 25, files: ['popup.css'] },
  background: { kb: 10, files: ['background.js'] },
  // 12.5 KB since issue 28 (12.1 → 12.4 KB measured): the chat post is typed in here, once per click,
  // instead of by the page script (which can no longer post anything), and the hello is checked here
  // (its probe, the bridge's one answer, its key and numbering): +0.9 KB, less the ring colours now
  // taken from the board bundle, which carries the board's look already (−0.6 KB).
  // 14 KB since issue 26 (13.2 KB measured): the ledgers' journal checked as it comes from the page
  // (src/adapters/roll20/ledger.ts `journalSchema`), the popup's port to the table's game (+1.2 KB).
  // 15 KB since issue 27 (14.4 KB measured): the popup's finder, hover read from the pointer, and what
  // the board shows (this browser's setting, or the game master's at the table's one game).
  // 16 KB since issue 37 (15.3 KB measured): what stands in for the table's game until the table has
  // one, and loads it then (content/roll20-table-loader.ts). Then the board joined it (SPLIT, below):
  // its budget is the shell's and each system's view's.
  'content-roll20': { kb: 16, files: ['content-roll20.js'] },
  // Roll20's one game for the table (issue 26): the shared game (src/shared-game/, as in the Owlbear
  // background page), every system's rules it plays and the store's checks of each request, as the
  // worker carries them (the worker's 45 KB less its storage): 48.0 KB measured when it landed. A file
  // of its own among the content scripts: loading it on demand would expose it to Roll20's page.
  // Issue 27 (the game master's say on what the board shows, one action of the shared game): 50.0 KB.
  // Issue 36 (checkpoints signed by the game master's key, checked with WebCrypto; the trust in keys
  // read from the players' records; his choice about a checkpoint no one stands behind): 53.5 KB.
  // Issue 36 again (pages written back for their writer; the waits in one policy file) and issue 39's
  // files (links to pieces anywhere in a game's history, checked by the store): 54.7 KB.
  // Issue 36 again (a game master's pages signed by his key, and his choice about pages no one can prove
  // his; two checkpoints of one number): 57.0 KB.
  // Issue 36 again (every writer's pages signed and proven across a refresh, keys a game master takes or
  // leaves, what a browser keeps of its earlier connections cut to what never landed): 58.4 KB.
  // Issue 36 again (a pages signature names the writer's last few versions too): 60.1 KB.
  // Issue 37: no longer a content script but a module the Roll20 content script loads once the table
  // has a game (the journal holds a ledger, or the game master makes them): web-accessible to the
  // Roll20 editor only, at a per-session address, as roll20-page.js is. 60.3 KB.
  // Issue 36 again (a game master's kept checkpoint put back, or asked about, and its question's
  // schema; the game master never takes a key on the players' word once his browser kept one): 61.02 KB.
  'content-table': { kb: 62, files: ['content-table.js'] },
  // What the popup asks a Roll20 tab for now and then, loaded the first time (issue 37: out of the tab's
  // first load): the finder, and the diagnostics (the renderer's fields redacted, and the checks they go
  // through). 7.1 KB.
  'content-asked': { kb: 8, files: ['content-asked.js'] },
  // What a Roll20 tab loads of ours before anyone shares a game (issue 37: 96 KB when it was filed,
  // content-table.js then among its content scripts; 110 KB before it left them): its one content
  // script, the board in it, 44.8 KB measured. Issue 37 asks for 45. 44.4 KB once its diagnostics
  // load only when asked for (content-asked.js) and its host is the one every tabletop shares; 45.2 KB
  // with the board's layout reused across moves (the overlay ~0.5 ms faster in two systems), and 44.9 KB
  // with the finder asked for too.
  'roll20 first load': { kb: 45, files: ['content-roll20.js'] },
  // The bridge on Owlbear Rodeo tabs: the message checks (valibot) and the popup's port, no rules.
  'content-owlbear': { kb: 12, files: ['content-owlbear.js'] },
  'roll20-page': { kb: 12, files: ['roll20-page.js'] },
  // The demo table page (demo.html), one file read from the extension's own disk: what the board
  // content script carries (engine, overlay, every system's view: 15.6 KB measured), Preact (~5.5 KB,
  // as in the popup), the page's board, panels and adapter (~10 KB), the five scenes (~1.5 KB) and its
  // stylesheet (~1.7 KB): 35.0 KB measured when it landed; 38 KB leaves ~8 % for what comes next.
  // 42 KB since the five armies (issue 17: 30 to 41 tokens each and their games, ~3.9 KB): 39.7 KB measured.
  // 49 KB with what the board content script gained for issue 17 (the label placer, the key: ~7 KB):
  // 46.0 KB measured.
  // 53 KB with issue 18's history of moves (Ctrl+Z) and fields checked in the player's words: 50.6 KB measured.
  // 60 KB with what the board content script gained for issue 27 (short names, units' outlines, ~3.5 KB): 57.2 KB measured.
  // 62 KB with bases as they stand (issue 27: turned boxes measured edge to edge, the demo's oblong
  // bases and their turning, ~1.4 KB): 60.6 KB measured.
  // 64 KB with one sayer for counted words and status rings hugging oblong bases (issue 39): 61.8 KB measured.
  // 66 KB with the host every tabletop's page shares (issue 37: content/host.ts and host-tab.ts, its
  // lifetime, report and the popup's requests, ~0.5 KB more than the page's own did): 64.3 KB measured.
  demo: { kb: 66, files: ['demo.js', 'demo.css'] },
};
/**
 * Each rule system's popup panel, loaded on demand with its descriptor (rules, roster from the
 * board, proposals): the chunks they add to what the popup already loaded, counted together. Other
 * lazily loaded parts of the popup (the live board section) have their own budget.
 */
// 16 until issue 21 (each panel follows a window on the end of a long game, and names are cleaned
// where they are read: +0.5 KB to each). 21 KB since issue 18 too: every panel's fields checked where
// the player types (the field named, its range, what was typed) and its choices in progress kept while
// the popup is closed: a shared ~2.6 KB (popup/fields.tsx, popup/use-draft.ts, the dice entry) counted
// with each system; Désastre Colonial, with the most fields, is the largest.
// 24 KB since issue 28: the popup's first load no longer carries valibot, so the first panel opened
// brings the part of it the rules check events with (3 KB): DC 23.2 KB measured (20.3 before), the
// first load 7.3 KB smaller.
const PANEL_KB = 24;
// 12 KB since issue 18 folded the live board into one line with what needs a click above the panel
// (orphans, the selected token, alive again) and issue 17 gave it the board's key: 10.8 KB measured.
// 15 KB since issue 28: the live board section brings valibot too (the Roll20 settings' and the
// board's checks, 3.6 KB, once part of the first load): 14.4 KB measured.
// 16 KB since issue 27: the finder's line and what the board shows, and to whom (15.6 KB measured).
// 17 KB since issue 36: the game master's question about a game no one here stands behind, one
// component for both tabletops, naming the checkpoint his browser kept (16.06 KB measured).
const LAZY_PART_KB = 17;
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
 * Its budget is the shell's plus an allowance per rule system. The shell (extension API, validation,
 * store) was 10 KB when the worker held one game; 14 KB with the store service (memory, chunked
 * writes, backups, bindings); 15 KB with the demo table (its boards checked and kept, game/replace
 * with a backup: ~1.2 KB); 16 KB with the messenger (every channel and its senders in one place) and
 * the repair of damaged Roll20 settings (~0.5 KB); 22 KB with issue 21 (~5.9 KB): the reader of every
 * stored layout that removes nothing it did not read (src/store/read.ts), answers that carry the
 * change and the end of each game (answer.ts), and restores that read damaged backups (restore.ts).
 * valibot and the polyfill are ~6.5 KB of it. Each part's gzip share is estimated from its share of the minified bytes
 * (esbuild's metafile), and each part has its own limit.
 */
// 23.5 KB since issue 28 (23.3 KB measured, +1.4 KB): a write made one transaction (a failed set
// read back, leftovers named in the header), the backups listed from memory, the file's pages and
// checked links, and the games an older build left in layout v4's keys read back. The whole worker
// is 42 KB, not the 30 the issue asks: every system's rules (18.8 KB measured) must be in it, as the
// single writer of every game, and a service worker cannot load code on demand (import() is refused
// in a ServiceWorkerGlobalScope).
// 24 KB since issue 39, item 8 (23.74 KB measured, +0.25 KB): the worker keeps which system each
// tab's popup shows (the `tab/*` channel, its check and its senders), as the single writer of stored state.
// 25 KB since issue 36 (24.36 KB measured, +0.6 KB): one Roll20 player's tabs, the worker naming the
// one that writes for him and handing it his other tabs' actions (the `roll20/*` channel, its checks).
// 25.5 KB since issue 37 (25.13 KB measured, +0.15 KB): the tabletops declared once each
// (src/adapters/<id>/tabletop.ts), the worker reading its sender rule from those declarations.
const BACKGROUND_SHELL_KB = 25.5;
const RULE_SYSTEM_KB = 6;
/**
 * The board content script carries every rule system's board view (it cannot load one on demand
 * without exposing files to the page): the engine, overlay and checks (12.5 KB: the other content
 * scripts' 12 KB, and half a KB for hex lattices of any pitch and the board saying it cannot read a
 * table) plus an allowance per system's view, each part checked on its own.
 */
// 12 until issue 13 (stretched hex lattices, the board's "cannot read this table" line): it was at 99 %.
// 13.5 with the summary naming each grouping (src/board/names.ts) and the runner writing down what each
// token stood for as it left (src/board/departures.ts), ~1 KB. 21.5 since the words of an army are
// placed as map makers do (notes, the label placer and its collision grid, the layout, the key, badges
// and patterns, numbers and units in the user's words: ~7.3 KB), 20.3 KB measured (issue 17).
// Issue 28 asks 12 KB of each content script: this one is 25.7 KB (shell 21.4 KB), unchanged, since
// its first frame uses all of its shell (the engine, the overlay, the label placer and the key draw
// every frame). Only the other systems' views (4.3 KB) go unused there, and loading one on use would
// make it a file Roll20's page can fetch (web_accessible_resources): not worth 4 KB.
// 26 KB since issue 27 (24.8 KB measured, +3.4 KB): names shortened so that they still say who
// (src/board/short-names.ts, its ranks in three languages: 1.4 KB), the outline of a unit's rings
// put together (src/geometry/union-outline.ts: 2.1 KB), the key kept clear of every figure.
// 28 KB since bases as they stand (issue 27: src/geometry/bases.ts, the rounded-box ring, boxes in the
// range query: ~1.2 KB): 27.2 KB measured.
// Issue 37: the board is no longer a content script of its own but part of the Roll20 content
// script, which draws it (one copy of valibot and the words, no handover on a global): the shell is
// the board's and the tabletop script's together, 40.3 KB measured (28 + 15.3 before, less 3.9 KB
// both carried); 41.5.
const ROLL20_SHELL_KB = 41.5;
const BOARD_VIEW_KB = 2.5;

/**
 * The Owlbear Rodeo extension (dist/owlbear/), a web page each player's browser fetches from where it
 * is hosted (then from its cache), in Owlbear's iframes. Its background page plays the scene's game
 * and draws the board: like the worker it carries every system's rules (the worker's budget is 15 KB
 * + 6 KB a system: 45 KB), like the board content script every system's view and the engine (12 KB +
 * 2.5 KB a view), and the Owlbear SDK with what it bundles (immer, events, js-base64: ~15 KB); what
 * these share (valibot, the geometry) counts once: 70.6 KB measured when it landed, so 76 KB. The
 * popover carries all of that too (it plays the same game; the two pages share those chunks, which
 * the browser fetches once) and the popup's own first load (25 KB): 80.7 KB with its stylesheets when
 * it landed, so 86 KB. Each rule system's panel and the live board section load on demand, within the
 * popup's own budgets for them (16 KB, 10 KB).
 */
// Issue 20 (a real room: authors from Owlbear's party, bounded clocks and runs, retries, the pages'
// channel, the refusals the game master is shown) added 4.1 KB to each: 75.4 and 87.9 KB measured.
// Issue 17 (the label placer, the key, their drawing as local items) ~4 KB more to the background page;
// issue 21 the popup's copy of the store (changes applied, not roots: popup/store.ts,
// src/store/change.ts) and the store's checks (+2.5 KB) to the popover. The board following the
// units ticked in the popover (its `ticks` message, the DC view's reading of them) 0.3 KB to each.
// Issue 28: +1.0 and +1.2 KB to each from the shared core (numbers in each language's decimal mark
// and French elision in every message, the store's file pages and checked links, the popup's new
// words): 88.0 and 95.4 KB measured.
// Issue 25 (the shared game's core, src/shared-game/: records signed by each client, the checkpoint
// in parts and its reader and writer, pages written back, pages and checkpoints kept in the browser)
// +9.7 KB to each: 43 KB of minified core where the Owlbear adapter's game held 23.5 KB, and
// @noble/hashes' SHA-256 (5.9 KB minified, ~2.5 KB gzip). 97.8 and 105.1 KB measured.
// Issue 26 (the core's settling time before compaction, records a tab never wrote told apart, an
// emptied page's "done" and unsigned pages that carry on read as a write on its way) +1.3 KB to the
// background page: 99.1 KB measured.
// Issue 27 (the board's short names and units' outlines, as in the board content script) +3.4 KB
// to each: 103.3 and 108.6 KB measured. Then the finder and what the board shows, and to whom
// (src/board/visibility.ts, the popover's controls): 111.3 KB for the popover.
// Bases as they stand (src/geometry/bases.ts, read from each item's rotation) +1.2 KB to each: 105.7 and
// 113.3 KB measured.
// Issue 36 (checkpoints signed and checked, ./src/shared-game/signing.ts and trust.ts; the game master's
// choice in the popover) +2.1 KB to each: 107.8 and 115.8 KB measured.
// Issue 36 again (pages written back for their writer, src/shared-game/returns.ts; the waits in
// policy.ts) and issue 39's files (links to pieces anywhere in a game's history, src/store/requests.ts):
// 110.6 and 118.5 KB measured; 112 and 120 leave a kilobyte and a half.
// Issue 39 (the popover's typography, plural words, oblong rings; controls a finger's size on a touch
// screen, popup/popup.css): the popover 120.0 KB measured; 122 leaves two. The background 112.0 KB
// with words set beside their own figure (src/board/labels.ts) and counted reasons; 113.
// Issue 36 again (a game master's pages signed by his key and checked once he is gone, his choice about
// pages no one can prove his, two checkpoints of one number): 113.5 KB measured; 115.
// Issue 36 again (every writer's pages signed and proven across a refresh, keys a game master takes or
// leaves, kept pages cut to what never landed): 115.0 and 123.1 KB measured; 117 and 125.
// Issue 36 again (the core one step over a state record, in files by job, each input typed): 117.02
// and 124.98 KB measured; 118 and 126.
// Issue 37 (the board's layout reused across moves, the overlay ~0.5 ms faster at 1,000 tokens in two
// systems; one compaction gate in the core): 118.1 KB measured; 119.
// Issue 36 again (a game master's kept checkpoint put back, or asked about; the popover shows the
// question as its background page read it): 118.84 and 126.02 KB measured; 119 and 127.
// Issue 36 again (long games: a compaction keeps the steps its young ops were played in, the log
// copied in a plain loop; the slowest compaction at 100,000 actions 65 → 43.8 ms): 119.00 KB measured; 120.
const OWLBEAR_BACKGROUND_KB = 120;
const OWLBEAR_ACTION_KB = 127;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ext = path.join(DIST_DIR, 'extension');
const owlbear = path.join(DIST_DIR, 'owlbear');
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
  for (const imp of popupMeta.outputs[start]?.imports ?? [])
    if (imp.kind === 'import-statement') staticClosure(imp.path, seen);
  return seen;
}
const popupInitial = staticClosure(path.join(extFromRoot, 'popup.js'));
const lazyRoots = new Set(
  Object.keys(popupMeta.outputs).flatMap((o) =>
    (popupMeta.outputs[o].imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
  ),
);
BUDGETS.popup.files = [...[...popupInitial].map(relToExt), ...BUDGETS.popup.files];
// A system's panel (popup/<id>/) and its descriptor (src/rules/<id>/) are two lazy roots loaded together: one budget.
const lazyParts = new Map();
for (const lazy of lazyRoots) {
  const entry = popupMeta.outputs[lazy].entryPoint ?? lazy;
  if (entry === 'popup/lookup/Lookup.tsx') {
    const own = [...staticClosure(lazy)].filter((f) => !popupInitial.has(f));
    for (const index of fs.readdirSync(path.join(ext, 'lookup')).sort()) {
      BUDGETS[`lookup ${path.basename(index, '.json')}`] = {
        kb: LOOKUP_KB,
        files: [...own.map(relToExt), `lookup/${index}`],
      };
    }
    continue;
  }
  const numbers = /^src\/rules\/([^/]+)\/lookup\.ts$/.exec(entry);
  const system = /^(?:popup|src\/rules)\/([^/]+)\//.exec(entry)?.[1];
  const name = numbers
    ? `lookup numbers ${numbers[1]}`
    : system && fs.existsSync(path.join(root, 'src/rules', system))
      ? `panel ${system}`
      : `popup ${path.dirname(entry) === 'popup' ? path.basename(entry, path.extname(entry)) : path.basename(path.dirname(entry))}`;
  const files = lazyParts.get(name) ?? new Set();
  for (const f of staticClosure(lazy)) if (!popupInitial.has(f)) files.add(f);
  lazyParts.set(name, files);
}
for (const [name, files] of lazyParts)
  BUDGETS[name] = {
    kb: name.startsWith('panel ') ? PANEL_KB : name.startsWith('lookup numbers ') ? LOOKUP_NUMBERS_KB : LAZY_PART_KB,
    files: [...files].map(relToExt),
  };

/** A bundle's bytes by part: its shell, and each rule system (src/rules/<id>/), from esbuild's metafile. */
function partsOf(bundle, entry, label) {
  const meta = JSON.parse(fs.readFileSync(path.join(DIST_DIR, `meta/${bundle}.json`), 'utf8'));
  const inputs = Object.values(meta.outputs).find((o) => o.entryPoint === entry).inputs;
  const parts = new Map([['shell', 0]]);
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const system = /^src\/rules\/([^/]+)\//.exec(input)?.[1];
    const part = system ? `${label} ${system}` : 'shell';
    parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
  }
  return parts;
}
// Each part's gzip share is estimated from its share of the minified bytes; each part has its own limit.
const SPLIT = {
  background: {
    parts: partsOf('background', 'background/worker.ts', 'rules'),
    shellKb: BACKGROUND_SHELL_KB,
    systemKb: RULE_SYSTEM_KB,
  },
  'content-roll20': {
    parts: partsOf('content-roll20', 'content/roll20.ts', 'view'),
    shellKb: ROLL20_SHELL_KB,
    systemKb: BOARD_VIEW_KB,
  },
};
for (const [name, split] of Object.entries(SPLIT))
  BUDGETS[name].kb = split.shellKb + split.systemKb * (split.parts.size - 1);

// The Owlbear extension's two pages with what each loads at once, and what each loads on demand.
const owlbearMeta = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'meta/owlbear.json'), 'utf8'));
const owlbearFromRoot = path.relative(root, owlbear);
function owlbearClosure(start, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const imp of owlbearMeta.outputs[start]?.imports ?? [])
    if (imp.kind === 'import-statement') owlbearClosure(imp.path, seen);
  return seen;
}
const inOwlbear = (files) => [...files].map((f) => `../${path.basename(owlbear)}/${path.relative(owlbearFromRoot, f)}`);
const owlbearBackground = owlbearClosure(path.join(owlbearFromRoot, 'background.js'));
const owlbearAction = owlbearClosure(path.join(owlbearFromRoot, 'action.js'));
BUDGETS['owlbear background'] = { kb: OWLBEAR_BACKGROUND_KB, files: inOwlbear(owlbearBackground) };
BUDGETS['owlbear action'] = {
  kb: OWLBEAR_ACTION_KB,
  files: [...inOwlbear(owlbearAction), '../owlbear/popup.css', '../owlbear/owlbear.css'],
};
const owlbearLazy = new Set(
  Object.keys(owlbearMeta.outputs).flatMap((o) =>
    (owlbearMeta.outputs[o].imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
  ),
);
for (const lazy of owlbearLazy) {
  const entry = owlbearMeta.outputs[lazy].entryPoint ?? lazy;
  const own = [...owlbearClosure(lazy)].filter((f) => !owlbearAction.has(f) && !owlbearBackground.has(f));
  if (own.length === 0) continue;
  const system = /^popup\/([^/]+)\//.exec(entry)?.[1];
  const name = `owlbear popover ${system && fs.existsSync(path.join(root, 'src/rules', system)) ? `panel ${system}` : path.basename(entry).replace(/\.[jt]sx?$/, '')}`;
  BUDGETS[name] = {
    kb: name.includes(' panel ') ? PANEL_KB : name.endsWith('Lookup') ? LOOKUP_KB : LAZY_PART_KB,
    files: inOwlbear(own),
  };
}

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
      console.error(`size: missing ${path.relative(DIST_DIR, p)}. Run \`npm run build\` first.`);
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
  const split = SPLIT[name];
  if (split) {
    const inputBytes = [...split.parts.values()].reduce((a, b) => a + b, 0);
    for (const [part, bytes] of split.parts) {
      const partKb = part === 'shell' ? split.shellKb : split.systemKb;
      const gz = Math.round((gzTotal * bytes) / inputBytes);
      const partOk = gz <= partKb * KB;
      if (!partOk) failures.push(`${name} ${part}: ~${(gz / KB).toFixed(2)} KB gzip > ${partKb} KB budget`);
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
