// The demo table: a tabletop that lives in the extension's own page (demo.html). Its board is plain
// data (a scene, sides and tokens with positions, bases, markers), stored by the worker under
// DEMO_KEY and read back through ./schema.ts. This module turns a board into the tabletop-neutral
// Table and TabletopStatus every tabletop hands to the board (content/live-board.ts), and holds the
// moves a player makes on it, as pure functions of the board.
import { orientationOf } from '../../board/draw';
import type { BoardShow } from '../../board/visibility';
import { MAX_CHANGES } from '../../board/model';
import type { TabletopStatus } from '../../board/summary';
import { hexToPixel, pixelToHex, type Hex } from '../../geometry/hex';
import { toCells } from '../../geometry/units';
import type { DemoScene, TableChanges } from '../../rules/descriptor';
import type { SystemId } from '../../rules/ids';
import type { Length, Scene, Table, Token, TokenRole, Vec2 } from '../../table/model';
import { sceneId, type SceneId, type SceneKind } from './scenes';

/** Where the demo page's boards are stored (written by the worker, `demo/save`). */
export const DEMO_KEY = 'commandPost.demo';

/** Bounds of a stored board (./schema.ts checks them). */
export const DEMO_LIMITS = { tokens: 300, sides: 8, name: 200, id: 64, coordinate: 1_000_000 } as const;

export interface DemoSide {
  readonly id: string;
  /** A message key (lower case and underscores: "French army") or the game's own name for the side ("Arnaud"). */
  readonly label: string;
  /** #rrggbb */
  readonly colour: string;
}

export interface DemoBoardToken {
  readonly id: string;
  readonly name: string;
  readonly side: string | null;
  readonly unit: string | null;
  readonly role: TokenRole;
  readonly radio: boolean;
  /** Centre, scene px. */
  readonly x: number;
  readonly y: number;
  /** Round base diameter; a rectangular base's width. */
  readonly base: Length;
  /** A rectangular base's length; absent: round. */
  readonly length?: Length;
  /** Degrees turned clockwise, 0–359 (R and Shift+R on the board); absent: 0. */
  readonly rotation?: number;
  /** Marked dead: drawn crossed out, and out of the table (as a dead token on Roll20). */
  readonly dead: boolean;
}

export interface DemoBoard {
  readonly system: SystemId;
  /** Which of the system's scenes: its worked example (absent on boards stored before armies existed) or its army. */
  readonly kind?: SceneKind;
  /** Message key of the scene's name. */
  readonly title: string;
  readonly scene: Scene;
  readonly sides: readonly DemoSide[];
  readonly tokens: readonly DemoBoardToken[];
  /** What changed since the example was laid out: tokens removed or killed, tokens added. */
  readonly changes: TableChanges;
  /** Numbers the tokens the player adds (`t1`, `t2`…). */
  readonly serial: number;
  /** What the board shows (src/board/visibility.ts); absent: every figure. */
  readonly show?: BoardShow;
}

/** The boards the page keeps, by scene. */
export type DemoBoards = { readonly [K in SceneId]?: DemoBoard };

/** The scene a board shows. */
export const sceneOfBoard = (board: DemoBoard): SceneId => sceneId(board.system, board.kind ?? 'example');

/** A scene as a board, as first laid out: hexes become centres. */
export function boardFromScene(system: SystemId, example: DemoScene<unknown>, kind: SceneKind = 'example'): DemoBoard {
  const { scene } = example;
  return {
    system,
    kind,
    title: example.title,
    scene,
    sides: example.sides.map((s) => ({ ...s })),
    tokens: example.tokens.map((t) => {
      const at = 'hex' in t.at ? hexCentre(t.at.hex, scene) : t.at;
      return {
        id: t.id,
        name: t.name,
        side: t.side,
        unit: t.unit,
        role: t.role,
        radio: t.radio ?? false,
        x: at.x,
        y: at.y,
        base: t.base,
        ...(t.length ? { length: t.length } : {}),
        ...(t.rotation ? { rotation: normalTurn(t.rotation) } : {}),
        dead: false,
      };
    }),
    changes: { gone: [], arrived: [] },
    serial: 0,
  };
}

