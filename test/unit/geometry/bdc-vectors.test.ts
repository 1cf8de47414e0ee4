// Bandes de Champagne positional vectors B8–B11 (bandes-de-champagne.md), through the engine,
// with both the indexed and the naive engine, centre to centre and base edge to base edge.
import { describe, expect, it } from 'vitest';
import { computeChains } from '../../../src/geometry/chains';
import { computeChainsNaive } from '../../../src/geometry/chains-naive';
import type { ChainOptions } from '../../../src/geometry/chains-common';
import type { MeasureFrom, Token } from '../../../src/table/model';
import { CM_TABLE, token } from './helpers';

const PX_PER_CM = 10;
const BASE = { value: 25, unit: 'mm' };
const engines = { indexed: computeChains, naive: computeChainsNaive };

/** Places centres so that the measured distances (edge or centre) are the ones the vector states. */
function b8(from: MeasureFrom, bUnit = 'u1'): Token[] {
  const gap = from === 'edge' ? 2.5 : 0; // two 12.5 mm radii
  const cm = (v: number) => v * PX_PER_CM;
  // L, A, B in a line: A 8 from L, B 9 from A (so 17 + gaps from L); C straight above A, 12 away.
  const ax = 8 + gap;
  const bx = ax + 9 + gap;
  return [
    token({ id: 'L', x: 0, y: 0, role: 'leader', baseSize: BASE }),
    token({ id: 'A', x: cm(ax), y: 0, baseSize: BASE }),
    token({ id: 'B', x: cm(bx), y: 0, baseSize: BASE, unit: bUnit }),
    token({ id: 'C', x: cm(ax), y: cm(12 + gap), baseSize: BASE }),
  ];
}

const opts = (from: MeasureFrom, extra: Partial<ChainOptions> = {}): ChainOptions => ({
  radius: { value: 10, unit: 'cm' },
  from,
  ...extra,
});

for (const [name, compute] of Object.entries(engines)) {
  for (const from of ['edge', 'centre'] as const) {
    describe(`BdC chains (${name}, ${from})`, () => {
      it('B8: A and B commanded (B through A), C not, 2 cm out', () => {
        const r = compute(b8(from), CM_TABLE, opts(from));
        expect(r.get('A')).toMatchObject({ commanded: true, link: 'leader', by: 'L', depth: 1, distance: 8 });
        expect(r.get('B')).toMatchObject({ commanded: true, link: 'chain', by: 'A', depth: 2, distance: 9 });
        expect(r.get('L')).toMatchObject({ commanded: true, link: 'root', leads: true });
        const c = r.get('C')!;
        expect(c.commanded).toBe(false);
        expect(c.reasons).toEqual([{ code: 'out-of-range', by: 2, unit: 'cm', nearest: 'A' }]);
      });

      it('B9: L demoralised, no figure commanded through L', () => {
        const r = compute(b8(from), CM_TABLE, opts(from, { mayCommand: () => ({ state: 'demoralised' }) }));
        for (const id of ['A', 'B', 'C']) {
          expect(r.get(id)!.commanded).toBe(false);
          expect(r.get(id)!.reasons).toEqual([{ code: 'leader-cannot-command', leader: 'L', state: 'demoralised' }]);
        }
        expect(r.get('L')).toMatchObject({ commanded: false, leads: false });
      });

      it('B11: B in another unit, only A commanded', () => {
        const r = compute(b8(from, 'u2'), CM_TABLE, opts(from));
        expect(r.get('A')!.commanded).toBe(true);
        expect(r.get('B')!.commanded).toBe(false);
        expect(r.get('B')!.reasons).toEqual([{ code: 'no-leader' }]);
        expect(r.get('C')!.commanded).toBe(false);
      });

      it('B10: company leader with radio commands a subordinate leader with radio 80 cm away', () => {
        const tokens = [
          token({ id: 'Cpt', x: 0, y: 0, role: 'leader', radio: true, unit: 'hq', baseSize: BASE }),
          token({
            id: 'Lt',
            x: 800 + 25,
            y: 0,
            role: 'leader',
            radio: true,
            unit: 'p1',
            commander: 'Cpt',
            baseSize: BASE,
          }),
          token({ id: 'p1a', x: 800 + 25 + 50, y: 0, unit: 'p1', baseSize: BASE }),
        ];
        const r = compute(tokens, CM_TABLE, opts(from));
        expect(r.get('Lt')).toMatchObject({ commanded: true, link: 'radio', by: 'Cpt', leads: true });
        expect(r.get('p1a')).toMatchObject({ commanded: true, link: 'leader', by: 'Lt' });
      });

      it('B10 variants: no radio → out of range; radio operator in base contact lends his radio', () => {
        const lt = token({
          id: 'Lt',
          x: 825,
          y: 0,
          role: 'leader',
          radio: true,
          unit: 'p1',
          commander: 'Cpt',
          baseSize: BASE,
        });
        const noRadio = compute(
          [token({ id: 'Cpt', x: 0, y: 0, role: 'leader', unit: 'hq', baseSize: BASE }), lt],
          CM_TABLE,
          opts(from),
        );
        expect(noRadio.get('Lt')!.commanded).toBe(false);
        expect(noRadio.get('Lt')!.reasons).toContainEqual({ code: 'no-radio', missing: 'commander' });
        const withOperator = compute(
          [
            token({ id: 'Cpt', x: 0, y: 0, role: 'leader', unit: 'hq', baseSize: BASE }),
            token({ id: 'Op', x: -25, y: 0, role: 'radio-operator', unit: 'hq', baseSize: BASE }),
            lt,
          ],
          CM_TABLE,
          opts(from),
        );
        expect(withOperator.get('Lt')).toMatchObject({ commanded: true, link: 'radio', by: 'Cpt' });
        const demoralised = compute(
          [token({ id: 'Cpt', x: 0, y: 0, role: 'leader', unit: 'hq', radio: true, baseSize: BASE }), lt],
          CM_TABLE,
          opts(from, { mayCommand: (t) => (t.id === 'Cpt' ? { state: 'routed' } : true) }),
        );
        expect(demoralised.get('Lt')!.reasons).toContainEqual({
          code: 'leader-cannot-command',
          leader: 'Cpt',
          state: 'routed',
        });
      });
    });
  }
}

describe('BdC tie at exactly 10 cm', () => {
  it('a figure exactly at the radius is commanded, 0.1 mm further is not', () => {
    const at = [token({ id: 'L', x: 0, y: 0, role: 'leader' }), token({ id: 'A', x: 100, y: 0 })];
    expect(computeChains(at, CM_TABLE, opts('centre')).get('A')!.commanded).toBe(true);
    const past = [token({ id: 'L', x: 0, y: 0, role: 'leader' }), token({ id: 'A', x: 100.01, y: 0 })];
    expect(computeChains(past, CM_TABLE, opts('centre')).get('A')!.commanded).toBe(false);
  });
  it('float noise does not break a tie (0.1 + 0.2 style sums)', () => {
    const at = [token({ id: 'L', x: 0.1, y: 0, role: 'leader' }), token({ id: 'A', x: 0.1 + 0.2 + 99.7, y: 0 })];
    expect(computeChains(at, CM_TABLE, opts('centre')).get('A')!.commanded).toBe(true);
  });
});
