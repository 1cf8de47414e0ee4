// The board's palette read without colour (issue 27): under protanopia, deuteranopia, tritanopia
// (Machado et al. 2009, severity 1) and in greyscale, as well as with normal vision, any two statuses
// one board can show at once are told apart by colour, or else by their non-colour channels, badge
// AND ring pattern both; no side colour of any demo scene is near a status colour; and the words stay
// readable. The colour science is test/support/cvd.ts; the same check on real screenshots is
// test/browser/demo-cvd.test.ts.
//
// Why ΔE2000 ≥ 10: about 1 is a just-noticeable difference between two large patches side by side;
// a ring is a 3–4 px stroke and a badge 8–12 px, and the difference needed for marks that small is
// several times larger (Stone, Szafir & Setlur 2014, "An engineering model for color difference as a
// function of size"); a player must tell two rings apart at a glance, across the board, not side by
// side. Ten is where categorical palettes for data graphics start (colour pairs under 10 read as
// "similar"); the screenshots' own test holds the drawn pixels to the same floor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoScene } from '../../../src/adapters/demo/example';
import { SCENE_IDS, sceneRef } from '../../../src/adapters/demo/scenes';
import {
  CLOSE_UP_DASH,
  EDGE_COLOURS,
  MARK_LOOKS,
  RING_COLOURS,
  TEXT_COLOURS,
  type Badge,
} from '../../../src/board/look';
import { MARK_STATUSES, type MarkStatus } from '../../../src/board/model';
import type { SystemId } from '../../../src/rules/ids';
import { initialState } from '../../../src/rules/hd-command/model';
import { contrastRatio, MIN_DELTA_E, seenDifference, VISIONS, type Vision } from '../../support/cvd';
import { sceneView } from '../../support/demo';

/**
 * What each system's board can mark at once (its `src/rules/<system>/board.ts`: the statuses its view
 * gives, `lost` from `lostMarks`); checked below against every demo scene's view. Hell Dorado's
 * modifiers mark the active fighter alone, its Command the fighters out of the game alone.
 */
const BOARD_STATUSES: { readonly [S in SystemId]: readonly MarkStatus[] } = {
  bdc: ['leader', 'blocked', 'commanded', 'link', 'out', 'lost', 'none'],
  cr: ['leader', 'blocked', 'commanded', 'eligible', 'out', 'lost', 'none'],
  dc: ['leader', 'blocked', 'commanded', 'eligible', 'out', 'lost', 'none'],
  'hd-command': ['lost'],
  'hd-modifiers': ['active'],
};
/** Les bandes de Champagne's rigid doctrine draws `out` dashed too (must close up). */
const CLOSE_UP_SYSTEMS: ReadonlySet<SystemId> = new Set(['bdc']);

interface Look {
  readonly name: string;
  readonly colour: string;
  readonly dash: string;
  readonly badge: Badge;
}
const lookOf = (status: MarkStatus): Look => ({
  name: status,
  colour: MARK_LOOKS[status].colour,
  dash: MARK_LOOKS[status].dash.join(' '),
  badge: MARK_LOOKS[status].badge,
});
const CLOSE_UP: Look = { ...lookOf('out'), name: 'out (must close up)', dash: CLOSE_UP_DASH.join(' ') };

/** The smallest ΔE2000 between two colours over normal vision and the four simulations, and where. */
function worst(a: string, b: string): { readonly dE: number; readonly vision: Vision } {
  let out = { dE: Infinity, vision: 'normal' as Vision };
  for (const vision of VISIONS) {
    const dE = seenDifference(a, b, vision);
    if (dE < out.dE) out = { dE, vision };
  }
  return out;
}

/** Each pair of looks one board of `system` can show at once. */
function pairsOf(system: SystemId): [Look, Look][] {
  const looks = BOARD_STATUSES[system].map(lookOf);
  if (CLOSE_UP_SYSTEMS.has(system)) looks.push(CLOSE_UP);
  const pairs: [Look, Look][] = [];
  for (let i = 0; i < looks.length; i++) for (let j = i + 1; j < looks.length; j++) pairs.push([looks[i]!, looks[j]!]);
  // Out of command and must close up are one status, the close-up its kind: told by the dash alone.
  return pairs.filter(([a, b]) => !(a.name === 'out' && b === CLOSE_UP));
}

/** Every side colour a demo scene gives its tokens, and a new Hell Dorado game's (the popup's) own. */
const SIDE_COLOURS: readonly { readonly where: string; readonly colour: string }[] = [
  ...SCENE_IDS.flatMap((id) => demoScene(id).sides.map((s) => ({ where: `${id}: ${s.id}`, colour: s.colour }))),
  ...(['A', 'B'] as const).map((s) => ({
    where: `a new Hell Dorado game: side ${s}`,
    colour: initialState().sides[s].colour,
  })),
];

