/**
 * npm run -s scenario -- FILE.json [FILE.json…]
 * Plays each scenario, printing the state after every step as one JSON line, and exits 1 at the first
 * step that does not do what the scenario says, with a readable diff on stderr. Format: docs/scenarios.md.
 */
import { readFileSync } from 'node:fs';
import { formatFailure, parseScenario, runScenario } from '../src/scenario/run';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (files.length === 0) {
  console.error('usage: npm run -s scenario -- FILE.json [FILE.json…]');
  process.exit(2);
}

for (const file of files) {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: cannot read as JSON: ${(error as Error).message}`);
    process.exit(1);
  }
  const scenario = parseScenario(raw);
  if (!scenario.ok) {
    console.error(`${file}: not a scenario: ${scenario.error.params?.path}: ${scenario.error.params?.problem}`);
    process.exit(1);
  }
  const run = runScenario(scenario.value, (outcome) => console.log(JSON.stringify({ file, ...outcome })));
  if (run.failure) {
    console.error(formatFailure(run.failure, file));
    process.exit(1);
  }
}
