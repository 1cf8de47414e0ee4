// The extension's strings live in locales/<lang>/<part>.json: `common.json` for the shell and one file
// per rule system or adapter, so that each owner edits only its own file. The build merges them into
// the browser's format, _locales/<lang>/messages.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LOCALES_DIR = path.join(root, 'locales');
export const LANGUAGES = ['en', 'fr', 'ru'];

/** Where builds go: dist/ by default; COMMAND_POST_DIST lets parallel work build side by side without clobbering. */
export const DIST_DIR = process.env.COMMAND_POST_DIST
  ? path.resolve(process.env.COMMAND_POST_DIST)
  : path.join(root, 'dist');

/** The merged catalogue of one language; a key defined in two parts is an error. */
export function loadCatalogue(lang) {
  const dir = path.join(LOCALES_DIR, lang);
  const merged = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const part = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    for (const [key, entry] of Object.entries(part)) {
      if (key in merged) throw new Error(`locales/${lang}: key "${key}" is defined twice (again in ${file})`);
      merged[key] = entry;
    }
  }
  return merged;
}

/** Writes _locales/<lang>/messages.json for every language into `outDir`. */
export function writeLocales(outDir) {
  for (const lang of LANGUAGES) {
    const target = path.join(outDir, '_locales', lang);
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'messages.json'), JSON.stringify(loadCatalogue(lang)));
  }
}
