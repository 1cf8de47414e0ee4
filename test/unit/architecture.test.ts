import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTORS, SYSTEM_IDS } from '../../src/rules';
import { BOARDS } from '../../src/rules/boards';
import { PANELS } from '../../popup/panels';
import { TABLETOPS } from '../../src/adapters/tabletops';

const repo = join(__dirname, '../..');
const sources = (dir: string) =>
  readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(dir, f));
const importsOf = (source: string) =>
  [...source.matchAll(/(?:^\s*(?:import|export)[^'"]*from\s+|import\()\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
/** Imports that load code at run time (an `import type` is erased by the compiler). */
const runtimeImportsOf = (source: string) =>
  [
    ...source.matchAll(
      /(?:^\s*(?:import(?!\s+type\b)|export(?!\s+type\b))[^'"]*from\s+|import\()\s*['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => m[1]!);

/** The design card: the core in src/ is pure and knows nothing of the views, the tabletops or the browser. */
describe('the shared core (src/)', () => {
  const files = sources('src');

  it.each(files)('%s imports neither views, adapters, the browser API nor a UI library', (file) => {
    const source = readFileSync(join(repo, file), 'utf8');
    for (const spec of importsOf(source)) {
      // Relative imports stay inside src/ (the views, content scripts, pages and the worker are outside it).
      if (spec.startsWith('.'))
        expect(relative(repo, normalize(join(dirname(join(repo, file)), spec))), `${file} imports ${spec}`).toMatch(
          /^src\//,
        );
      expect(spec, `${file} imports ${spec}`).not.toMatch(/^(webextension-polyfill|preact|node:)/);
    }
    // The Owlbear SDK runs only inside Owlbear's iframes (it reads the page's URL when loaded): its types only.
    for (const spec of runtimeImportsOf(source))
      expect(spec, `${file} loads ${spec}`).not.toMatch(/^@owlbear-rodeo\/sdk/);
    expect(source).not.toMatch(/\b(chrome|browser)\.(runtime|storage|tabs)\b/);
  });
});

/** The shared game is one module every tabletop uses: it names no tabletop (each supplies its keys and its transport). */
describe('the shared game (src/shared-game/)', () => {
  it.each(sources('src/shared-game'))('%s imports no tabletop adapter', (file) => {
    const source = readFileSync(join(repo, file), 'utf8');
    for (const spec of importsOf(source))
      expect(spec, `${file} imports ${spec}`).not.toMatch(/adapters\/|owlbear|roll20/i);
    expect(source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, ''), file).not.toMatch(/owlbear|roll20/i);
  });
});

/**
 * One descriptor per rule system, the single place it plugs in: nothing outside a system's own folders
 * (src/rules/<id>/ and its panel, popup/<id>/) names that system — not its modules, not its id — but
 * the registries that list every system once.
 */
describe('each rule system stays in its folder', () => {
  const REGISTRIES = [
    'src/rules/ids.ts',
    'src/rules/index.ts',
    'src/rules/boards.ts',
    'src/rules/demos.ts',
    'src/rules/load.ts',
    'popup/panels.tsx',
  ];
  const files = ['src', 'popup', 'content', 'background'].flatMap(sources).filter((f) => !REGISTRIES.includes(f));
  const homeOf = (file: string): string | null => /^(?:src\/rules|popup)\/([^/]+)\//.exec(file)?.[1] ?? null;

  it.each(files)('%s names no other system', (file) => {
    const home = homeOf(file);
    const source = readFileSync(join(repo, file), 'utf8');
    for (const spec of importsOf(source).filter((s) => s.startsWith('.'))) {
      const target = relative(repo, normalize(join(dirname(join(repo, file)), spec)));
      const system = /^(?:src\/rules|popup)\/([^/]+)(?:\/|$)/.exec(target)?.[1];
      if (system && (SYSTEM_IDS as readonly string[]).includes(system))
        expect(system, `${file} imports ${spec}`).toBe(home);
    }
    // Quoted system ids (comments may mention a system by name; code may not branch on one).
    const code = source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const id of SYSTEM_IDS) {
      if (id === home) continue;
      expect(code.includes(`'${id}'`) || code.includes(`"${id}"`), `${file} names '${id}'`).toBe(false);
    }
  });

  it('every system has its descriptor, its board view and its panel, under its own id', () => {
    for (const id of SYSTEM_IDS) {
      expect(DESCRIPTORS[id].id).toBe(id);
      expect(DESCRIPTORS[id].rules.id).toBe(id);
      expect(BOARDS[id].id).toBe(id);
      expect(PANELS[id]).toBeTypeOf('function');
    }
  });

  it('geometry stays a generic engine: no rule system in src/geometry', () => {
    for (const file of sources('src/geometry')) {
      const code = readFileSync(join(repo, file), 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      for (const spec of importsOf(code)) expect(spec, `${file} imports ${spec}`).not.toMatch(/rules\//);
    }
  });
});

/** docs/architecture.md walks a newcomer through the code file by file: every file it names is there. */
describe('docs/architecture.md', () => {
  const doc = readFileSync(join(repo, 'docs/architecture.md'), 'utf8');
  const named = [
    ...doc.matchAll(/`((?:src|content|popup|owlbear|background|demo|test|scripts|docs|bench)\/[^`\s*<>…]+)`/g),
  ]
    .map((m) => m[1]!)
    .filter((p) => !p.includes('<'));

  it('names files', () => {
    expect(named.length).toBeGreaterThan(20);
  });

  it.each([...new Set(named)])('%s exists', (path) => {
    expect(() => readdirSync(join(repo, dirname(path)))).not.toThrow();
    const base = path.endsWith('/') ? null : path.split('/').pop()!;
    if (base) expect(readdirSync(join(repo, dirname(path)))).toContain(base);
  });
});

/** Each tabletop declares itself once, in its own folder (src/adapters/<id>/tabletop.ts); the manifest agrees with the declarations. */
describe('the tabletops', () => {
  const folders = readdirSync(join(repo, 'src/adapters'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it.each(folders)('src/adapters/%s declares its tabletop, listed once under its own id', (id) => {
    const source = readFileSync(join(repo, 'src/adapters', id, 'tabletop.ts'), 'utf8');
    expect(source).toMatch(/defineTabletop\(\{/);
    expect(TABLETOPS.filter((t) => t.id === id)).toHaveLength(1);
  });

  it('lists no tabletop without a folder', () => {
    expect(TABLETOPS.map((t) => t.id).sort()).toEqual([...folders].sort());
  });

  it("the manifest's content scripts are the tabletops' declared ones", () => {
    const manifest = JSON.parse(readFileSync(join(repo, 'manifest.json'), 'utf8')) as {
      content_scripts: { matches: string[]; exclude_matches?: string[]; js: string[] }[];
    };
    const declared = TABLETOPS.flatMap((t) => (t.contentScript ? [t.contentScript] : []));
    const shape = (c: { matches: readonly string[]; exclude_matches?: readonly string[]; js: readonly string[] }) => ({
      matches: [...c.matches],
      exclude_matches: c.exclude_matches ? [...c.exclude_matches] : [],
      js: [...c.js],
    });
    const byScript = (a: { js: string[] }, b: { js: string[] }) => a.js[0]!.localeCompare(b.js[0]!);
    expect(manifest.content_scripts.map(shape).sort(byScript)).toEqual(declared.map(shape).sort(byScript));
  });
});