describe('the palette without colour', () => {
  it('knows what each board can show: every demo scene marks only its system’s statuses', () => {
    for (const id of SCENE_IDS) {
      const system = sceneRef(id)!.system;
      const view = sceneView(id);
      for (const m of view.marks) {
        expect(BOARD_STATUSES[system], `${id}: ${m.id}`).toContain(m.status);
        if (m.closeUp) expect(CLOSE_UP_SYSTEMS.has(system), `${id}: ${m.id} must close up`).toBe(true);
      }
    }
    expect(new Set(Object.values(BOARD_STATUSES).flat())).toEqual(new Set(MARK_STATUSES));
  });

  it(`tells any two statuses of one board apart: ΔE2000 ≥ ${MIN_DELTA_E} in every vision, or another badge and another ring pattern`, () => {
    const problems: string[] = [];
    for (const system of Object.keys(BOARD_STATUSES) as SystemId[]) {
      for (const [a, b] of pairsOf(system)) {
        const w = worst(a.colour, b.colour);
        if (w.dE >= MIN_DELTA_E) continue;
        if (a.badge !== b.badge && a.dash !== b.dash) continue;
        problems.push(
          `${system}: ${a.name} and ${b.name}: ΔE2000 ${w.dE.toFixed(1)} (${w.vision}), badges ${a.badge}/${b.badge}, rings “${a.dash}”/“${b.dash}”`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives no two statuses both one badge and one ring pattern', () => {
    const looks = MARK_STATUSES.map(lookOf);
    for (const [i, a] of looks.entries())
      for (const b of looks.slice(i + 1))
        expect(a.badge === b.badge && a.dash === b.dash, `${a.name} / ${b.name}`).toBe(false);
  });

  it(`gives no side a status colour: ΔE2000 ≥ ${MIN_DELTA_E} from each, with normal vision and under each simulation`, () => {
    const problems: string[] = [];
    const statusColours = new Map<string, string>();
    for (const s of MARK_STATUSES)
      statusColours.set(MARK_LOOKS[s].colour, [statusColours.get(MARK_LOOKS[s].colour), s].filter(Boolean).join('/'));
    for (const side of SIDE_COLOURS) {
      for (const [colour, status] of statusColours) {
        const w = worst(side.colour, colour);
        if (w.dE < MIN_DELTA_E)
          problems.push(
            `${side.where} ${side.colour} beside ${status} ${colour}: ΔE2000 ${w.dE.toFixed(1)} (${w.vision})`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the words readable: every text colour at least 4.5:1 on white', () => {
    for (const [status, colour] of Object.entries(TEXT_COLOURS))
      expect(contrastRatio(colour, '#ffffff'), status).toBeGreaterThanOrEqual(4.5);
  });
});

// In greys (issue 39): a leader and a figure out of command were 3.8 ΔE2000 apart where a grey is taken
// from the encoded sRGB values (CSS grayscale(), an editor's desaturate, a phone's grey mode: the
// `luma` simulation), told apart by their badge alone. Both greys are among the visions above; this
// says it of the pair that failed, and of every solid ring one board shows at once.
describe('the palette in greys', () => {
  it(`keeps a leader, a figure in command and one out of command ΔE2000 ≥ ${MIN_DELTA_E} apart in both greys`, () => {
    const solid = ['leader', 'commanded', 'out'] as const;
    for (const vision of ['greyscale', 'luma'] as const) {
      for (const [i, a] of solid.entries())
        for (const b of solid.slice(i + 1))
          expect(
            seenDifference(MARK_LOOKS[a].colour, MARK_LOOKS[b].colour, vision),
            `${a}/${b} (${vision})`,
          ).toBeGreaterThanOrEqual(MIN_DELTA_E);
    }
  });
});

// The demo table's keyboard focus on a figure (issue 39: it was the leader ring's blue): its own line
// style, dashed or double where every status ring of one colour is solid or has another dash, and its
// colours, in the light and the dark scheme, ΔE2000 ≥ 10 in every vision from every colour a ring, a
// mark or a link of the board is drawn in. The selection's ring, drawn with it, the same.
describe('the demo table’s focus ring', () => {
  const css = readFileSync(join(__dirname, '../../../demo/demo.css'), 'utf8');
  const rule = (selector: string): string => {
    const at = css.indexOf(`${selector} {`);
    expect(at, selector).toBeGreaterThanOrEqual(0);
    return css.slice(at + selector.length + 2, css.indexOf('}', at));
  };
  /** A custom property's value in the light scheme (the root's first) and the dark one (the media query's). */
  const variable = (name: string): { light: string; dark: string } => {
    const values = [...css.matchAll(new RegExp(`--${name}:\\s*([^;]+);`, 'g'))].map((m) => m[1]!.trim());
    expect(values.length, name).toBe(2);
    return { light: values[0]!, dark: values[1]! };
  };
  const colours = (declarations: string): string[] =>
    [...declarations.matchAll(/var\(--([a-z-]+)\)/g)]
      .flatMap((m) => Object.values(variable(m[1]!)))
      .concat([...declarations.matchAll(/#[0-9a-f]{6}\b/gi)].map((m) => m[0]));
  const boardColours = [
    ...Object.entries(MARK_LOOKS).map(([k, v]) => [`${k} mark`, v.colour] as const),
    ...Object.entries(RING_COLOURS).map(([k, v]) => [`${k} ring`, v] as const),
    ...Object.entries(EDGE_COLOURS).map(([k, v]) => [`${k} link`, v] as const),
  ];

  it('is dashed or double, not a solid line like the leader’s ring', () => {
    expect(rule('.token:focus-visible')).toMatch(/outline:\s*\d+px\s+(dashed|double)\s/);
  });

  it.each(['.token:focus-visible', '.token.selected'])(
    `%s is drawn in colours no ring of the board uses (ΔE2000 ≥ ${MIN_DELTA_E} in every vision)`,
    (selector) => {
      const own = colours(rule(selector));
      expect(own.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const colour of own) {
        for (const [what, ring] of boardColours) {
          const w = worst(colour, ring);
          if (w.dE < MIN_DELTA_E)
            problems.push(`${selector} ${colour} beside the ${what} ${ring}: ΔE2000 ${w.dE.toFixed(1)} (${w.vision})`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
