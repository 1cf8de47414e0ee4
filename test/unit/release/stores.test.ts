// What is sent to the stores (scripts/package.mjs, docs/store/): the product's places from package.json,
// the Chrome manifest, the pages workflow, and a reason for each permission. The packages themselves
// are rebuilt and compared byte for byte by `npm run package:check` (a step of `npm test`).
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { chromeManifest } from '../../../scripts/package.mjs';
import { productPlaces } from '../../../scripts/places.mjs';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  homepage: string;
  repository: unknown;
};
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')) as {
  version: string;
  permissions: string[];
  host_permissions?: string[];
  content_scripts: { matches: string[] }[];
  web_accessible_resources: { resources: string[]; matches: string[] }[];
  background: Record<string, unknown>;
};
const doc = (file: string) => fs.readFileSync(path.join(root, 'docs/store', file), 'utf8');

describe('where the product lives (package.json, scripts/places.mjs)', () => {
  it('is read from package.json: the repository, its docs at this version, its pages', () => {
    const places = productPlaces(pkg);
    expect(places).toMatchObject({
      repository: 'https://github.com/command-post/command-post',
      readme: 'https://github.com/command-post/command-post#readme',
      pages: pkg.homepage,
      source: `https://github.com/command-post/command-post/tree/v${pkg.version}`,
    });
    expect((places as { doc: (f: string) => string }).doc('docs/owlbear.md')).toBe(
      `https://github.com/command-post/command-post/blob/v${pkg.version}/docs/owlbear.md`,
    );
    expect(manifest.version).toBe(pkg.version);
  });

  it('gives players the one Owlbear link the build makes, in the README and the Owlbear page', () => {
    for (const file of ['README.md', 'docs/owlbear.md'])
      expect(fs.readFileSync(path.join(root, file), 'utf8'), file).toContain(`${pkg.homepage}manifest.json`);
  });

  it('refuses what is not an address it can publish to', () => {
    for (const broken of [
      { homepage: 'http://example.org/' },
      { homepage: 'https://example.org/?x' },
      { repository: 'git@github.com:a/b.git' },
      { repository: { url: 'https://example.org/a/b' } },
      { repository: undefined },
    ])
      expect(productPlaces({ ...pkg, ...broken }), JSON.stringify(broken)).toHaveProperty('error');
    expect(productPlaces({ ...pkg, repository: 'https://github.com/a/b' })).toMatchObject({
      repository: 'https://github.com/a/b',
    });
  });
});

describe('the packages (scripts/package.mjs)', () => {
  it('gives Chrome a manifest without Firefox’s keys, its worker kept', () => {
    const chrome = chromeManifest(manifest) as typeof manifest & { browser_specific_settings?: unknown };
    expect(chrome).not.toHaveProperty('browser_specific_settings');
    expect(chrome.background).toEqual({
      service_worker: manifest.background.service_worker,
      type: manifest.background.type,
    });
    // Everything else as it is.
    expect({ ...chrome, background: manifest.background }).toEqual(
      Object.fromEntries(Object.entries(manifest).filter(([k]) => k !== 'browser_specific_settings')),
    );
  });

  it('publishes the Owlbear extension on every release tag, after the byte-for-byte check', () => {
    const flow = yaml.load(fs.readFileSync(path.join(root, '.github/workflows/pages.yml'), 'utf8')) as {
      on: { push: { tags: string[] } };
      jobs: { build: { steps: { run?: string; uses?: string; with?: { path?: string } }[] } };
    };
    expect(flow.on.push.tags).toEqual(['v*']);
    const steps = flow.jobs.build.steps;
    const at = (p: (s: (typeof steps)[number]) => boolean) => steps.findIndex(p);
    const published = at((s) => s.uses?.startsWith('actions/upload-pages-artifact') ?? false);
    expect(steps[published]!.with!.path).toBe('dist/packages/owlbear');
    expect(at((s) => s.run === 'npm run package:check')).toBeGreaterThan(at((s) => s.run === 'npm ci'));
    expect(at((s) => s.run === 'npm run package:check')).toBeLessThan(published);
  });
});

describe('the listings (docs/store/)', () => {
  it('gives a reason for every permission, site and page script the manifest asks for', () => {
    const reasons = doc('permissions.md');
    const asked = [
      ...manifest.permissions,
      ...(manifest.host_permissions ?? []),
      ...manifest.content_scripts.flatMap((c) => c.matches),
      ...manifest.web_accessible_resources.flatMap((w) => [...w.resources, ...w.matches]),
    ];
    for (const p of asked) expect(reasons, p).toContain(`\`${p}\``);
    expect(manifest.permissions).toEqual(['storage']);
    expect(reasons).toMatch(/\*\*Single purpose\*\*/);
    expect(reasons).toMatch(/\*\*Remote code\*\*: none/);
  });

  it('keeps each summary within the Chrome Web Store’s 132 characters, in English and French', () => {
    const summaries = [...doc('chrome.md').matchAll(/^- (en|fr): (.+)$/gm)];
    expect(summaries.map((m) => m[1])).toEqual(['en', 'fr']);
    for (const [, lang, text] of summaries) expect(text!.length, lang).toBeLessThanOrEqual(132);
  });

  it('tells the reviewer how to rebuild, with nothing left to fill in by hand', () => {
    const guide = doc('firefox-source.md');
    for (const placeholder of ['{{version}}', '{{node}}', '{{build}}']) expect(guide).toContain(placeholder);
    expect(guide).toContain('npm ci');
  });
});
