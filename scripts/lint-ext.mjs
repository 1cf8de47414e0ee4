// Lint dist/extension with web-ext (Mozilla's addons-linter) and print a short summary.
// Exit 1 on any error; warnings and notices are reported but do not fail.
//   node scripts/lint-ext.mjs          summary
//   node scripts/lint-ext.mjs --json   also print the full JSON report
// Uses the web-ext node API (same checks as `web-ext lint -s dist/extension -o json`); runs offline.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webExt from 'web-ext';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'dist/extension');
if (!fs.existsSync(path.join(sourceDir, 'manifest.json'))) {
  console.error('lint:ext: dist/extension/manifest.json not found. Run `npm run build` first.');
  process.exit(1);
}

// output: 'none' stops the linter printing its own report; run() resolves with the same
// object that `--output=json` would print.
const report = await webExt.cmd.lint(
  { sourceDir, output: 'none', pretty: false, boring: true, selfHosted: false, warningsAsErrors: false },
  { shouldExitProgram: false },
);

if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));

const { errors = [], warnings = [], notices = [] } = report;
const where = (m) => (m.file ? ` (${m.file}${m.line ? `:${m.line}` : ''})` : '');
for (const [label, list] of [
  ['error', errors],
  ['warning', warnings],
  ['notice', notices],
]) {
  for (const m of list) console.log(`  ${label.padEnd(7)} ${m.code}: ${m.message}${where(m)}`);
}
console.log(
  `lint:ext: ${errors.length} error(s), ${warnings.length} warning(s), ${notices.length} notice(s)` +
    (errors.length ? ' — FAILED' : ''),
);
process.exit(errors.length ? 1 : 0);
