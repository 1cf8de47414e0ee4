import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The design card: the core in src/ is pure and knows nothing of the views, the tabletops or the browser. */
describe('the shared core (src/)', () => {
  const root = join(__dirname, '../../src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

  it.each(files)('%s imports neither views, adapters, the browser API nor a UI library', (file) => {
    const source = readFileSync(join(root, file), 'utf8');
    const imports = [...source.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    for (const spec of imports) {
      expect(spec, `${file} imports ${spec}`).not.toMatch(/(^|\/)(popup|content|owlbear|background)(\/|$)/);
      expect(spec, `${file} imports ${spec}`).not.toMatch(/^(webextension-polyfill|preact|@owlbear-rodeo\/sdk|node:)/);
    }
    expect(source).not.toMatch(/\b(chrome|browser)\.(runtime|storage|tabs)\b/);
  });
});
