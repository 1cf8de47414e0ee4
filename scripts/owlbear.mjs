// `npm run owlbear`: builds, then serves dist/owlbear/ (the Owlbear Rodeo extension) on
// http://localhost:5174 with the CORS header Owlbear Rodeo needs to fetch its manifest from another
// origin (esbuild's server sends none by default since 0.25; `cors` since 0.25.4), and prints the
// manifest's address to add in Owlbear (Profile → Extensions → Add Extension).
//   npm run owlbear -- --port=5180    another port
//   npm run owlbear -- --dev          a development build (not minified, source maps)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { DIST_DIR } from './locales.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const port = Number(arg('port') ?? 5174);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`owlbear: --port must be a port number, not ${arg('port')}`);
  process.exit(1);
}

// Built for the address it is served at here (a release build names the repository's pages instead).
const env = {
  ...process.env,
  COMMAND_POST_OWLBEAR_URL: process.env.COMMAND_POST_OWLBEAR_URL ?? `http://localhost:${port}/`,
};
execFileSync(
  process.execPath,
  [path.join(root, 'scripts/build.mjs'), ...(process.argv.includes('--dev') ? ['--dev'] : [])],
  { cwd: root, stdio: 'inherit', env },
);

const ctx = await esbuild.context({ logLevel: 'warning' });
const served = await ctx.serve({
  servedir: path.join(DIST_DIR, 'owlbear'),
  host: 'localhost',
  port,
  // Owlbear's page fetches the manifest and loads the pages from its own origin.
  cors: { origin: ['https://www.owlbear.rodeo'] },
});
const url = `http://localhost:${served.port}/manifest.json`;
console.log(
  `\nowlbear: serving ${path.relative(root, path.join(DIST_DIR, 'owlbear'))}/ with CORS for https://www.owlbear.rodeo`,
);
console.log(`owlbear: add this manifest in Owlbear Rodeo (Profile → Extensions → Add Extension): ${url}`);
console.log(
  'owlbear: Chrome and Firefox let https://www.owlbear.rodeo load http://localhost; other browsers may need HTTPS (docs/owlbear.md). Ctrl+C stops.',
);
