// The extension's attack surface, read from the repository as a whole: what the manifest grants, the
// code that could turn text into markup or code, and the runtime dependencies. Anything new here
// must be added to a list below, on purpose, in review.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_DEPENDENCIES } from '../../support/dependencies';

const root = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')) as Record<string, unknown>;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};

/** Manifest keys and what each may hold. A key not listed fails the test. */
const ALLOWED_KEYS = [
  'manifest_version',
  'name',
  'description',
  'version',
  'default_locale',
  'permissions',
  'action',
  'icons',
  'background',
  'content_scripts',
  'web_accessible_resources',
  'content_security_policy',
  'browser_specific_settings',
  'commands',
];
/** storage only: games, settings and live tables. No tabs, no scripting, no host permissions. */
const PERMISSIONS = ['storage'];
/** Where content scripts run: the Roll20 editor (not its character pop-outs), and Owlbear Rodeo's rooms (the bridge to the Command Post frame). */
const CONTENT_SCRIPTS = [
  {
    matches: ['https://app.roll20.net/editor*'],
    exclude_matches: ['https://app.roll20.net/editor/character/*'],
    js: ['content-roll20.js'],
  },
  { matches: ['https://www.owlbear.rodeo/*'], exclude_matches: undefined, js: ['content-owlbear.js'] },
];
/**
 * What pages may load from the extension, on Roll20 only, behind a per-session URL: the page-world
 * script, the table's game (a module the content script loads once the table shares one), and what the
 * popup asks the tab for now and then (the finder, the diagnostics: loaded the first time).
 */
const WEB_ACCESSIBLE = [
  {
    resources: ['roll20-page.js', 'content-table.js', 'content-asked.js'],
    matches: ['https://app.roll20.net/*'],
    use_dynamic_url: true,
  },
];
const CSP = "script-src 'self'; object-src 'self'";

/** Every shipped source file (what the bundles are built from). */
const SHIPPED = ['src', 'popup', 'content', 'background', 'demo', 'owlbear'];
function sources(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.(ts|tsx|mts|js|mjs|html)$/.test(e.name) ? [rel] : [];
  });
}

describe('the manifest grants only what is listed', () => {
  it('has no key that is not listed', () => {
    expect(Object.keys(manifest).filter((k) => !ALLOWED_KEYS.includes(k))).toEqual([]);
  });

  it('asks for storage alone, no host permission, no optional ones', () => {
    expect(manifest.permissions).toEqual(PERMISSIONS);
    for (const key of [
      'host_permissions',
      'optional_permissions',
      'optional_host_permissions',
      'externally_connectable',
    ])
      expect(manifest[key], key).toBeUndefined();
    // No pattern anywhere that reaches every site.
    expect(JSON.stringify(manifest)).not.toMatch(/<all_urls>|\*:\/\/\*\/|https?:\/\/\*\//);
  });

  it('runs content scripts only where listed, in the top frame', () => {
    const scripts = (manifest.content_scripts as Record<string, unknown>[]).map((c) => {
      expect(c.all_frames ?? false, 'all_frames').toBe(false);
      expect(c.match_about_blank ?? false).toBe(false);
      expect(c.world ?? 'ISOLATED').toBe('ISOLATED');
      return { matches: c.matches, exclude_matches: c.exclude_matches, js: c.js };
    });
    expect(scripts).toEqual(CONTENT_SCRIPTS);
  });

  it('exposes only the listed files to pages, and only to their sites', () => {
    expect(manifest.web_accessible_resources).toEqual(WEB_ACCESSIBLE);
  });

  it("keeps script-src 'self' on the extension's pages (no eval, no remote code)", () => {
    expect(manifest.content_security_policy).toEqual({ extension_pages: CSP });
  });

  it('every script it names is one the build makes', () => {
    const built = new Set(
      [...fs.readFileSync(path.join(root, 'scripts/build.mjs'), 'utf8').matchAll(/out: '([^']+)'/g)].map((m) => m[1]),
    );
    const named = [
      ...(manifest.content_scripts as { js: string[] }[]).flatMap((c) => c.js),
      ...(manifest.web_accessible_resources as { resources: string[] }[]).flatMap((w) => w.resources),
    ];
    expect(named.filter((js) => !built.has(js))).toEqual([]);
  });
});

describe('no text becomes markup or code', () => {
  // Text from the page and from other players is always rendered as text: no HTML sinks, no code from strings.
  const SINKS =
    /\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|dangerouslySetInnerHTML|\beval\s*\(|new\s+Function\s*\(|setTimeout\s*\(\s*['"`]|setInterval\s*\(\s*['"`]|javascript:/;
  const files = SHIPPED.flatMap(sources);

  it('reads the shipped sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(SHIPPED)('%s/ has no HTML sink and no code built from strings', (dir) => {
    const hits = sources(dir).flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (SINKS.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});

describe('runtime dependencies stay the chosen few', () => {
  it('package.json lists only them as dependencies', () => {
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(RUNTIME_DEPENDENCIES);
  });
});
