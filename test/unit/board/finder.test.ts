// The finder visits every figure out of command, then every leader who cannot command, each once
// before coming back, in reading order unit by unit; and the figures nobody needs to find are skipped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finderStops, nextStop } from '../../../src/board/finder';
import type { Mark, MarkStatus } from '../../../src/board/model';
import { MARK_STATUSES } from '../../../src/board/model';

const mark = (id: string, status: MarkStatus, x: number, y: number, unit: string | null = null): Mark => ({
  id,
  name: id,
  x,
  y,
  r: 10,
  status,
  reason: null,
  piece: null,
  unit,
});

describe('the finder', () => {
  it('steps through the figures out, unit by unit, then the leaders who cannot command', () => {
    const marks = [
      mark('lead', 'blocked', 0, 0),
      mark('b2', 'out', 410, 60, 'B'),
      mark('a1', 'out', 100, 50, 'A'),
      mark('ok', 'commanded', 50, 50, 'A'),
      mark('b1', 'out', 400, 50, 'B'),
      mark('a2', 'out', 120, 50, 'A'),
    ];
    const stops = finderStops({ marks });
    expect(stops.map((s) => s.token)).toEqual(['a1', 'a2', 'b1', 'b2', 'lead']);
    expect(nextStop(stops, null)!.stop.token).toBe('a1');
    expect(nextStop(stops, 'b2')!.stop.token).toBe('lead');
    expect(nextStop(stops, 'lead')!.stop.token).toBe('a1');
    expect(nextStop(stops, 'a1', -1)!.stop.token).toBe('lead');
    // From a figure that is no stop (the player selected another): the first.
    expect(nextStop(stops, 'ok')!.index).toBe(0);
    expect(nextStop([], null)).toBeNull();
  });

  it('visits each stop once before coming back, whatever the board', () => {
    const arbMark = fc.record({
      status: fc.constantFrom(...MARK_STATUSES),
      x: fc.integer({ min: 0, max: 500 }),
      y: fc.integer({ min: 0, max: 500 }),
      unit: fc.option(fc.constantFrom('A', 'B', 'C')),
    });
    fc.assert(
      fc.property(fc.array(arbMark, { maxLength: 40 }), (specs) => {
        const marks = specs.map((s, i) => mark(`t${i}`, s.status, s.x, s.y, s.unit));
        const stops = finderStops({ marks });
        expect(stops.map((s) => s.token).sort()).toEqual(
          marks
            .filter((m) => m.status === 'out' || m.status === 'blocked')
            .map((m) => m.id)
            .sort(),
        );
        let at: string | null = null;
        const seen: string[] = [];
        for (let i = 0; i < stops.length; i++) {
          at = nextStop(stops, at)!.stop.token;
          seen.push(at);
        }
        expect(new Set(seen).size).toBe(stops.length);
        if (stops.length > 0) expect(nextStop(stops, at)!.stop.token).toBe(seen[0]);
        // Every figure out before every leader who cannot command.
        const firstBlocked = stops.findIndex((s) => s.status === 'blocked');
        if (firstBlocked >= 0) expect(stops.slice(firstBlocked).every((s) => s.status === 'blocked')).toBe(true);
      }),
    );
  });
});
