// What the board shows, and to whom: the view cut for each setting on every army scene, and the
// invariants a player relies on (nothing is drawn that the full board would not draw; a figure in
// focus is always shown; the game master's own board is never cut by "game master only").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCENE_IDS } from '../../../src/adapters/demo/scenes';
import { BOARD_SHOWS, DEFAULT_VISIBILITY, turnSides, visibleView } from '../../../src/board/visibility';
import { readVisibility } from '../../../src/board/visibility-schema';
import { sceneRun } from '../../support/demo';

const runs = SCENE_IDS.map((id) => [id, sceneRun(id)] as const);

describe('what the board shows', () => {
  it('every figure by default: the view as the system computes it', () => {
    for (const [id, run] of runs)
      expect(visibleView(run.view, run.bound, DEFAULT_VISIBILITY, { focus: new Set(), gm: false }), id).toBe(run.view);
  });

  it('the side whose turn it is where the game gives its pieces no side: Hell Dorado’s modifiers army, the company of the fighter acting (Tarik’s)', () => {
    const run = runs.find(([id]) => id === 'hd-modifiers-army')![1];
    expect([...(turnSides(run.view, run.bound) ?? [])]).toEqual(['tarik']);
    const seen = visibleView(run.view, run.bound, { show: 'turn', gmOnly: false }, { focus: new Set(), gm: false });
    expect(seen.marks.map((m) => m.name)).toEqual(['Tarik']);
  });

  it('the side whose turn it is: the command roll’s army (units the order may take) and Désastre Colonial’s (the active leader), only that side’s marks, rings and links', () => {
    let cut = 0;
    for (const [id, run] of runs) {
      const sides = turnSides(run.view, run.bound);
      const seen = visibleView(run.view, run.bound, { show: 'turn', gmOnly: false }, { focus: new Set(), gm: false });
      if (!sides) {
        expect(seen, `${id}: no side to play, everything shown`).toBe(run.view);
        continue;
      }
      const sideOf = new Map(run.bound.tokens.map((t) => [t.id, t.side ?? t.tableSide ?? null]));
      expect(seen.marks.length, id).toBeGreaterThan(0);
      for (const m of seen.marks) expect(sides.has(sideOf.get(m.id)!), `${id}: ${m.name}`).toBe(true);
      for (const r of seen.rings) expect(sides.has(sideOf.get(r.id)!), `${id}: ring of ${r.name}`).toBe(true);
      // Every mark of that side is kept.
      expect(seen.marks.length, id).toBe(run.view.marks.filter((m) => sides.has(sideOf.get(m.id)!)).length);
      if (seen.marks.length < run.view.marks.length) cut++;
    }
    expect(cut, 'a scene where the turn hides the other side').toBeGreaterThan(0);
  });

  it('game master only: a player’s board shows nothing of the figures, the game master’s all', () => {
    for (const [id, run] of runs) {
      const player = visibleView(
        run.view,
        run.bound,
        { show: 'all', gmOnly: true },
        { focus: new Set([run.view.marks[0]?.id ?? '']), gm: false },
      );
      expect([player.marks, player.rings, player.edges, player.notes], id).toEqual([[], [], [], []]);
      expect(visibleView(run.view, run.bound, { show: 'all', gmOnly: true }, { focus: new Set(), gm: true }), id).toBe(
        run.view,
      );
    }
  });

  it('property: under any setting, the board draws only what the full board draws, and a figure in focus is always drawn (unless kept to the game master)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...runs),
        fc.constantFrom(...BOARD_SHOWS),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        ([id, run], show, gmOnly, gm, picks) => {
          const ids = run.view.marks.map((m) => m.id);
          const focus = new Set(picks.map((k) => ids[k % Math.max(1, ids.length)]!).filter(Boolean));
          const seen = visibleView(run.view, run.bound, { show, gmOnly }, { focus, gm });
          for (const m of seen.marks) expect(run.view.marks, id).toContain(m);
          for (const r of seen.rings) expect(run.view.rings, id).toContain(r);
          for (const e of seen.edges) expect(run.view.edges, id).toContain(e);
          if (gmOnly && !gm) expect(seen.marks).toEqual([]);
          else if (show !== 'turn')
            for (const f of focus)
              expect(
                seen.marks.some((m) => m.id === f),
                `${id}: ${f} in focus`,
              ).toBe(true);
        },
      ),
    );
  });

  it('a stored setting is read field by field: a bad one takes its default alone', () => {
    expect(readVisibility({ show: 'turn', gmOnly: 'yes' })).toEqual({ show: 'turn', gmOnly: false });
    expect(readVisibility({ show: '<img onerror=x>', gmOnly: true })).toEqual({ show: 'all', gmOnly: true });
    expect(readVisibility(null)).toEqual(DEFAULT_VISIBILITY);
  });
});
