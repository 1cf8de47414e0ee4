// The demo table's scenes: each worked example's board shows what its system's board scenario
// (test/scenarios/<id>/board-*.json) expects at the step the scene stands for, with the same token
// ids; each army is a game the rules accept, at least 30 tokens each bound to a piece, and shows what
// its file says it shows. Only what a scene adds beyond the scenario is written here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoScene, sceneBoard, sceneRequest, untouchedScene } from '../../../src/adapters/demo/example';
import { basePx, exampleLinks } from '../../../src/adapters/demo/model';
import { SCENE_IDS, sceneRef, scenesOf, type SceneId } from '../../../src/adapters/demo/scenes';
import { DESCRIPTORS, type SystemId } from '../../../src/rules';
import type { AnyDescriptor } from '../../../src/rules/descriptor';
import { replay } from '../../../src/game/log';
import { boardSummary } from '../../../src/scenario/run';
import { partialMismatches } from '../../../src/scenario/match';
import { gameOf } from '../../../src/store/load';
import { sceneRoot, sceneView } from '../../support/demo';
import { colourDistance } from '../../support/colour';
import { MARK_LOOKS } from '../../../src/board/look';

const scenarios = join(__dirname, '../../scenarios');

interface Match {
  readonly file: string;
  /** 1-based, as the runner counts: the step whose `expect.board` the scene must show. */
  readonly step: number;
  /** Scenario token id → scene token id, where the scene names a token otherwise. */
  readonly ids?: Readonly<Record<string, string>>;
}

/** The worked examples' scenarios (an army has none: its claims are in EXTRA). */
const MATCHES: { readonly [K in SystemId]: readonly Match[] } = {
  'hd-command': [{ file: 'hd-command/board-losses-and-entries.json', step: 7 }],
  'hd-modifiers': [{ file: 'hd-modifiers/board-active-fighter.json', step: 12 }],
  bdc: [
    { file: 'bdc/board-b8-b9-b11-chains.json', step: 4 },
    { file: 'bdc/board-b10-radio.json', step: 3, ids: { Lt: 'L' } },
  ],
  dc: [{ file: 'dc/board-desharbes-on-hexes.json', step: 12 }],
  cr: [{ file: 'cr/board-r7-r8-control-and-signal.json', step: 16 }],
};

