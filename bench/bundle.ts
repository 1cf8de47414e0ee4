// Bundles a benchmark module with esbuild, minified, as the extension is built, and imports it: the
// code measured is the code shipped (tsx's per-export getters would be measured otherwise).
import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function bundled<M>(entry: string): Promise<M> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'command-post-bench-'));
  const outfile = path.join(dir, 'bench.mjs');
  try {
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile,
      logLevel: 'warning',
    });
    return (await import(pathToFileURL(outfile).href)) as M;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
