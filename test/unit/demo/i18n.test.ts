// The demo table's strings (locales/<lang>/demo.json): the same keys and placeholders in English,
// French and Russian, every key the page builds present, none left unused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoScene } from '../../../src/adapters/demo/example';
import { sideText } from '../../../src/adapters/demo/model';
import { SCENE_IDS, sceneRef } from '../../../src/adapters/demo/scenes';
import { DESCRIPTORS } from '../../../src/rules';

const repo = join(__dirname, '../../..');
type Part = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
const part = (lang: string): Part => JSON.parse(readFileSync(join(repo, 'locales', lang, 'demo.json'), 'utf8')) as Part;
const en = part('en');
const key = (s: string) => s.replaceAll('-', '_');

const sources = ['demo', 'popup']
  .flatMap((d) =>
    readdirSync(join(repo, d), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => readFileSync(join(repo, d, f), 'utf8')),
  )
  .join('\n');

/** Keys the page builds from enumerations and the scenes' data. */
const dynamic = [
  ...['none', 'square', 'hex-pointy', 'hex-flat'].map((g) => `demo_grid_${key(g)}`),
  ...['euclidean', 'chebyshev', 'alternating', 'manhattan', 'hex'].map((m) => `demo_measure_${m}`),
  ...['figure', 'leader', 'radio-operator'].map((r) => `demo_role_${key(r)}`),
  ...SCENE_IDS.map((id) => `demo_try_${key(id)}`),
  ...SCENE_IDS.flatMap((id) => [demoScene(id).title, ...demoScene(id).sides.map((s) => s.label)]).filter((k) =>
    k.startsWith('demo_'),
  ),
];

const placeholdersOf = (message: string) =>
  [...message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();

describe('demo table strings', () => {
  it.each(['fr', 'ru'])('%s has exactly the English keys, each with the same placeholders, translated', (lang) => {
    const other = part(lang);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [k, entry] of Object.entries(en)) {
      expect(other[k]!.placeholders, k).toEqual(entry.placeholders);
      expect(placeholdersOf(other[k]!.message), k).toEqual(placeholdersOf(entry.message));
      expect(other[k]!.message.trim(), k).not.toBe('');
      if (entry.message.length > 12)
        expect(other[k]!.message, `${lang}:${k} is not translated`).not.toBe(entry.message);
    }
  });

  it('every placeholder a message uses is declared', () => {
    for (const lang of ['en', 'fr', 'ru'])
      for (const [k, e] of Object.entries(part(lang)))
        for (const p of placeholdersOf(e.message)) expect(e.placeholders?.[p], `${lang}:${k}`).toBeDefined();
  });

  it('has every key the page and the scenes use, and none they do not', () => {
    const literal = [...sources.matchAll(/'(demo_[a-z_]+)'/g)].map((m) => m[1]!);
    const used = new Set([...literal, ...dynamic]);
    expect([...used].filter((k) => !en[k])).toEqual([]);
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
    // A scene's side is a message key (a side the game names by its words reuses them), or the name its
    // game gives it (any name, for a game without sides).
    for (const id of SCENE_IDS) {
      const names = demoScene(id).events.flatMap((e) =>
        (e as { type: string }).type === 'sideEdited' ? [(e as { name?: string }).name] : [],
      );
      const free = DESCRIPTORS[sceneRef(id)!.system].sides.length === 0;
      for (const s of demoScene(id).sides)
        if (!names.includes(s.label) && !(free && sideText(s.label, () => '') === s.label))
          expect(s.label, `${id} side ${s.id}`).toMatch(/^(demo_side_|dc_side_)/);
    }
  });
});