/** What the scenes add to their scenarios (their own layout's claims), partial as `expect.board` is. */
const EXTRA: { readonly [K in SceneId]?: unknown } = {
  bdc: {
    tokens: {
      Cpt: { status: 'leader', reason: null },
      // The corporal, 6.5 cm from his captain, is commanded by voice.
      Cpl: { status: 'leader', reason: null },
      D: { status: 'commanded' },
      E: { status: 'link' },
      // B11: F stands by Groupe 1's figures, but chains never leave a unit.
      F: {
        status: 'out',
        reason: 'out-of-range',
        params: { by: 20, unit: 'cm', nearest: 'Grenadier E' },
        closeUp: false,
      },
    },
    edges: { Cpl: { from: 'Cpt', kind: 'voice' }, E: { from: 'D', kind: 'chain' } },
    rings: { Cpt: null, L: { kind: 'command' }, Cpl: { kind: 'command' } },
  },
  cr: {
    tokens: {
      l1b: { status: 'eligible' },
      dv: { status: 'leader' },
      ku: { status: 'leader' },
      gr: { status: 'none' },
      co: { status: 'none' },
    },
  },
  // The rule reads no positions: no fighter is marked until one is lost.
  'hd-command': { tokens: { br: null, mi: null, en: null } },
  'hd-command-army': {
    // Turn 2: Bretteur 2 killed (CMD 1): Arnaud 14 / 9 after spending 5, Tarik 11 / 9 after spending 2.
    tokens: { br2: { status: 'lost', reason: 'piece-gone', params: { name: 'Bretteur 2' } }, br1: null, ta1: null },
    notes: ['board_note_hd_command Arnaud 14 9', 'board_note_hd_command Tarik 11 9'],
  },
  // Only the active fighter is marked.
  'hd-modifiers-army': { tokens: { ta1: { status: 'active', reason: null }, la1: null, ha1: null } },
  'bdc-army': {
    tokens: {
      cpt: { status: 'leader', reason: null },
      op: { status: 'commanded' },
      // The two section leaders with a radio, far beyond voice range: by radio; the third has none.
      lt1: { status: 'leader', reason: null },
      lt2: { status: 'leader', reason: null },
      lt3: { status: 'leader', reason: 'out-of-range', params: { nearest: 'Capitaine Morel' } },
      'g1-1': { status: 'commanded' },
      'g1-5': { status: 'commanded' },
      'g4-3': { status: 'commanded' },
      // Sergent Fabre demoralised: his rigid group all out, closing up.
      ...Object.fromEntries(
        [1, 2, 3, 4, 5].map((i) => [
          `g5-${i}`,
          {
            status: 'out',
            reason: 'leader-cannot-command',
            params: { leader: 'Sergent Fabre', state: 'demoralised' },
            closeUp: true,
          },
        ]),
      ),
      'g2-5': { status: 'out', reason: 'out-of-range', params: { nearest: 'Sergent Caron' }, closeUp: true },
      'g6-4': { status: 'out', reason: 'out-of-range', closeUp: false },
      'g6-5': { status: 'out', reason: 'out-of-range', closeUp: false },
    },
    edges: {
      lt1: { from: 'cpt', kind: 'radio' },
      lt2: { from: 'cpt', kind: 'radio' },
      sg1: { from: 'lt1', kind: 'voice' },
      sg6: { from: 'lt3', kind: 'voice' },
    },
    // A demoralised sergeant draws no range; a section leader leads no group of his own.
    rings: {
      cpt: { kind: 'command' },
      sg1: { kind: 'command' },
      sg6: { kind: 'command' },
      sg5: null,
      lt1: null,
      lt3: null,
    },
  },
  'dc-army': {
    // Desharbes activated after Aubert kept the initiative for him: his range alone is drawn.
    rings: { desharbes: { kind: 'command', shape: 'hexagon', radius: 210 }, aubert: null, lefevre: null, vinh: null },
    tokens: {
      im1: { status: 'eligible' },
      im3: { status: 'eligible' },
      chasseurs: { status: 'eligible' },
      art: { status: 'eligible' },
      leg2: { status: 'eligible' },
      leg1: {
        status: 'out',
        reason: 'dc-path-blocked',
        params: { blocker: 'Pavillons noirs 6', leader: 'Colonel Desharbes' },
      },
      ta1: { status: 'out', reason: 'dc-out-of-range', params: { distance: 4, radius: 3 } },
      spahis: { status: 'out', reason: 'dc-out-of-range' },
      zou: { status: 'lost' },
      pn6: { status: 'none' },
      // Aubert's activation: both companies activated, to shoot or fight.
      tt1: { status: 'commanded', reason: 'dc-unit-activated' },
      tt2: { status: 'commanded', reason: 'dc-unit-activated' },
    },
  },
  'cr-army': {
    // Ledru's number: his 1" control from the 24e léger he stands with.
    rings: { ledru: { kind: 'control', radius: 70 }, marchand: null, ney: null, bagration: null },
    tokens: {
      'l24-a': { status: 'eligible' },
      'l46-b': { status: 'eligible' },
      'l18-a': { status: 'out', reason: 'cr-too-far', params: { distance: 1.5, max: 1, unit: 'in', leader: 'Ledru' } },
      'l4-a': { status: 'out', reason: 'cr-too-far' },
      // Marchand's orders on number 5.
      'h11-a': { status: 'none', reason: 'cr-acted' },
      'art-b': { status: 'none', reason: 'cr-acted' },
      'ladoga-a': { status: 'none' },
      'cossacks-b': { status: 'none' },
    },
  },
};

type Json = Record<string, unknown>;

/** The expectation in the scene's terms: token ids mapped (keys, edges' `from`), names in reasons' params mapped. */
function translate(
  expected: unknown,
  ids: Readonly<Record<string, string>>,
  names: ReadonlyMap<string, string>,
  key = '',
): unknown {
  if (typeof expected === 'string')
    return key === 'from'
      ? (ids[expected] ?? expected)
      : key === 'param'
        ? (names.get(expected) ?? expected)
        : expected;
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) return expected;
  return Object.fromEntries(
    Object.entries(expected).map(([k, v]) => [ids[k] ?? k, translate(v, ids, names, key === 'params' ? 'param' : k)]),
  );
}

