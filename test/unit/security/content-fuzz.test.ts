// The Roll20 content script and page script under random and forged page messages: the envelope check
// (`receive`) never throws and accepts only this load's secret, the right direction and a valid
// shape; whatever it accepts, the live model, the board and the summary sent to the worker take it
// without throwing, and the summary is one the worker accepts. Forged envelopes change nothing.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LiveModel } from '../../../src/adapters/roll20/live';
import {
  chatText,
  contentMessageSchema,
  envelope,
  NS,
  pageMessageSchema,
  receive,
} from '../../../src/adapters/roll20/protocol';
import { DEFAULT_ROLL20_SETTINGS } from '../../../src/adapters/roll20/settings';
import { BoardRunner } from '../../../src/board/run';
import { summaryOf } from '../../../src/board/summary';
import { boardSummarySchema } from '../../../src/board/summary-schema';
import { tableRequestSchema } from '../../../src/messages';
import { BOARDS } from '../../../src/rules/boards';
import { SYSTEM_IDS } from '../../../src/rules/ids';
import { boardInputOf } from '../../../src/store/board';
import { exampleRoot } from '../../support/demo';

const SECRET = '0123456789abcdef0123456789abcdef';
const hostile = fc.constantFrom(
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  '\u202egnp.exe',
  '__proto__',
  'a'.repeat(300),
  '',
  'Sergent@3',
  'flying-flag,dead',
);
const text = fc.oneof(fc.string({ maxLength: 40 }), hostile);
const coord = fc.oneof(
  fc.double({ min: -2000, max: 4000, noNaN: true }),
  fc.constantFrom(NaN, Infinity, -1e9, 35, 105),
);
const token = fc.record({
  id: fc.oneof(fc.constantFrom('t1', 't2', 't3', 't4', 't5'), text),
  name: text,
  left: coord,
  top: coord,
  width: fc.constantFrom(70, 35, 0, -5, 140),
  height: fc.constantFrom(70, 35, 0, 140),
  layer: fc.constantFrom('objects', 'objects', 'objects', 'objects', 'map', 'gmlayer', 'walls', ''),
  controlledby: fc.constantFrom('', 'all', 'p1', 'p2', 'p1,p2'),
  tint: fc.constantFrom('transparent', '#ff0000', '#0000ff', 'red'),
  markers: fc.oneof(fc.constantFrom('', 'flying-flag', 'dead', 'blue@1', 'red@2,flying-flag', 'green@999999'), text),
});
/** Tokens as the page script sends them, some with extra or missing fields (each is checked alone). */
const rawToken = fc.oneof(
  { weight: 5, arbitrary: token },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  { weight: 1, arbitrary: token.map((t) => ({ ...t, extra: 1 })) },
);
const page = fc.record({
  id: fc.constantFrom('p1', 'p1', 'p2', ''),
  name: text,
  snapping_increment: fc.oneof(fc.constantFrom(1, 0.5, 2, 0, -1, '1', '', ' '), fc.anything({ maxDepth: 0 })),
  scale_number: fc.constantFrom(5, 1, 2.5, 0, '5', 'abc'),
  scale_units: fc.constantFrom('ft', 'cm', 'in', 'm', 'hex', 'u', ''),
  grid_type: fc.constantFrom('square', 'hex', 'hexr', 'dimetric', 'isometric', 'weird'),
  diagonaltype: fc.constantFrom('foure', 'threefive', 'manhattan', 'pythagorean', 'hex', 'weird'),
});
const message = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('snapshot'),
      page: fc.oneof({ weight: 4, arbitrary: page }, { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) }),
      tokens: fc.array(rawToken, { maxLength: 12 }),
      players: fc.array(fc.record({ id: fc.constantFrom('p1', 'p2'), name: text }), { maxLength: 3 }),
      engine: fc.constantFrom('legacy', 'jumpgate', 'none'),
      mode: fc.constantFrom('full', 'data-only'),
      missing: fc.constantFrom([], ['renderer']),
    }),
  },
  fc.record({ type: fc.constant('page'), page: fc.oneof(page, fc.anything({ maxDepth: 1 })) }),
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('delta'),
      pageId: fc.constantFrom('p1', 'p2'),
      changed: fc.array(rawToken, { maxLength: 4 }),
      removed: fc.array(fc.constantFrom('t1', 't2', 'zz'), { maxLength: 2 }),
    }),
  },
  fc.record({ type: fc.constant('selection'), ids: fc.array(fc.constantFrom('t1', 't3', 'nope'), { maxLength: 3 }) }),
  fc.record({
    type: fc.constant('status'),
    state: fc.constantFrom('waiting', 'unavailable'),
    missing: fc.constantFrom([], ['Campaign']),
  }),
  fc.record({ type: fc.constant('view'), view: fc.constant(null) }),
  fc.anything({ maxDepth: 2 }),
);
/** An envelope as anyone on the page could post it: ours, or with another secret, direction or namespace. */
const posted = fc
  .tuple(message, fc.constantFrom('ours', 'ours', 'ours', 'ours', 'secret', 'direction', 'namespace', 'raw'))
  .map(([msg, how]) => {
    if (how === 'raw') return msg;
    const e = envelope('page', SECRET, msg) as unknown as Record<string, unknown>;
    if (how === 'secret') e.secret = 'ffffffffffffffffffffffffffffffff';
    if (how === 'direction') e.dir = 'content';
    if (how === 'namespace') e.ns = 'someone-else';
    return e;
  });