/** The example's links: each token to the piece it stands for. */
export const exampleLinks = (example: DemoScene<unknown>): { token: string; piece: string }[] =>
  example.tokens.filter((t) => t.piece !== undefined).map((t) => ({ token: t.id, piece: t.piece! }));

export const isHexGrid = (scene: Scene): boolean => scene.grid === 'hex-pointy' || scene.grid === 'hex-flat';

const hexCentre = (h: Hex, scene: Scene): Vec2 =>
  hexToPixel(h, scene.pixelsPerCell, orientationOf(scene), scene.hexOrigin);
export const hexOf = (p: Vec2, scene: Scene): Hex =>
  pixelToHex(p, scene.pixelsPerCell, orientationOf(scene), scene.hexOrigin);

/** A base's diameter in scene px; a base the scale cannot measure (mm on a map in hexes) is drawn at 0.8 cell. */
export function basePx(base: Length, scene: Scene): number {
  try {
    const cells = toCells(base, scene);
    if (Number.isFinite(cells) && cells > 0) return Math.min(cells, 20) * scene.pixelsPerCell;
  } catch {
    // Not measurable on this scale: the fallback below.
  }
  return 0.8 * scene.pixelsPerCell;
}

/** A token's box in scene px, unturned: its base's length (along x) and width; a round base's diameter twice. */
export function footprintOf(
  t: Pick<DemoBoardToken, 'base' | 'length'>,
  scene: Scene,
): { width: number; height: number } {
  const size = basePx(t.base, scene);
  return { width: t.length ? basePx(t.length, scene) : size, height: size };
}

const normalTurn = (degrees: number): number => ((Math.round(degrees) % 360) + 360) % 360;

function toToken(t: DemoBoardToken, scene: Scene): Token {
  // A rectangular base is its token's box, turned as it stands (its shape then follows the game's
  // "Bases" setting, as a Roll20 token's does); a round one declares its diameter.
  const box = t.length !== undefined;
  return {
    id: t.id,
    name: t.name,
    center: { x: t.x, y: t.y },
    footprint: footprintOf(t, scene),
    ...(t.rotation ? { rotation: t.rotation } : {}),
    layer: 'objects',
    visible: true,
    side: t.side,
    unit: t.unit,
    // The demo's units are what the player typed (or the scene's author wrote): names, not made-up ids.
    ...(t.unit !== null ? { unitName: t.unit } : {}),
    role: t.role,
    radio: t.radio,
    ...(box ? {} : { baseSize: t.base }),
  };
}

/**
 * Boards → tables. Keep one per page: a token that did not change keeps its Token object, so the
 * binder (src/board/bind.ts) re-binds only what moved.
 */
export class DemoTables {
  private scene: Scene | null = null;
  private cache = new WeakMap<DemoBoardToken, Token>();

  table(board: DemoBoard): Table {
    if (board.scene !== this.scene) {
      this.scene = board.scene;
      this.cache = new WeakMap();
    }
    const tokens: Token[] = [];
    for (const t of board.tokens) {
      if (t.dead) continue;
      let token = this.cache.get(t);
      if (!token) this.cache.set(t, (token = toToken(t, board.scene)));
      tokens.push(token);
    }
    return { scene: board.scene, tokens };
  }
}

/** One-off (tests, the screenshots): no cache kept. */
export const tableOf = (board: DemoBoard): Table => new DemoTables().table(board);

/** A side's words: its message key translated, or the name the game gives it. */
export const sideText = (label: string, tr: (key: string) => string): string =>
  /^[a-z][a-z0-9_]*$/.test(label) ? tr(label) : label;

/** What the popup's summary needs beside the tokens; `tr` words the scene's and sides' message keys. */
export function statusOf(board: DemoBoard, selected: readonly string[], tr: (key: string) => string): TabletopStatus {
  const { scene } = board;
  return {
    tabletop: 'demo',
    state: 'live',
    mode: 'full',
    engine: 'demo',
    missing: [],
    page: {
      name: tr(board.title).slice(0, 200),
      grid: scene.grid,
      diagonal: scene.measurement,
      cellPx: scene.pixelsPerCell,
      scale: scene.unitsPerCell,
      units: scene.unitName.slice(0, 32),
    },
    sides: board.sides.map((s) => ({ id: s.id, label: sideText(s.label, tr).slice(0, 400) })),
    changes: board.changes,
    selected: selected.filter((id) => board.tokens.some((t) => t.id === id)).slice(0, 100),
    dropped: 0,
  };
}