describe.each(SCENE_IDS)('the %s demo scene', (id) => {
  const example = demoScene(id);
  const { system, kind } = sceneRef(id)!;

  it('is a game the rules accept, every token linked to a piece it creates', () => {
    const root = sceneRoot(id);
    const game = gameOf(root, system);
    expect(game.log.events).toHaveLength(example.events.length);
    expect(untouchedScene(system, game.log)).toBe(id);
    const descriptor: AnyDescriptor = DESCRIPTORS[system];
    const replayed = replay(descriptor.rules, game.config, game.log);
    expect(replayed.ok).toBe(true);
    const pieces = new Set(descriptor.pieces(replayed.ok ? replayed.value : null).map((p) => p.id));
    for (const { token, piece } of exampleLinks(example)) expect(pieces.has(piece), `${token} → ${piece}`).toBe(true);
    expect(root.bindings[system]?.links).toEqual(
      Object.fromEntries(exampleLinks(example).map((l) => [l.token, l.piece])),
    );
    expect(sceneRequest(id)).toMatchObject({ type: 'game/replace', system });
    // An army: at least 30 tokens, every one standing for a piece of its game.
    if (kind === 'army') {
      expect(example.tokens.length).toBeGreaterThanOrEqual(30);
      expect(example.tokens.every((t) => t.piece !== undefined)).toBe(true);
    }
  });

  it('gives each side one colour, on the board and in the popup, and none the colour of a status', () => {
    for (const side of example.sides) {
      for (const [status, look] of Object.entries(MARK_LOOKS)) {
        expect(colourDistance(side.colour, look.colour), `${side.id} beside “${status}”`).toBeGreaterThanOrEqual(25);
        for (const vision of ['protanopia', 'deuteranopia', 'tritanopia'] as const)
          expect(
            colourDistance(side.colour, look.colour, vision),
            `${side.id} beside “${status}” (${vision})`,
          ).toBeGreaterThanOrEqual(12);
      }
    }
    // Hell Dorado's game keeps each company's colour (the popup draws it): the one its tokens have.
    if (system === 'hd-command') {
      const game = gameOf(sceneRoot(id), system);
      const state = replay(DESCRIPTORS[system].rules, game.config, game.log);
      if (!state.ok) throw new Error('the scene’s game does not play');
      for (const [tabletop, gameSide] of Object.entries(example.gameSides)) {
        expect(state.value.sides[gameSide as 'A' | 'B'].colour, tabletop).toBe(
          example.sides.find((s) => s.id === tabletop)!.colour,
        );
      }
    }
  });

  it('has tokens with unique ids on sides of its own, names as plain text', () => {
    const ids = example.tokens.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sides = new Set(example.sides.map((s) => s.id));
    for (const t of example.tokens) expect(t.side === null || sides.has(t.side), t.id).toBe(true);
    for (const s of example.sides) expect(s.colour).toMatch(/^#[0-9a-f]{6}$/i);
    // No two tokens on one spot: one counter to a hex, no two bases overlapping.
    const board = sceneBoard(id);
    const r = (t: (typeof board.tokens)[number]) => basePx(t.base, board.scene) / 2;
    for (const [i, a] of board.tokens.entries())
      for (const b of board.tokens.slice(i + 1))
        expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id} and ${b.id}`).toBeGreaterThanOrEqual(r(a) + r(b) - 1e-6);
    // The system's other scene shares its game, not its tokens: the page tells by the links which scene a game is bound to.
    const other = scenesOf(system).find((s) => s !== id)!;
    expect(
      demoScene(other)
        .tokens.map((t) => t.id)
        .filter((t) => ids.includes(t)),
    ).toEqual([]);
  });

  it.each(kind === 'example' ? MATCHES[system] : [])(
    'shows what $file expects at step $step',
    ({ file, step, ids = {} }) => {
      const scenario = JSON.parse(readFileSync(join(scenarios, file), 'utf8')) as {
        table: { tokens: { id: string; name?: string }[] };
        steps: { expect?: { board?: unknown } }[];
      };
      const expected = scenario.steps[step - 1]?.expect?.board;
      expect(expected, `${file} step ${step} has an expect.board`).toBeDefined();
      // Reasons name tokens: the scenario's names are the scene's names for the same token.
      const sceneName = new Map(example.tokens.map((t) => [t.id, t.name]));
      const names = new Map<string, string>();
      for (const t of scenario.table.tokens) {
        const scene = sceneName.get(ids[t.id] ?? t.id);
        if (scene !== undefined) names.set(t.name ?? t.id, scene);
      }
      const board = sceneBoard(id);
      const view = sceneView(id, board);
      const found = partialMismatches(
        translate(expected, ids, names),
        boardSummary(view, board.scene, [], board.tokens) as Json,
        'board',
      );
      expect(found).toEqual([]);
    },
  );

  it('shows what the scene itself adds', () => {
    const extra = EXTRA[id];
    if (extra === undefined) return expect(kind === 'example' && MATCHES[system].length > 0).toBe(true);
    const board = sceneBoard(id);
    expect(
      partialMismatches(extra, boardSummary(sceneView(id, board), board.scene, [], board.tokens) as Json, 'board'),
    ).toEqual([]);
  });
});