const snapshotOf = (m: LiveModel) =>
  JSON.stringify({
    page: m.page,
    tokens: [...m.tokens],
    state: m.state,
    selected: m.selected,
    players: [...m.players],
  });

describe('the Roll20 content script under random and forged page messages (property)', () => {
  it('never throws; accepts only its own secret and direction; whatever it accepts becomes a summary the worker takes', () => {
    const runner = new BoardRunner();
    let drawn = 0;
    fc.assert(
      fc.property(
        fc.array(posted, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...SYSTEM_IDS),
        (messages, system) => {
          const model = new LiveModel();
          const input = boardInputOf(exampleRoot(system));
          for (const data of messages) {
            const before = snapshotOf(model);
            const r = receive(data, 'page', SECRET, pageMessageSchema);
            const e = data as { ns?: unknown; dir?: unknown; secret?: unknown };
            const genuine =
              typeof e === 'object' && e !== null && e.ns === NS && e.dir === 'page' && e.secret === SECRET;
            if (!r.ok) {
              expect(snapshotOf(model)).toBe(before);
              continue;
            }
            expect(genuine).toBe(true);
            model.apply(r.msg, DEFAULT_ROLL20_SETTINGS);
            const table = model.table(DEFAULT_ROLL20_SETTINGS);
            const run = table ? runner.run(BOARDS[system], table, input) : null;
            const summary = summaryOf(model.status(0), table, run, table ? system : null);
            // What the content script sends passes the worker's own check.
            const checked = v.safeParse(tableRequestSchema, { type: 'table/update', table: summary });
            expect(checked.success, JSON.stringify(checked.issues?.[0])).toBe(true);
            expect(v.safeParse(boardSummarySchema, summary).success).toBe(true);
            if (run && summary.figures.length > 0) drawn++;
          }
        },
      ),
      { numRuns: 1500 },
    );
    // Random messages do reach the board, not only the refusals.
    expect(drawn).toBeGreaterThan(150);
    // 1,500 boards run in ~4 s alone, over vitest's 5 s default when the unit files share two cores:
    // a property's run count is its strength, not a time limit.
  }, 30_000);
});

describe('the Roll20 page script under random and forged content messages (property)', () => {
  it('accepts only its own secret, direction and valid shapes, never throwing', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 3 }), fc.constantFrom('ours', 'secret', 'direction', 'raw'), (msg, how) => {
        const data =
          how === 'raw'
            ? msg
            : {
                ...envelope('content', how === 'secret' ? 'f'.repeat(32) : SECRET, msg),
                ...(how === 'direction' ? { dir: 'page' } : {}),
              };
        const r = receive(data, 'content', SECRET, contentMessageSchema);
        if (r.ok) {
          expect(how).toBe('ours');
          expect(v.safeParse(contentMessageSchema, msg).success).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('chat text from any game is defused: never a command, never a roll, never markup', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            '/w gm hi',
            '!script',
            '[[1d20]]',
            '?{Query|a}',
            '[x](https://evil)',
            '&#47;em',
            '<b>x</b>',
            '\u00a0/roll 1d6',
          ),
        ),
        (s) => {
          const out = chatText(s);
          expect(out).not.toMatch(/^\s*[/!]/);
          expect(out).not.toMatch(/\[\[|\?\{|\]\(|[<>\n\r]/);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
