// The demo table's army scenes as boards a benchmark or a test can run without a browser: the table
// (the army, or several copies of it side by side for a crowded board), the board input the worker
// publishes for its game, and the system's view. Copies are the same army moved east and south, each token and
// tabletop grouping renamed (`~k`). `links: 'all'` (the default) links every copy's tokens to the
// original's pieces, so that each copy is marked as the original is (where the game names one leader
// token, a commander or the leader on his number, it is the first copy's); but a game unit then holds
// every copy's figures (Les bandes de Champagne chains run over units of 150). `links: 'first'` links
// the first copy only: the others are a table not yet bound, each group a unit of its own, read from
// the tabletop's groupings and roles (Désastre Colonial draws no range for an unlinked leader).
import { sceneBoard } from '../../src/adapters/demo/example';
import { tableOf } from '../../src/adapters/demo/model';
import { sceneRef, type SceneId } from '../../src/adapters/demo/scenes';
import type { BoardInput } from '../../src/board/model';
import type { AnyBoard } from '../../src/board/system';
import { BOARDS } from '../../src/rules/boards';
import { boardInputOf } from '../../src/store/board';
import type { Table, Token } from '../../src/table/model';
import { sceneRoot } from './demo';

export interface ArmyBoard {
  readonly board: AnyBoard;
  readonly table: Table;
  readonly input: BoardInput;
  /** Tokens in one copy of the army. */
  readonly perCopy: number;
}

/**
 * An army scene (`bdc-army`, …; a worked example works too) as a board: `copies` of it side by side
 * (at least `tokens` tokens when that is given instead), bound to the scene's game.
 */
export function armyBoard(
  id: SceneId,
  size: { readonly copies?: number; readonly tokens?: number; readonly links?: 'all' | 'first' } = {},
): ArmyBoard {
  const demo = sceneBoard(id);
  const table = tableOf(demo);
  const base = boardInputOf(sceneRoot(id));
  const copies = size.copies ?? (size.tokens ? Math.ceil(size.tokens / table.tokens.length) : 1);
  // Side by side in rows and columns (a crowded board fits a screen), moved by whole cells (and an even
  // number of hex rows), so that a hex map's counters stay in their hexes.
  const xs = table.tokens.map((t) => t.center.x);
  const ys = table.tokens.map((t) => t.center.y);
  const cell = table.scene.pixelsPerCell;
  const shift = Math.ceil((Math.max(...xs) - Math.min(...xs) + 4 * cell) / cell) * cell;
  const rowPitch = table.scene.grid === 'hex-pointy' ? 2 * cell * (Math.sqrt(3) / 2) : cell;
  const drop = Math.ceil((Math.max(...ys) - Math.min(...ys) + 4 * cell) / rowPitch) * rowPitch;
  const columns = Math.ceil(Math.sqrt(copies));
  const tokens: Token[] = [];
  const links: Record<string, string> = { ...base.binding.links };
  for (let k = 0; k < copies; k++) {
    for (const t of table.tokens) {
      if (k === 0) {
        tokens.push(t);
        continue;
      }
      const copy: Token = {
        ...t,
        id: `${t.id}~${k}`,
        unit: t.unit === null ? null : `${t.unit}~${k}`,
        center: { x: t.center.x + (k % columns) * shift, y: t.center.y + Math.floor(k / columns) * drop },
      };
      tokens.push(copy);
      const piece = base.binding.links[t.id];
      if (piece !== undefined && size.links !== 'first') links[copy.id] = piece;
    }
  }
  const input: BoardInput = { ...base, binding: { ...base.binding, links } };
  return {
    board: BOARDS[sceneRef(id)!.system],
    table: { scene: table.scene, tokens },
    input,
    perCopy: table.tokens.length,
  };
}
