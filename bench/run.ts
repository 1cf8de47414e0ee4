// `npm run bench`: runs every benchmark and merges its key into bench/results.json, keeping the
// keys other benchmarks wrote there. Add a benchmark by adding an entry to BENCHES.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchChains } from './chains';
import { benchRoll20 } from './roll20';

const BENCHES: Record<string, (log: (line: string) => void) => unknown> = {
  chains: benchChains,
  roll20: benchRoll20,
};

const file = join(dirname(fileURLToPath(import.meta.url)), 'results.json');
const only = process.argv.slice(2);
const previous: Record<string, unknown> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
const results: Record<string, unknown> = { ...previous };
for (const [key, run] of Object.entries(BENCHES)) {
  if (only.length > 0 && !only.includes(key)) continue;
  // Some benchmarks (roll20: a browser) are asynchronous.
  results[key] = await run((line) => console.log(line));
}
results.machine = { node: process.version, platform: process.platform, arch: process.arch, date: new Date().toISOString() };
writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
console.log(`wrote ${file}`);
