// The Owlbear Rodeo extension's static files (scripts/build.mjs bundles its pages): its manifest, the
// listing Owlbear's extension store reads (store.md, beside the manifest), the pages' front page,
// icons, strings, the CORS header file. docs/owlbear.md says how to publish them.
//
// Where it is served and the project's page come from package.json (`homepage`: the repository's
// pages, which serve dist/owlbear/; `repository`: the docs), through scripts/places.mjs. The
// environment may name others, all optional:
//   COMMAND_POST_OWLBEAR_URL      where dist/owlbear/ will be served (https://you.github.io/command-post/):
//                                 the store listing's addresses, the manifest's paths, and an origin the
//                                 browser extension's bridge trusts. Default: package.json's homepage;
//                                 in a development build, http://localhost:5174/, where `npm run owlbear` serves it.
//   COMMAND_POST_OWLBEAR_BASE     the path it is served under, when only that is known (default: the URL's)
//   COMMAND_POST_OWLBEAR_ORIGINS  more origins the bridge trusts (comma-separated)
//   COMMAND_POST_HOMEPAGE         the project's own page: the manifest's homepage_url and the listing's
//                                 learn-more. Default: the repository's page on the Owlbear extension.
import fs from 'node:fs';
import path from 'node:path';
import { productPlaces } from '../scripts/places.mjs';

export const DEV_URL = 'http://localhost:5174/';

/** Owlbear's store tags (owlbear-rodeo/extensions tags.json; `built-by-owlbear` is Owlbear's own). */
export const STORE_TAGS = ['dice', 'fog', 'tool', 'content-pack', 'drawing', 'audio', 'combat', 'automation', 'other'];

/** A developer's own machine, which only a development build trusts. */
const isLocal = (url) => url.protocol === 'http:' && /^(localhost|127\.0\.0\.1)$/.test(url.hostname);

/** The settings above, checked; `error` says what is wrong. `dev`: a development build. */
export function owlbearSettings(env, pkg, { dev = false } = {}) {
  const fail = (error) => ({ error });
  const places = productPlaces(pkg);
  if (places.error) return fail(places.error);
  let url;
  try {
    url = new URL(env.COMMAND_POST_OWLBEAR_URL ?? (dev ? DEV_URL : places.pages));
  } catch {
    return fail('COMMAND_POST_OWLBEAR_URL must be an address (https://host/path/)');
  }
  if (url.protocol !== 'https:' && !isLocal(url))
    return fail('COMMAND_POST_OWLBEAR_URL must be https (or http://localhost)');
  if (url.search || url.hash) return fail('COMMAND_POST_OWLBEAR_URL takes no query or fragment');
  const base = (env.COMMAND_POST_OWLBEAR_BASE ?? url.pathname).replace(/\/*$/, '/');
  if (!base.startsWith('/')) return fail('COMMAND_POST_OWLBEAR_BASE must start with /');
  const publicUrl = `${url.origin}${base}`;
  const origins = (env.COMMAND_POST_OWLBEAR_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins.some((o) => !/^https?:\/\/[^/]+$/.test(o)))
    return fail('COMMAND_POST_OWLBEAR_ORIGINS must be origins (https://host[:port])');
  // The hosted origin is trusted by the bridge; a developer's machine only by a development build.
  if (!isLocal(url) && !origins.includes(url.origin)) origins.push(url.origin);
  const homepage = env.COMMAND_POST_HOMEPAGE ?? places.doc('docs/owlbear.md');
  try {
    if (!/^https?:$/.test(new URL(homepage).protocol)) return fail('COMMAND_POST_HOMEPAGE must be a web address');
  } catch {
    return fail('COMMAND_POST_HOMEPAGE must be a web address');
  }
  return { base, publicUrl, origins, homepage };
}

/** The manifest Owlbear reads. Every path root-relative: Owlbear fails on bare or `./` paths. */
export function owlbearManifest(settings, pkg, description) {
  const { base, homepage } = settings;
  return {
    name: 'Command Post',
    version: pkg.version,
    manifest_version: 1,
    description,
    author: 'Command Post',
    homepage_url: homepage,
    icon: `${base}icon.svg`,
    background_url: `${base}background.html`,
    action: { title: 'Command Post', icon: `${base}icon.svg`, popover: `${base}action.html`, height: 600, width: 420 },
  };
}

/**
 * The store listing (owlbear-rodeo/extensions: a pull request adds its address to extensions.json;
 * scripts/validation/manifest.js checks this front matter). Absolute addresses, as the store needs.
 */
export function storeListing(settings, description, body) {
  const { publicUrl, homepage } = settings;
  const front = [
    '---',
    'title: Command Post',
    `description: ${description}`,
    'author: Command Post',
    `image: ${publicUrl}store/screenshot.png`,
    `icon: ${publicUrl}store/icon.png`,
    'tags:',
    '  - combat',
    '  - automation',
    `manifest: ${publicUrl}manifest.json`,
    `learn-more: ${homepage}`,
    '---',
    '',
  ].join('\n');
  return front + body.replaceAll('{{url}}', publicUrl);
}

/** Writes the static files into `out` (dist/owlbear), the pages already bundled there. */
export function writeOwlbearFiles({ root, out, settings, pkg, description, catalogues, writeRulesIndex }) {
  fs.writeFileSync(
    path.join(out, 'manifest.json'),
    JSON.stringify(owlbearManifest(settings, pkg, description), null, 2) + '\n',
  );
  const here = path.join(root, 'owlbear');
  for (const f of ['background.html', 'action.html', 'owlbear.css'])
    fs.copyFileSync(path.join(here, f), path.join(out, f));
  fs.copyFileSync(path.join(root, 'popup/popup.css'), path.join(out, 'popup.css'));
  fs.mkdirSync(path.join(out, 'icons'));
  for (const f of fs.readdirSync(path.join(here, 'icons')).filter((f) => f.endsWith('.svg')))
    fs.copyFileSync(path.join(here, 'icons', f), path.join(out, 'icons', f));
  fs.copyFileSync(path.join(here, 'icons/icon.svg'), path.join(out, 'icon.svg'));
  // The store listing, its pictures, and the pages' front page (the manifest's address, for a game master).
  const body = fs.readFileSync(path.join(here, 'store/store.md'), 'utf8');
  fs.writeFileSync(path.join(out, 'store.md'), storeListing(settings, description, body));
  fs.mkdirSync(path.join(out, 'store'));
  for (const f of ['screenshot.png', 'icon.png'])
    fs.copyFileSync(path.join(here, 'store', f), path.join(out, 'store', f));
  fs.writeFileSync(
    path.join(out, 'index.html'),
    fs
      .readFileSync(path.join(here, 'store/index.html'), 'utf8')
      .replaceAll('{{url}}', settings.publicUrl)
      .replaceAll('{{version}}', pkg.version),
  );
  // The pages' strings, one merged catalogue per language, fetched by the page in its player's language.
  fs.mkdirSync(path.join(out, 'locales'));
  for (const [lang, catalogue] of Object.entries(catalogues))
    fs.writeFileSync(path.join(out, 'locales', `${lang}.json`), JSON.stringify(catalogue));
  writeRulesIndex(out);
  // Static hosts that read these files (Cloudflare Pages, Netlify): Owlbear fetches the manifest from another origin.
  fs.writeFileSync(path.join(out, '_headers'), '/*\n  Access-Control-Allow-Origin: *\n');
}
