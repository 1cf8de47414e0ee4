// A scenario's table (its "table" and its table steps: moves, turns, tokens added, removed or killed,
// links, ticks), kept as a tabletop would report it.
import type { Binding, BoundTable } from '../board/model';
import { standsFor } from '../board/departures';
import { hexToPixel } from '../geometry/hex';
import type { TableChanges } from '../rules/descriptor';
import type { Scene, Token } from '../table/model';
import type { ScenarioStep, TokenSpec } from './schema';

export const centreOf = (spec: { x?: number; y?: number; hex?: { q: number; r: number } }, scene: Scene) =>
  spec.hex
    ? hexToPixel(
        spec.hex,
        scene.pixelsPerCell,
        scene.grid === 'hex-flat' ? 'flat' : 'pointy',
        scene.hexOrigin,
        scene.hexPitch,
      )
    : { x: spec.x ?? 0, y: spec.y ?? 0 };

export function toToken(spec: TokenSpec, scene: Scene): Token {
  const size = spec.size ?? 0;
  return {
    id: spec.id,
    name: spec.name ?? spec.id,
    center: centreOf(spec, scene),
    footprint: { width: spec.width ?? size, height: spec.height ?? size },
    ...(spec.rotation !== undefined ? { rotation: spec.rotation } : {}),
    layer: 'objects',
    visible: true,
    side: spec.side ?? null,
    unit: spec.unit ?? null,
    role: spec.role ?? 'figure',
    radio: spec.radio ?? false,
    baseSize: spec.base ?? null,
  };
}

/** The scenario's table as its steps leave it: the tokens, what they stand for, what came and went (net), the ticks. */
export interface TableNow {
  tokens: Token[];
  binding: Binding;
  readonly changes: { gone: TableChanges['gone'][number][]; arrived: TableChanges['arrived'][number][] };
  ticks: readonly string[];
}

export const isTableStep = (step: ScenarioStep) =>
  !!(step.move || step.add || step.remove !== undefined || step.kill !== undefined || step.link || step.tick);

/** A table step (a move or turn, a token added, removed or killed, a link, ticks): applied, or what is wrong with it. */
export function applyTableStep(
  now: TableNow,
  step: ScenarioStep,
  scene: Scene,
  bound: () => BoundTable,
): string | null {
  if (step.move) {
    const { id } = step.move;
    const turn = step.move.rotation;
    const moved = step.move.x !== undefined || step.move.y !== undefined || step.move.hex !== undefined;
    if (!now.tokens.some((t) => t.id === id)) return `no token "${id}" on the table`;
    // A move names where the token goes, a turn how far it is turned, or both.
    now.tokens = now.tokens.map((t) =>
      t.id === id
        ? {
            ...t,
            ...(moved || turn === undefined ? { center: centreOf(step.move!, scene) } : {}),
            ...(turn !== undefined ? { rotation: turn } : {}),
          }
        : t,
    );
  } else if (step.add) {
    const t = toToken(step.add, scene);
    now.tokens = [...now.tokens, t];
    if (step.add.piece !== undefined)
      now.binding = { ...now.binding, links: { ...now.binding.links, [t.id]: step.add.piece } };
    // Changes are net, as tabletops report them: a token back on the table is no longer gone (nor new).
    const { changes } = now;
    const back = changes.gone.some((g) => g.id === t.id);
    changes.gone = changes.gone.filter((g) => g.id !== t.id);
    if (!back) changes.arrived.push({ id: t.id, name: t.name, side: t.side });
  } else if (step.remove !== undefined || step.kill !== undefined) {
    const id = (step.remove ?? step.kill)!;
    const gone = now.tokens.find((t) => t.id === id);
    if (!gone) return `no token "${id}" on the table`;
    const how = step.kill !== undefined ? 'dead' : 'removed';
    // What it stood for as it left, as the board runner writes it down on a tabletop.
    const table = bound();
    const boundToken = [...table.tokens, ...table.lost].find((t) => t.id === id)!;
    now.tokens = now.tokens.filter((t) => t.id !== id);
    const { changes } = now;
    const came = changes.arrived.some((a) => a.id === id);
    changes.arrived = changes.arrived.filter((a) => a.id !== id);
    // A token put on the table during the game and taken off again is no removal (a death still is).
    if (!(came && how === 'removed'))
      changes.gone.push({ id, name: gone.name, side: gone.side, how, stoodFor: standsFor(boundToken, table) });
  } else if (step.link) {
    const links: Record<string, string> = { ...now.binding.links };
    for (const [token, piece] of Object.entries(step.link)) {
      if (piece === null) delete links[token];
      else links[token] = piece;
    }
    now.binding = { ...now.binding, links };
  } else if (step.tick) now.ticks = step.tick;
  return null;
}