// ——— What a player does on the board. Each returns a new board (or the same one when nothing changed). ———

const replaceToken = (board: DemoBoard, id: string, change: (t: DemoBoardToken) => DemoBoardToken): DemoBoard => {
  let changed = false;
  const tokens = board.tokens.map((t) => {
    if (t.id !== id) return t;
    const next = change(t);
    changed ||= next !== t;
    return next;
  });
  return changed ? { ...board, tokens } : board;
};

const clampCoordinate = (v: number): number => Math.max(-DEMO_LIMITS.coordinate, Math.min(DEMO_LIMITS.coordinate, v));

/** Puts a token's centre at (x, y), as dragged: not snapped. */
export function moveToken(board: DemoBoard, id: string, x: number, y: number): DemoBoard {
  const nx = clampCoordinate(x);
  const ny = clampCoordinate(y);
  return replaceToken(board, id, (t) => (t.x === nx && t.y === ny ? t : { ...t, x: nx, y: ny }));
}

/** Turns a token by `degrees` clockwise (R and Shift+R): a round base shows nothing, a rectangular one turns. */
export function turnToken(board: DemoBoard, id: string, degrees: number): DemoBoard {
  return replaceToken(board, id, (t) => {
    const rotation = normalTurn((t.rotation ?? 0) + degrees);
    if (rotation === (t.rotation ?? 0)) return t;
    const { rotation: _old, ...rest } = t;
    return rotation === 0 ? rest : { ...rest, rotation };
  });
}

/** Where a token dropped at p lands: the centre of its square or hex on a grid, p itself without one. */
export function snap(scene: Scene, p: Vec2): Vec2 {
  if (isHexGrid(scene)) return hexCentre(hexOf(p, scene), scene);
  if (scene.grid === 'square') {
    const c = scene.pixelsPerCell;
    return { x: (Math.floor(p.x / c) + 0.5) * c, y: (Math.floor(p.y / c) + 0.5) * c };
  }
  return p;
}

/**
 * Arrow keys move a token one cell. On a square grid or none: one cell along the arrow. On a hex map:
 * to a neighbouring hex; along a hex row (left/right on pointy tops, up/down on flat tops) straight,
 * across rows alternately to either side so that repeated presses keep a straight line. The keys of
 * a numeric keypad's corners (Home, PageUp, End, PageDown) go to the four diagonal neighbours.
 */
export type Step = 'left' | 'right' | 'up' | 'down' | 'up-left' | 'up-right' | 'down-left' | 'down-right';

export function stepFrom(scene: Scene, p: Vec2, step: Step): Vec2 {
  if (isHexGrid(scene)) {
    const h = hexOf(p, scene);
    const [dq, dr] = scene.grid === 'hex-pointy' ? pointyStep(h, step) : flatStep(h, step);
    return hexCentre({ q: h.q + dq, r: h.r + dr }, scene);
  }
  const c = scene.pixelsPerCell;
  const dx = step.endsWith('left') ? -c : step.endsWith('right') ? c : 0;
  const dy = step.startsWith('up') ? -c : step.startsWith('down') ? c : 0;
  const next = { x: p.x + dx, y: p.y + dy };
  return scene.grid === 'square' ? snap(scene, next) : next;
}

const even = (n: number) => ((n % 2) + 2) % 2 === 0;

// Axial directions, pointy tops: E (1,0), NE (1,−1), NW (0,−1), W (−1,0), SW (−1,1), SE (0,1).
function pointyStep(h: Hex, step: Step): [number, number] {
  switch (step) {
    case 'left':
      return [-1, 0];
    case 'right':
      return [1, 0];
    case 'up':
      return even(h.r) ? [0, -1] : [1, -1];
    case 'down':
      return even(h.r) ? [-1, 1] : [0, 1];
    case 'up-left':
      return [0, -1];
    case 'up-right':
      return [1, -1];
    case 'down-left':
      return [-1, 1];
    case 'down-right':
      return [0, 1];
  }
}

