// B8–B11 (bandes-de-champagne.md) once more, through the bdc module's own function: the game's
// leaders' morale decides who may command, and its settings choose edge/centre and the distance.
import { describe, expect, it } from 'vitest';
import { bdc, type BdcEvent, type BdcState } from '../../../src/rules/bdc';
import { commandStatus } from '../../../src/rules/bdc/command';
import type { MeasureFrom, Token } from '../../../src/table/model';
import { CM_TABLE, token } from '../geometry/helpers';

const BASE = { value: 25, unit: 'mm' };
const cm = (v: number) => v * 10;

function game(events: BdcEvent[], rules: Partial<BdcState['config']['rules']> = {}): BdcState {
  let state = bdc.initialState(bdc.defaultConfig);
  for (const e of [{ type: 'configure', rules } as BdcEvent, ...events]) {
    const r = bdc.apply(state, e);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    state = r.value;
  }
  return state;
}

// Game troops: u1 (rigid unit "Groupe"), l2 (its leader), u3 (another unit, flexible).
const troops: BdcEvent[] = [
  { type: 'unitAdded', unit: { name: 'Groupe', level: 'confiant', experience: 2, doctrine: 'rigid', teams: 1 } },
  { type: 'leaderAdded', leader: { name: 'L', morale: 7, pa: 3, aptitude: { kind: '', modifier: 0 } } },
  { type: 'unitAdded', unit: { name: 'Autre', level: 'confiant', experience: 2, doctrine: 'flexible', teams: 2 } },
];

/** L, A 8 cm from L, B 9 cm from A (17 from L), C 12 cm from everyone: measured as the setting says. */
function b8(from: MeasureFrom, bUnit = 'u1'): Token[] {
  const gap = from === 'edge' ? 2.5 : 0;
  const ax = 8 + gap;
  const bx = ax + 9 + gap;
  return [
    token({ id: 'l2', x: 0, y: 0, role: 'leader', baseSize: BASE }),
    token({ id: 'A', x: cm(ax), y: 0, baseSize: BASE }),
    token({ id: 'B', x: cm(bx), y: 0, baseSize: BASE, unit: bUnit }),
    token({ id: 'C', x: cm(ax), y: cm(12 + gap), baseSize: BASE }),
  ];
}

for (const from of ['edge', 'centre'] as const) {
  describe(`bdc command status (${from} to ${from})`, () => {
    it('B8: A and B commanded, C not; C must close up (rigid)', () => {
      const s = commandStatus(b8(from), CM_TABLE, game(troops, { measureFrom: from }));
      const by = Object.fromEntries(s.figures.map((f) => [f.id, f]));
      expect(by.A).toMatchObject({ commanded: true, by: 'l2', distance: 8 });
      expect(by.B).toMatchObject({ commanded: true, link: 'chain', by: 'A', distance: 9 });
      expect(by.C!.commanded).toBe(false);
      expect(s.mustCloseUp).toEqual(['C']);
    });

    it('B9: L démoralisé (after two failed morale tests) commands nobody; all his figures must close up', () => {
      const state = game([...troops, { type: 'moraleTests', id: 'l2', naturals: [10, 10] }], { measureFrom: from });
      expect(state.troops[1]!.state).toBe('demoralised');
      const s = commandStatus(b8(from), CM_TABLE, state);
      for (const id of ['A', 'B', 'C']) {
        expect(s.chains.get(id)!.commanded).toBe(false);
        expect(s.chains.get(id)!.reasons).toEqual([{ code: 'leader-cannot-command', leader: 'l2', state: 'demoralised' }]);
      }
      expect(s.mustCloseUp).toEqual(['A', 'B', 'C']);
      // Rallied back to pinned: he commands again (only demoralised and routed forbid it).
      const rallied = game([...troops, { type: 'moraleTests', id: 'l2', naturals: [10, 10] }, { type: 'activated', id: 'l2' }, { type: 'rallied', id: 'l2', payer: 'l2', pa: 1 }], { measureFrom: from });
      expect(commandStatus(b8(from), CM_TABLE, rallied).chains.get('B')!.commanded).toBe(true);
    });

    it('B11: B in another unit: only A commanded; B (flexible unit) does not have to close up', () => {
      const s = commandStatus(b8(from, 'u3'), CM_TABLE, game(troops, { measureFrom: from }));
      expect(s.chains.get('A')!.commanded).toBe(true);
      expect(s.chains.get('B')!.commanded).toBe(false);
      expect(s.mustCloseUp).toEqual(['C']);
    });

    it('B10: company leader with radio commands a subordinate leader with radio 80 cm away, unless routed', () => {
      const tokens = [
        token({ id: 'Cpt', x: 0, y: 0, role: 'leader', radio: true, unit: 'hq', baseSize: BASE }),
        token({ id: 'l2', x: 800 + 25, y: 0, role: 'leader', radio: true, unit: 'u1', commander: 'Cpt', baseSize: BASE }),
        token({ id: 'A', x: 800 + 25 + 50, y: 0, unit: 'u1', baseSize: BASE }),
      ];
      const cpt: BdcEvent = { type: 'leaderAdded', leader: { name: 'Cpt', morale: 9, pa: 5, aptitude: { kind: '', modifier: 0 } } };
      const s = commandStatus(tokens, CM_TABLE, game([...troops, cpt], { measureFrom: from }));
      expect(s.chains.get('l2')).toMatchObject({ commanded: true, link: 'radio', by: 'Cpt' });
      expect(s.chains.get('A')).toMatchObject({ commanded: true, by: 'l2' });
      // The company leader is found by name (token id "Cpt", troop id "l4"): routed, he links nobody.
      const routed = game([...troops, cpt, { type: 'moraleTests', id: 'l4', naturals: [10, 10, 10] }], { measureFrom: from });
      expect(commandStatus(tokens, CM_TABLE, routed).chains.get('l2')!.reasons).toContainEqual({ code: 'leader-cannot-command', leader: 'Cpt', state: 'routed' });
    });
  });
}

describe('bdc command settings', () => {
  it('the command distance is a setting: at 7 cm, A (8 cm) is out and must close up', () => {
    const s = commandStatus(b8('edge'), CM_TABLE, game(troops, { commandCm: 7 }));
    expect(s.chains.get('A')!.commanded).toBe(false);
    expect(s.mustCloseUp).toEqual(['A', 'B', 'C']);
  });

  it('edge (default) vs centre: 25 mm bases 11 cm apart centre to centre are in range only edge to edge', () => {
    const tokens = [token({ id: 'l2', x: 0, y: 0, role: 'leader', baseSize: BASE }), token({ id: 'A', x: 110, y: 0, baseSize: BASE })];
    expect(commandStatus(tokens, CM_TABLE, game(troops)).chains.get('A')!.commanded).toBe(true);
    expect(commandStatus(tokens, CM_TABLE, game(troops, { measureFrom: 'centre' })).chains.get('A')!.commanded).toBe(false);
  });

  it('adapters may map tokens to troops themselves', () => {
    const state = game([...troops, { type: 'moraleTests', id: 'l2', naturals: [10, 10] }]);
    const tokens = b8('edge').map((t) => (t.id === 'l2' ? { ...t, id: 'tok-17', name: 'whoever' } : t));
    const s = commandStatus(tokens, CM_TABLE, state, { leaderOf: (t) => (t.id === 'tok-17' ? 'l2' : null) });
    expect(s.chains.get('A')!.commanded).toBe(false);
  });
});
