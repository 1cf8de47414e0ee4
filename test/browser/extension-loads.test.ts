// The built extension (dist/extension, from `npm run build`) loads in Chromium:
// the worker starts, the manifest is what we ship, every packaged file resolves, the popup
// opens without errors, and the French locale is used when Chromium runs in French.
import fs from 'node:fs';
import path from 'node:path';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_DEPENDENCIES } from '../support/dependencies';
import { extensionDir, launchExtension, type LaunchedExtension } from './launch';

// The callbacks passed to worker.evaluate / page.evaluate run in the extension, where the
// native `chrome` global exists. Type it with the polyfill's types (no @types/chrome here).
declare const chrome: Browser.Browser;

type Messages = Record<string, { message: string }>;
const messages = (locale: string): Messages =>
  JSON.parse(fs.readFileSync(path.join(extensionDir, '_locales', locale, 'messages.json'), 'utf8')) as Messages;

const ICONS = ['icons/icon-16.png', 'icons/icon-32.png', 'icons/icon-48.png', 'icons/icon-128.png'];
const PACKAGED = [
  'manifest.json',
  'popup.html',
  'popup.js',
  'popup.css',
  'background.js',
  'content-roll20.js',
  'content-table.js',
  'roll20-page.js',
  'demo.html',
  'demo.js',
  'demo.css',
  'content-owlbear.js',
  '_locales/en/messages.json',
  '_locales/fr/messages.json',
  '_locales/ru/messages.json',
];

describe('the bundles', () => {
  it('carry code from the chosen runtime dependencies alone (esbuild metafiles of the build)', () => {
    const metaDir = path.join(extensionDir, '..', 'meta');
    const metas = fs.readdirSync(metaDir).filter((f) => f.endsWith('.json'));
    expect(metas.length).toBeGreaterThan(3);
    const packages = new Set<string>();
    for (const file of metas) {
      const meta = JSON.parse(fs.readFileSync(path.join(metaDir, file), 'utf8')) as { inputs: Record<string, unknown> };
      for (const input of Object.keys(meta.inputs)) {
        const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
        if (m) packages.add(m[1]!);
      }
    }
    // The chosen few and what they themselves depend on (the Owlbear SDK brings events, immer, js-base64, uuid).
    const allowed = new Set<string>();
    const add = (name: string) => {
      if (allowed.has(name)) return;
      allowed.add(name);
      const manifest = JSON.parse(
        fs.readFileSync(path.resolve(__dirname, '../../node_modules', name, 'package.json'), 'utf8'),
      ) as { dependencies?: Record<string, string> };
      for (const dep of Object.keys(manifest.dependencies ?? {})) add(dep);
    };
    RUNTIME_DEPENDENCIES.forEach(add);
    expect([...packages].filter((p) => !allowed.has(p))).toEqual([]);
    // And they are used: preact, valibot and the polyfill reach the extension's bundles.
    for (const p of ['preact', 'valibot', 'webextension-polyfill']) expect(packages.has(p), p).toBe(true);
  });
});

describe('extension (default locale)', () => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('starts the service worker', () => {
    expect(ext.extensionId).toMatch(/^[a-p]{32}$/);
    expect(ext.worker.url()).toBe(`chrome-extension://${ext.extensionId}/background.js`);
  });

  it('asks for storage only and no host access', async () => {
    const manifest = await ext.worker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['storage']);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.optional_permissions).toBeUndefined();
    expect(manifest.optional_host_permissions).toBeUndefined();
    // Content scripts on the two tabletops only: Roll20's editor, and Owlbear Rodeo (the bridge to the
    // Command Post extension Owlbear loads, docs/owlbear.md), each in the top frame alone.
    expect(manifest.content_scripts?.map((c) => [c.matches, c.js, c.all_frames])).toEqual([
      [['https://app.roll20.net/editor*'], ['content-roll20.js'], false],
      [['https://www.owlbear.rodeo/*'], ['content-owlbear.js'], false],
    ]);
    // __MSG_extName__ is resolved from _locales/en.
    expect(manifest.name).toBe(messages('en').extName!.message);
  });

  it('resolves icons, locales and bundles', async () => {
    const results = await ext.worker.evaluate(
      async (files) => {
        const out: Record<string, string> = {};
        for (const f of files) {
          const res = await fetch(chrome.runtime.getURL(f));
          const body = await res.arrayBuffer();
          out[f] = `${res.status} ${body.byteLength > 0 ? 'non-empty' : 'empty'}`;
        }
        return out;
      },
      [...ICONS, ...PACKAGED],
    );
    for (const f of [...ICONS, ...PACKAGED]) expect(results[f], f).toBe('200 non-empty');
  });

  it('opens the popup page without errors, nor anything said on its console', async () => {
    const page = await ext.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A tab with no tabletop is the usual case: looking for one there says nothing (no "Unchecked runtime.lastError").
    page.on(
      'console',
      (m) => void (['error', 'warning'].includes(m.type()) && errors.push(`${m.type()}: ${m.text()}`)),
    );
    await page.goto(ext.popupUrl);
    await page.waitForLoadState('load');
    await page.getByTestId('system-picker').waitFor();
    await page.waitForTimeout(1000);
    const state = await page.evaluate(async () => ({
      app: document.getElementById('app') !== null,
      stylesheets: document.styleSheets.length,
      icon: (await fetch('icons/icon-128.png')).status,
    }));
    expect(state).toEqual({ app: true, stylesheets: 1, icon: 200 });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('extension (French)', () => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension({ locale: 'fr' });
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('uses the French messages and description', async () => {
    const fr = messages('fr');
    // The name stays "Command Post" in every language; the description and the button title are translated.
    expect(fr.extDescription!.message).not.toBe(messages('en').extDescription!.message);
    const got = await ext.worker.evaluate(async () => ({
      message: chrome.i18n.getMessage('undo'),
      description: chrome.runtime.getManifest().description,
      title: await chrome.action.getTitle({}),
    }));
    expect(got).toEqual({
      message: fr.undo!.message,
      description: fr.extDescription!.message,
      title: fr.actionTitle!.message,
    });
  });

  it('reports French as the UI language to extension pages', async () => {
    const page = await ext.context.newPage();
    await page.goto(ext.popupUrl);
    expect(await page.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^fr\b/);
    await page.close();
  });
});