// Axial directions, flat tops: N (0,−1), NE (1,−1), SE (1,0), S (0,1), SW (−1,1), NW (−1,0).
function flatStep(h: Hex, step: Step): [number, number] {
  switch (step) {
    case 'up':
      return [0, -1];
    case 'down':
      return [0, 1];
    case 'left':
      return even(h.q) ? [-1, 0] : [-1, 1];
    case 'right':
      return even(h.q) ? [1, -1] : [1, 0];
    case 'up-left':
      return [-1, 0];
    case 'up-right':
      return [1, -1];
    case 'down-left':
      return [-1, 1];
    case 'down-right':
      return [1, 0];
  }
}

export interface NewToken {
  readonly name: string;
  readonly side: string | null;
  readonly unit: string | null;
  readonly role: TokenRole;
  readonly radio: boolean;
  readonly base: Length;
  readonly x: number;
  readonly y: number;
}

/** Puts a new token on the table: it counts as arrived (a late entry, for Hell Dorado). */
export function addToken(board: DemoBoard, spec: NewToken): { board: DemoBoard; id: string } | null {
  if (board.tokens.length >= DEMO_LIMITS.tokens) return null;
  let serial = board.serial;
  let id: string;
  do id = `t${++serial}`;
  while (board.tokens.some((t) => t.id === id));
  const name = spec.name.trim().slice(0, DEMO_LIMITS.name) || id;
  const unit = spec.unit?.trim().slice(0, DEMO_LIMITS.id) || null;
  const at = snap(board.scene, { x: clampCoordinate(spec.x), y: clampCoordinate(spec.y) });
  const token: DemoBoardToken = {
    id,
    name,
    side: spec.side,
    unit,
    role: spec.role,
    radio: spec.radio,
    x: at.x,
    y: at.y,
    base: spec.base,
    dead: false,
  };
  const arrived = [...board.changes.arrived.filter((a) => a.id !== id), { id, name, side: spec.side }].slice(
    -MAX_CHANGES,
  );
  return { board: { ...board, serial, tokens: [...board.tokens, token], changes: { ...board.changes, arrived } }, id };
}

/** Takes a token off the table (a token put on and taken off again leaves nothing to say). */
export function removeToken(board: DemoBoard, id: string): DemoBoard {
  const t = board.tokens.find((x) => x.id === id);
  if (!t) return board;
  const came = board.changes.arrived.some((a) => a.id === id);
  const arrived = board.changes.arrived.filter((a) => a.id !== id);
  // A dead token is gone already; one that came during the game and leaves again is nothing to report.
  const gone =
    t.dead || came
      ? board.changes.gone
      : [
          ...board.changes.gone.filter((g) => g.id !== id),
          { id, name: t.name, side: t.side, how: 'removed' as const },
        ].slice(-MAX_CHANGES);
  return { ...board, tokens: board.tokens.filter((x) => x.id !== id), changes: { gone, arrived } };
}

/** Marks a token dead (it leaves the table's reckoning, its loss may be proposed) or alive again. */
export function setDead(board: DemoBoard, id: string, dead: boolean): DemoBoard {
  const t = board.tokens.find((x) => x.id === id);
  if (!t || t.dead === dead) return board;
  const others = board.changes.gone.filter((g) => g.id !== id);
  const gone = dead
    ? [...others, { id, name: t.name, side: t.side, how: 'dead' as const }].slice(-MAX_CHANGES)
    : others;
  const arrived = dead ? board.changes.arrived.filter((a) => a.id !== id) : board.changes.arrived;
  return { ...replaceToken(board, id, (x) => ({ ...x, dead })), changes: { gone, arrived } };
}

/** Changes the grid, scale or way of measuring; the tokens stay where they are. */
export function setScene(board: DemoBoard, change: Partial<Scene>): DemoBoard {
  const scene: Scene = { ...board.scene, ...change };
  if (isHexGrid(scene) && !scene.hexOrigin) return { ...board, scene: { ...scene, hexOrigin: { x: 0, y: 0 } } };
  return { ...board, scene };
}
