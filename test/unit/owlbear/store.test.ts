// The Owlbear extension as published (owlbear/build.mjs): its manifest and the listing Owlbear's
// extension store reads (store.md), checked as owlbear-rodeo/extensions checks a submission
// (scripts/validation/manifest.js: gray-matter front matter against a Joi schema, replayed here with
// valibot field by field). test/browser/owlbear-table.test.ts fetches the built files from a host.
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEV_URL, owlbearManifest, owlbearSettings, storeListing } from '../../../owlbear/build.mjs';
import { frontMatter, storeSchema } from './store-schema';
import { loadCatalogue } from '../../../scripts/locales.mjs';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  homepage?: string;
  repository?: unknown;
};
const description = (loadCatalogue('en') as Record<string, { message: string }>).owlbear_manifest_description!.message;
const body = fs.readFileSync(path.join(root, 'owlbear/store/store.md'), 'utf8');

describe('the store listing (store.md)', () => {
  it('has the front matter Owlbear’s store checks, with the hosted addresses', () => {
    const settings = owlbearSettings(
      {
        COMMAND_POST_OWLBEAR_URL: 'https://cp.example.org/command-post/',
        COMMAND_POST_HOMEPAGE: 'https://example.org/command-post#readme',
      },
      pkg,
    );
    const md = storeListing(settings, description, body);
    const data = v.parse(storeSchema, frontMatter(md));
    expect(data).toMatchObject({
      title: 'Command Post',
      description,
      image: 'https://cp.example.org/command-post/store/screenshot.png',
      icon: 'https://cp.example.org/command-post/store/icon.png',
      manifest: 'https://cp.example.org/command-post/manifest.json',
      'learn-more': 'https://example.org/command-post#readme',
    });
    expect(data.tags).not.toContain('built-by-owlbear');
    // The body shows the hosted screenshot, and no placeholder is left.
    expect(md).toContain('](https://cp.example.org/command-post/store/screenshot.png)');
    expect(md).not.toContain('{{');
  });

  it('by default, at the repository’s pages, learning more in its docs; a development build at `npm run owlbear`’s address', () => {
    const released = storeListing(owlbearSettings({}, pkg), description, body);
    expect(v.parse(storeSchema, frontMatter(released))).toMatchObject({
      manifest: `${pkg.homepage}manifest.json`,
      'learn-more': `https://github.com/command-post/command-post/blob/v${pkg.version}/docs/owlbear.md`,
    });
    expect(released).not.toMatch(/localhost|127\.0\.0\.1/);
    const local = owlbearSettings({}, pkg, { dev: true });
    expect(v.parse(storeSchema, frontMatter(storeListing(local, description, body))).manifest).toBe(
      `${DEV_URL}manifest.json`,
    );
  });

  it('refuses to build without the places package.json names', () => {
    for (const broken of [
      { ...pkg, homepage: undefined },
      { ...pkg, homepage: 'http://example.org/' },
      { ...pkg, repository: undefined },
      { ...pkg, repository: 'https://gitlab.example/x/y' },
    ])
      expect(owlbearSettings({}, broken), JSON.stringify(broken.repository ?? broken.homepage)).toHaveProperty('error');
  });
});

describe('the Owlbear manifest', () => {
  it('points at the project’s own page, the one given or the repository’s', () => {
    const given = owlbearManifest(
      owlbearSettings({ COMMAND_POST_HOMEPAGE: 'https://example.org/command-post#readme' }, pkg),
      pkg,
      description,
    );
    expect(given.homepage_url).toBe('https://example.org/command-post#readme');
    const released = owlbearManifest(owlbearSettings({}, pkg), pkg, description);
    expect(released.homepage_url).toBe(
      `https://github.com/command-post/command-post/blob/v${pkg.version}/docs/owlbear.md`,
    );
    // Paths root-relative, under the hosted path.
    const sub = owlbearManifest(
      owlbearSettings({ COMMAND_POST_OWLBEAR_URL: 'https://you.github.io/command-post/' }, pkg),
      pkg,
      description,
    );
    expect(sub).toMatchObject({
      icon: '/command-post/icon.svg',
      background_url: '/command-post/background.html',
      action: { popover: '/command-post/action.html' },
    });
    expect(description.length).toBeLessThanOrEqual(128);
  });

  it('settings: the hosted origin is trusted by the bridge; bad ones are refused', () => {
    expect(owlbearSettings({ COMMAND_POST_OWLBEAR_URL: 'https://you.github.io/command-post/' }, pkg)).toMatchObject({
      origins: ['https://you.github.io'],
      base: '/command-post/',
    });
    // A release trusts the repository's pages; a development build a developer's machine (by its own rule, not by a listed origin).
    expect(owlbearSettings({}, pkg)).toMatchObject({
      origins: [new URL(pkg.homepage!).origin],
      base: new URL(pkg.homepage!).pathname,
    });
    expect(owlbearSettings({}, pkg, { dev: true })).toMatchObject({ origins: [], base: '/', publicUrl: DEV_URL });
    expect(owlbearSettings({ COMMAND_POST_OWLBEAR_URL: 'http://localhost:5180/' }, pkg)).toMatchObject({ origins: [] });
    for (const env of [
      { COMMAND_POST_OWLBEAR_URL: 'http://example.org/' },
      { COMMAND_POST_OWLBEAR_URL: 'nope' },
      { COMMAND_POST_OWLBEAR_BASE: 'x/' },
      { COMMAND_POST_OWLBEAR_ORIGINS: 'https://a/b' },
      { COMMAND_POST_HOMEPAGE: 'javascript:alert(1)' },
    ])
      expect(owlbearSettings(env, pkg), JSON.stringify(env)).toHaveProperty('error');
  });
});
