// Files at most 400 lines and functions at most 80, so that a newcomer reads any of them in one go.
// Today's outliers are listed with their length today: one may shrink (and leaves the list once it fits),
// never grow, and no new one joins. `SIZE_CAPS_PRINT=1 npx vitest run test/unit/size-caps.test.ts`
// prints the list as it stands.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
/** The product's code; tests, benchmarks and build scripts are not held to it. */
const DIRS = ['src', 'popup', 'content', 'owlbear', 'demo', 'background'];

// prettier-ignore
const FILE_OUTLIERS: Readonly<Record<string, number>> = {
  'demo/table.ts': 564,
  'content/overlay.ts': 623,
  'demo/board-view.ts': 585,
  'popup/cr/Play.tsx': 572,
  'owlbear/session.ts': 552,
  'src/shared-game/checkpoint.ts': 527,
  'popup/dc/Activation.tsx': 494,
  'src/rules/cr/model.ts': 453,
  'src/adapters/roll20/protocol.ts': 451,
  'src/rules/hd-command/model.ts': 427,
  'src/adapters/owlbear/items.ts': 425,
  'src/rules/dc/model.ts': 413,
};

/** `file › function` (a function's name: its own, its variable's, its method's, or the call it is passed to). */
// prettier-ignore
const FUNCTION_OUTLIERS: Readonly<Record<string, number>> = {
  'content/roll20-table.ts › roll20Table': 121,
  'popup/hd-modifiers/Forms.tsx › AddEffect': 157,
  'src/shared-game/read-writers.ts › readWriters': 151,
  'src/board/labels.ts › placeLabels': 146,
  'popup/dc/Activation.tsx › Assign': 134,
  'popup/lookup/Opener.tsx › RuleLookup': 128,
  'content/overlay.ts › drawLayout': 117,
  'src/geometry/prepare.ts › prepareTable': 82,
  'popup/dc/Activation.tsx › Pick': 106,
  'content/overlay.ts › draw': 104,
  'src/geometry/chains.ts › searchIndexed': 101,
  'popup/bdc/TestRoller.tsx › TestRoller': 100,
  'popup/hd-modifiers/FighterCard.tsx › FighterCard': 99,
  'src/geometry/union-outline.ts › circleUnion': 98,
  'src/rules/dc/board.ts › view': 118,
  'src/rules/cr/model.ts › applyEvent': 98,
  'src/rules/hd-modifiers/lookup.ts › hdModifiersNumbers': 98,
  'popup/bdc/Setup.tsx › Settings': 98,
  'popup/cr/Play.tsx › Orders': 98,
  'src/adapters/roll20/live.ts › apply': 95,
  'src/rules/hd-modifiers/compute.ts › breakdown': 94,
  'popup/hd-command/SideCard.tsx › SideCard': 94,
  'popup/App.tsx › Shell': 93,
  'popup/hd-command/Setup.tsx › RosterEditor': 92,
  'src/geometry/union-outline.ts › polygonUnion': 89,
  'src/shared-game/ops.ts › readPages': 89,
  'src/rules/dc/history.ts › describeEvent': 87,
  'popup/StoreNoticeList.tsx › StoreNoticeList': 86,
  'popup/table-link.ts › tableLink': 85,
  'popup/bdc/TroopCard.tsx › LeaderFields': 85,
  'popup/cr/Play.tsx › Army': 84,
  'popup/cr/Setup.tsx › ArmyEditor': 84,
  'src/rules/cr/lookup.ts › crNumbers': 83,
  'owlbear/session.ts › start': 83,
  'popup/hd-modifiers/Settings.tsx › Settings': 81,
};

interface Measured {
  readonly files: ReadonlyMap<string, number>;
  readonly functions: ReadonlyMap<string, number>;
  readonly unreadable: readonly string[];
}

type Node = { readonly type?: unknown; readonly start: number; readonly end: number; readonly [k: string]: unknown };

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && typeof (x as Node).type === 'string';

