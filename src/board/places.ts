import type { PiecePlace } from './model';
import type { BoardSummary } from './summary-schema';

/** Where each linked piece stands, read from a board summary (the popup's side of `placesOf` in ./run.ts). */
export function placesFromSummary(summary: BoardSummary): Map<string, PiecePlace> {
  const out = new Map<string, { tokens: string[]; hexes: { q: number; r: number }[] }>();
  for (const f of summary.figures) {
    if (f.piece === null) continue;
    const place = out.get(f.piece) ?? out.set(f.piece, { tokens: [], hexes: [] }).get(f.piece)!;
    place.tokens.push(f.id);
    if (f.hex) place.hexes.push(f.hex);
  }
  return out;
}
