// The build a browser benchmark measures: its own (so that it never measures, or clobbers, someone
// else's dist/), in COMMAND_POST_DIST or a temporary folder. COMMAND_POST_BENCH_PREBUILT=1 measures the
// build already in COMMAND_POST_DIST instead (e.g. an older version, for a before/after).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function buildForBench(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = process.env.COMMAND_POST_DIST ?? path.join(os.tmpdir(), 'command-post-bench');
  if (!process.env.COMMAND_POST_BENCH_PREBUILT)
    execFileSync(process.execPath, ['scripts/build.mjs'], {
      cwd: root,
      env: { ...process.env, COMMAND_POST_DIST: dist },
      stdio: 'ignore',
    });
  // The test harness (test/browser/launch.ts) loads the extension from there.
  process.env.COMMAND_POST_DIST = dist;
}