/** What a reader would call the function `fn`, found under `parent`. */
function nameOf(fn: Node, parent: Node | null): string {
  const named = (x: unknown): string | null =>
    isNode(x) && typeof x['name'] === 'string'
      ? (x['name'] as string)
      : isNode(x) && x.type === 'Literal'
        ? String(x['value'])
        : null;
  const own = named(fn['id']);
  if (own) return own;
  if (parent) {
    if (parent.type === 'VariableDeclarator') return named(parent['id']) ?? '(anonymous)';
    if (/^(MethodDefinition|Property|PropertyDefinition)$/.test(String(parent.type)))
      return named(parent['key']) ?? '(anonymous)';
    if (parent.type === 'CallExpression') {
      const callee = parent['callee'];
      const called = isNode(callee) && callee.type === 'MemberExpression' ? named(callee['property']) : named(callee);
      return `${called ?? '(call)'}(…)`;
    }
  }
  return '(anonymous)';
}

function measure(): Measured {
  const repo = join(__dirname, '../..');
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  const unreadable: string[] = [];
  for (const dir of DIRS) {
    for (const rel of readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(tsx?|mjs)$/.test(rel)) continue;
      const file = `${dir}/${rel}`;
      const text = readFileSync(join(repo, file), 'utf8');
      const lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
      const lineOf = (offset: number): number => {
        let lo = 0;
        let hi = lineStarts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (lineStarts[mid]! <= offset) lo = mid;
          else hi = mid - 1;
        }
        return lo + 1;
      };
      files.set(file, lineOf(text.trimEnd().length));
      const { program, errors } = parseSync(file, text);
      if (errors.length) unreadable.push(`${file}: ${errors[0]!.message}`);
      const visit = (node: unknown, parent: Node | null): void => {
        if (Array.isArray(node)) {
          for (const child of node) visit(child, parent);
          return;
        }
        if (!isNode(node)) return;
        if (/Function/.test(String(node.type)) && node['body']) {
          const lines = lineOf(node.end) - lineOf(node.start) + 1;
          const key = `${file} › ${nameOf(node, parent)}`;
          if (lines > MAX_FUNCTION_LINES) functions.set(key, Math.max(lines, functions.get(key) ?? 0));
        }
        for (const [k, child] of Object.entries(node))
          if (k !== 'parent' && typeof child === 'object') visit(child, node);
      };
      visit(program, null);
    }
  }
  return { files, functions, unreadable };
}

describe('size caps', () => {
  const measured = measure();
  if (process.env['SIZE_CAPS_PRINT']) {
    const list = (m: ReadonlyMap<string, number>, max: number) =>
      [...m]
        .filter(([, n]) => n > max)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `  '${k}': ${n},`)
        .join('\n');
    console.log(
      `FILE_OUTLIERS\n${list(measured.files, MAX_FILE_LINES)}\nFUNCTION_OUTLIERS\n${list(measured.functions, MAX_FUNCTION_LINES)}`,
    );
  }

  it('reads every file', () => {
    expect(measured.files.size).toBeGreaterThan(200);
    expect(measured.unreadable).toEqual([]);
  });

  it(`files: at most ${MAX_FILE_LINES} lines, or no longer than they were when listed`, () => {
    const over = [...measured.files].filter(([f, n]) => n > (FILE_OUTLIERS[f] ?? MAX_FILE_LINES));
    expect(over.map(([f, n]) => `${f}: ${n} lines (may have ${FILE_OUTLIERS[f] ?? MAX_FILE_LINES})`)).toEqual([]);
  });

  it(`functions: at most ${MAX_FUNCTION_LINES} lines, or no longer than they were when listed`, () => {
    const over = [...measured.functions].filter(([f, n]) => n > (FUNCTION_OUTLIERS[f] ?? MAX_FUNCTION_LINES));
    expect(over.map(([f, n]) => `${f}: ${n} lines (may have ${FUNCTION_OUTLIERS[f] ?? MAX_FUNCTION_LINES})`)).toEqual(
      [],
    );
  });

  it('the lists only shrink: an outlier that now fits, or is gone, leaves them', () => {
    const stale = [
      ...Object.keys(FILE_OUTLIERS).filter((f) => (measured.files.get(f) ?? 0) <= MAX_FILE_LINES),
      ...Object.keys(FUNCTION_OUTLIERS).filter((f) => (measured.functions.get(f) ?? 0) <= MAX_FUNCTION_LINES),
    ];
    expect(stale).toEqual([]);
  });
});
