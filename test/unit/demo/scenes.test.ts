// The demo table's scenes against the worked examples: each scene's board shows what its system's
// board scenario (test/scenarios/<id>/board-*.json) expects at the step the scene stands for, with
// the same token ids. Only what a scene adds beyond the scenario is written here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleBoard, exampleRequest, isExampleGame } from '../../../src/adapters/demo/example';
import { exampleLinks } from '../../../src/adapters/demo/model';
import { DESCRIPTORS, SYSTEM_IDS, type SystemId } from '../../../src/rules';
import { DEMOS } from '../../../src/rules/demos';
import type { AnyDescriptor } from '../../../src/rules/descriptor';
import { replay } from '../../../src/game/log';
import { boardSummary } from '../../../src/scenario/run';
import { partialMismatches } from '../../../src/scenario/match';
import { gameOf } from '../../../src/store/load';
import { exampleRoot, exampleView } from '../../support/demo';

const scenarios = join(__dirname, '../../scenarios');

interface Match {
  readonly file: string;
  /** 1-based, as the runner counts: the step whose `expect.board` the scene must show. */
  readonly step: number;
  /** Scenario token id → scene token id, where the scene names a token otherwise. */
  readonly ids?: Readonly<Record<string, string>>;
}

const MATCHES: { readonly [K in SystemId]: readonly Match[] } = {
  'hd-command': [{ file: 'hd-command/board-losses-and-entries.json', step: 6 }],
  'hd-modifiers': [{ file: 'hd-modifiers/board-active-fighter.json', step: 12 }],
  bdc: [
    { file: 'bdc/board-b8-b9-b11-chains.json', step: 4 },
    { file: 'bdc/board-b10-radio.json', step: 3, ids: { Lt: 'L' } },
  ],
  dc: [{ file: 'dc/board-desharbes-on-hexes.json', step: 12 }],
  cr: [{ file: 'cr/board-r7-r8-control-and-signal.json', step: 16 }],
};

/** What the scenes add to their scenarios (their own layout's claims), partial as `expect.board` is. */
const EXTRA: { readonly [K in SystemId]?: unknown } = {
  bdc: {
    tokens: {
      Cpt: { status: 'leader', reason: null },
      // The corporal, 6.5 cm from his captain, is commanded by voice.
      Cpl: { status: 'leader', reason: null },
      D: { status: 'commanded' },
      E: { status: 'link' },
      // B11: F stands by Groupe 1's figures, but chains never leave a unit.
      F: { status: 'out', reason: 'out-of-range', params: { by: 20, unit: 'cm', nearest: 'Grenadier E' }, closeUp: false },
    },
    edges: { Cpl: { from: 'Cpt', kind: 'voice' }, E: { from: 'D', kind: 'chain' } },
    rings: { Cpt: null, L: { kind: 'command' }, Cpl: { kind: 'command' } },
  },
  cr: {
    tokens: { l1b: { status: 'eligible' }, dv: { status: 'leader' }, ku: { status: 'leader' }, gr: { status: 'none' }, co: { status: 'none' } },
  },
  // The rule reads no positions: no fighter is marked until one is lost.
  'hd-command': { tokens: { br: null, mi: null, en: null } },
};

type Json = Record<string, unknown>;

/** The expectation in the scene's terms: token ids mapped (keys, edges' `from`), names in reasons' params mapped. */
function translate(expected: unknown, ids: Readonly<Record<string, string>>, names: ReadonlyMap<string, string>, key = ''): unknown {
  if (typeof expected === 'string') return key === 'from' ? (ids[expected] ?? expected) : key === 'param' ? (names.get(expected) ?? expected) : expected;
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) return expected;
  return Object.fromEntries(Object.entries(expected).map(([k, v]) => [ids[k] ?? k, translate(v, ids, names, key === 'params' ? 'param' : k)]));
}

describe.each(SYSTEM_IDS)('the %s demo scene', (system) => {
  const example = DEMOS[system];

  it('is a game the rules accept, every token linked to a piece it creates', () => {
    const root = exampleRoot(system);
    const game = gameOf(root, system);
    expect(game.log.events).toHaveLength(example.events.length);
    expect(isExampleGame(system, game.log)).toBe(true);
    const descriptor: AnyDescriptor = DESCRIPTORS[system];
    const replayed = replay(descriptor.rules, game.config, game.log);
    expect(replayed.ok).toBe(true);
    const pieces = new Set(descriptor.pieces(replayed.ok ? replayed.value : null).map((p) => p.id));
    for (const { token, piece } of exampleLinks(example)) expect(pieces.has(piece), `${token} → ${piece}`).toBe(true);
    expect(root.bindings[system]?.links).toEqual(Object.fromEntries(exampleLinks(example).map((l) => [l.token, l.piece])));
    expect(exampleRequest(system)).toMatchObject({ type: 'game/replace', system });
  });

  it('has tokens with unique ids on sides of its own, names as plain text', () => {
    const ids = example.tokens.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sides = new Set(example.sides.map((s) => s.id));
    for (const t of example.tokens) expect(t.side === null || sides.has(t.side), t.id).toBe(true);
    for (const s of example.sides) expect(s.colour).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it.each(MATCHES[system])("shows what $file expects at step $step", ({ file, step, ids = {} }) => {
    const scenario = JSON.parse(readFileSync(join(scenarios, file), 'utf8')) as { table: { tokens: { id: string; name?: string }[] }; steps: { expect?: { board?: unknown } }[] };
    const expected = scenario.steps[step - 1]?.expect?.board;
    expect(expected, `${file} step ${step} has an expect.board`).toBeDefined();
    // Reasons name tokens: the scenario's names are the scene's names for the same token.
    const sceneName = new Map(example.tokens.map((t) => [t.id, t.name]));
    const names = new Map<string, string>();
    for (const t of scenario.table.tokens) {
      const scene = sceneName.get(ids[t.id] ?? t.id);
      if (scene !== undefined) names.set(t.name ?? t.id, scene);
    }
    const board = exampleBoard(system);
    const view = exampleView(system, board);
    const found = partialMismatches(translate(expected, ids, names), boardSummary(view, board.scene, [], board.tokens) as Json, 'board');
    expect(found).toEqual([]);
  });

  it('shows what the scene itself adds', () => {
    const extra = EXTRA[system];
    if (extra === undefined) return expect(MATCHES[system].length).toBeGreaterThan(0);
    const board = exampleBoard(system);
    expect(partialMismatches(extra, boardSummary(exampleView(system, board), board.scene, [], board.tokens) as Json, 'board')).toEqual([]);
  });
});
