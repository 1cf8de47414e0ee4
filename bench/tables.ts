// Random wargame tables for benchmarks: units of `perUnit` figures (one leader each) scattered
// over a square table, each unit's figures within `spreadCm` of its leader.
import { mulberry32 } from '../src/random/seeded';
import type { Scene, Token } from '../src/table/model';

/** Gridless table measured in cm: 10 px per cm, 1 cell = 5 cm. */
export const BENCH_SCENE: Scene = {
  pixelsPerCell: 50,
  unitsPerCell: 5,
  unitName: 'cm',
  grid: 'none',
  measurement: 'euclidean',
};

export function randomArmy(
  figures: number,
  opts: { perUnit?: number; tableCm?: number; spreadCm?: number; seed?: number } = {},
): Token[] {
  const perUnit = opts.perUnit ?? 10;
  const tableCm = opts.tableCm ?? 200;
  const spread = opts.spreadCm ?? 15;
  const rand = mulberry32(opts.seed ?? 1);
  const px = 10; // px per cm
  const out: Token[] = [];
  let lx = 0;
  let ly = 0;
  for (let i = 0; i < figures; i++) {
    const unit = Math.floor(i / perUnit);
    const leader = i % perUnit === 0;
    let x: number;
    let y: number;
    if (leader) {
      lx = rand() * tableCm;
      ly = rand() * tableCm;
      x = lx;
      y = ly;
    } else {
      x = Math.min(tableCm, Math.max(0, lx + (rand() * 2 - 1) * spread));
      y = Math.min(tableCm, Math.max(0, ly + (rand() * 2 - 1) * spread));
    }
    out.push({
      id: `f${i}`,
      name: `f${i}`,
      center: { x: x * px, y: y * px },
      footprint: { width: 25, height: 25 },
      layer: 'objects',
      visible: true,
      side: unit % 2 === 0 ? 'A' : 'B',
      unit: `u${unit}`,
      role: leader ? 'leader' : 'figure',
      baseSize: { value: 25, unit: 'mm' },
    });
  }
  return out;
}
