// An Owlbear Rodeo scene → the tabletop-neutral Table (src/table/model.ts). Owlbear hands extensions
// its items as plain JSON (OBR.scene.items), whoever wrote them: each is checked here (valibot), a bad
// one is dropped alone and counted, never thrown. Tokens are IMAGE items on the CHARACTER and MOUNT
// layers, as in Owlbear's own initiative tracker; their side, unit and role are Command Post's tag in
// the item's metadata (TOKEN_KEY). Types only from the SDK: the core never loads it.
import type { Image, Item } from '@owlbear-rodeo/sdk';
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { MAX_CHANGES } from '../../board/model';
import type { TabletopStatus } from '../../board/summary';
import type { TableChanges } from '../../rules/descriptor';
import type { GridType, Length, Measurement, Scene, Table, Token, TokenRole, Vec2 } from '../../table/model';
import { TOKEN_KEY } from './keys';

/** Bounds of what is read from a scene. */
export const OWLBEAR_LIMITS = { tokens: 2000, id: 64, name: 200, tag: 64 } as const;

/** The grid as Owlbear reports it (`OBR.scene.grid`), plus the centre of the hex at the scene's origin. */
export interface OwlbearGrid {
  readonly dpi: number;
  /** `Grid.scale`, e.g. "5ft", "2.5 cm", "1". */
  readonly scale: string;
  readonly type: 'SQUARE' | 'HEX_VERTICAL' | 'HEX_HORIZONTAL' | 'DIMETRIC' | 'ISOMETRIC';
  readonly measurement: 'CHEBYSHEV' | 'ALTERNATING' | 'EUCLIDEAN' | 'MANHATTAN';
  /** Hex grids: a hex centre, as `grid.snapPosition(origin, 1, false, true)` gives it. */
  readonly origin?: Vec2;
}

/** Command Post's tag on a token (item metadata under TOKEN_KEY). Every field is optional. */
export interface TokenTag {
  readonly side?: string | null;
  readonly unit?: string | null;
  readonly role?: TokenRole;
  readonly radio?: boolean;
  /** Marked dead from the context menu: off the table, and a loss the game may be told about. */
  readonly dead?: boolean;
  /** Round base diameter; otherwise the token's footprint stands for its base. */
  readonly base?: Length | null;
}

const finite = v.pipe(v.number(), v.finite());
const positive = v.pipe(v.number(), v.finite(), v.gtValue(0));
const vec = v.object({ x: finite, y: finite });
const tagText = v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(OWLBEAR_LIMITS.tag)));

export const tokenTagSchema = v.strictObject({
  side: v.optional(tagText),
  unit: v.optional(tagText),
  role: v.optional(v.picklist(['leader', 'figure', 'radio-operator'])),
  radio: v.optional(v.boolean()),
  dead: v.optional(v.boolean()),
  base: v.optional(
    v.nullable(
      v.strictObject({
        value: v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(10_000)),
        unit: v.pipe(v.string(), v.minLength(1), v.maxLength(16)),
      }),
    ),
  ),
});

/** What a token item must hold; anything else Owlbear adds is ignored. */
const imageSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(OWLBEAR_LIMITS.id)),
  type: v.literal('IMAGE'),
  name: v.string(),
  visible: v.boolean(),
  layer: v.picklist(['CHARACTER', 'MOUNT']),
  position: vec,
  rotation: finite,
  scale: vec,
  image: v.object({ width: positive, height: positive }),
  grid: v.object({ offset: vec, dpi: positive }),
  text: v.optional(v.object({ plainText: v.optional(v.string()) })),
  metadata: v.record(v.string(), v.unknown()),
});

export const gridSchema = v.object({
  dpi: positive,
  scale: v.pipe(v.string(), v.maxLength(64)),
  type: v.picklist(['SQUARE', 'HEX_VERTICAL', 'HEX_HORIZONTAL', 'DIMETRIC', 'ISOMETRIC']),
  measurement: v.picklist(['CHEBYSHEV', 'ALTERNATING', 'EUCLIDEAN', 'MANHATTAN']),
  origin: v.optional(vec),
});

/** Owlbear's default grid (a new scene): 150 dpi squares of 5 ft, Chebyshev. */
export const DEFAULT_GRID: OwlbearGrid = { dpi: 150, scale: '5ft', type: 'SQUARE', measurement: 'CHEBYSHEV' };

/** "5ft" → 5 ft, "2.5 cm" → 2.5 cm, "1" → 1 (no unit), "ft" → 1 ft: as Owlbear parses its scale. */
export function parseScale(raw: string): { readonly multiplier: number; readonly unit: string } {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)?\s*(.*?)\s*$/.exec(raw);
  const n = m?.[1] === undefined ? 1 : Number(m[1]);
  return { multiplier: Number.isFinite(n) && n > 0 ? n : 1, unit: (m?.[2] ?? '').slice(0, 32) };
}

const GRID_TYPES: Readonly<Record<OwlbearGrid['type'], GridType>> = {
  SQUARE: 'square',
  // Owlbear's dpi is the width of a vertical hex and the height of a horizontal one: in both, the
  // distance between two neighbouring centres. Vertical hexes stand in columns of points-up hexes.
  HEX_VERTICAL: 'hex-pointy',
  HEX_HORIZONTAL: 'hex-flat',
  // Projected grids: positions are read flat, measured straight (docs/owlbear.md, "Not done").
  DIMETRIC: 'none',
  ISOMETRIC: 'none',
};

const MEASUREMENTS: Readonly<Record<OwlbearGrid['measurement'], Measurement>> = {
  CHEBYSHEV: 'chebyshev',
  ALTERNATING: 'alternating',
  EUCLIDEAN: 'euclidean',
  MANHATTAN: 'manhattan',
};

/** The scene as the engine measures it. A hex grid counts hex steps unless it measures straight lines. */
export function sceneOf(grid: OwlbearGrid): Scene {
  const { multiplier, unit } = parseScale(grid.scale);
  const type = GRID_TYPES[grid.type];
  const hex = type === 'hex-pointy' || type === 'hex-flat';
  return {
    pixelsPerCell: grid.dpi,
    unitsPerCell: multiplier,
    unitName: unit || 'cell',
    grid: type,
    measurement: hex && grid.measurement !== 'EUCLIDEAN' ? 'hex' : MEASUREMENTS[grid.measurement],
    ...(hex && grid.origin ? { hexOrigin: grid.origin } : {}),
  };
}

/** The item's own tag, checked: absent → {}, malformed → null (the token is read untagged and counted). */
export function tagOf(metadata: Readonly<Record<string, unknown>>): TokenTag | null {
  const raw = metadata[TOKEN_KEY];
  if (raw === undefined) return {};
  return parseOrNull(tokenTagSchema, raw);
}

/** The name a token shows: its label text, else its item name (as Owlbear's initiative tracker reads it). */
export const tokenName = (item: { readonly name: string; readonly text?: { readonly plainText?: string } }): string =>
  ((item.text?.plainText ?? '').trim() || item.name.trim()).slice(0, OWLBEAR_LIMITS.name);

/**
 * A token's centre and footprint in scene px. Owlbear places an image by the point `grid.offset`
 * (image px) at `position`, and draws it at `sceneDpi / grid.dpi` scene px per image px, times its
 * `scale`, turned by `rotation` degrees about `position` (owlbear-rodeo/colored-rings helpers.ts).
 */
export function placeOf(
  item: Pick<Image, 'position' | 'rotation' | 'scale' | 'image' | 'grid'>,
  sceneDpi: number,
): { center: Vec2; width: number; height: number } {
  const k = sceneDpi / item.grid.dpi;
  const w = item.image.width * k * item.scale.x;
  const h = item.image.height * k * item.scale.y;
  // From the anchor to the centre, before the turn.
  const dx = (item.image.width / 2 - item.grid.offset.x) * k * item.scale.x;
  const dy = (item.image.height / 2 - item.grid.offset.y) * k * item.scale.y;
  const a = (item.rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return {
    center: { x: item.position.x + dx * cos - dy * sin, y: item.position.y + dx * sin + dy * cos },
    width: Math.abs(w),
    height: Math.abs(h),
  };
}

/** Sides that differ by no more than this share are one size (a 150×153 image is square); an offset this close to the middle is centred. */
const SLACK = 0.02;

/**
 * Where a token stands, in scene px: its base's centre and footprint, which measuring reads (not the
 * image's box). Owlbear snaps a token by its `grid.offset`. A standee (a figure seen from the front,
 * its offset at its feet: centred across, below the middle) stands there, on a base as wide as it is,
 * however tall its image. An image seen from above lies as it is drawn, and is oblong only where
 * Owlbear is told so: its size in cells of the scene (the image's own dpi, times its scale) whole on
 * both sides and unequal, 2 × 1 or 3 × 2 (a cavalry or vehicle base). Any other image that is not
 * square (most art is not) stands on its narrow side's square at its centre, which `auto` reads as a
 * round base.
 */
export function standOf(
  item: Pick<Image, 'position' | 'rotation' | 'scale' | 'image' | 'grid'>,
  sceneDpi: number,
): { center: Vec2; width: number; height: number } {
  const box = placeOf(item, sceneDpi);
  const { width, height } = box;
  const { offset } = item.grid;
  const { width: iw, height: ih } = item.image;
  if (Math.abs(offset.x - iw / 2) <= SLACK * iw && offset.y > ih / 2 + SLACK * ih) {
    return { center: { x: item.position.x, y: item.position.y }, width, height: width };
  }
  if (Math.abs(width - height) <= SLACK * Math.max(width, height)) return box;
  // Whole cells on both sides (to 2%): a size the table was given.
  const whole = (px: number) => {
    const c = px / sceneDpi;
    return Math.round(c) >= 1 && Math.abs(c - Math.round(c)) <= SLACK * Math.round(c);
  };
  if (whole(width) && whole(height)) return box;
  const side = Math.min(width, height);
  return { center: box.center, width: side, height: side };
}

export type TokenRead =
  | { readonly ok: true; readonly token: Token; readonly dead: boolean; readonly tagged: boolean }
  | { readonly ok: false; readonly id: string | null; readonly problem: string };

/** Whether an item claims to be a token (an image on the character or mount layer), before any check. */
export const isTokenLike = (raw: unknown): boolean => {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as { type?: unknown; layer?: unknown };
  return r.type === 'IMAGE' && (r.layer === 'CHARACTER' || r.layer === 'MOUNT');
};

/** One item → one token, checked. */
export function readToken(raw: unknown, sceneDpi: number): TokenRead {
  const parsed = v.safeParse(imageSchema, raw);
  if (!parsed.success) {
    const id =
      typeof (raw as { id?: unknown })?.id === 'string'
        ? ((raw as { id: string }).id.slice(0, OWLBEAR_LIMITS.id) as string)
        : null;
    const issue = parsed.issues[0];
    return {
      ok: false,
      id,
      problem: `${issue.path?.map((p) => String(p.key)).join('.') || '(item)'}: ${issue.message}`,
    };
  }
  const item = parsed.output;
  const tag = tagOf(item.metadata);
  const { center, width, height } = standOf(item as unknown as Image, sceneDpi);
  const t = tag ?? {};
  const token: Token = {
    id: item.id,
    name: tokenName(item),
    center,
    footprint: { width, height },
    // Owlbear turns an item clockwise by `rotation` degrees, as Roll20 does: its base turns with it.
    ...(item.rotation ? { rotation: item.rotation } : {}),
    layer: item.layer,
    visible: item.visible,
    side: t.side ?? null,
    unit: t.unit ?? null,
    role: t.role ?? 'figure',
    radio: t.radio ?? false,
    ...(t.base ? { baseSize: t.base } : {}),
  };
  return { ok: true, token, dead: t.dead === true, tagged: tag !== null };
}

/** What the tokens of a scene say beside the table: who was dropped and why, what changed. */
export interface SceneRead {
  readonly table: Table;
  /** Items that claim to be tokens but were malformed (dropped), and tokens whose tag was (read untagged). */
  readonly dropped: readonly { readonly id: string | null; readonly problem: string }[];
  /** The tabletop's sides, in order of appearance. */
  readonly sides: readonly string[];
}

/** A cheap signature of what a token item shows: unchanged items keep their Token object (the binder then skips them). */
function signature(raw: Item): string {
  const i = raw as Image;
  return `${i.lastModified}|${i.position?.x}|${i.position?.y}|${i.rotation}|${i.scale?.x}|${i.scale?.y}|${i.visible}|${i.layer}|${i.image?.width}|${i.image?.height}|${i.grid?.dpi}|${i.grid?.offset?.x}|${i.grid?.offset?.y}|${i.name}|${i.text?.plainText}|${JSON.stringify(i.metadata?.[TOKEN_KEY])}`;
}

/**
 * Scenes → tables. Keep one per page: Owlbear sends the whole item list on every change, as new
 * objects; a token whose item did not change keeps its Token object, so a move re-reads one item and
 * the binder (src/board/bind.ts) re-binds one token. `viewer` decides what is seen: a player never
 * gets the tokens hidden from players (they are not on his table at all, so nothing drawn or counted
 * can give them away); the game master gets every token.
 */
export class OwlbearTables {
  private grid: OwlbearGrid | null = null;
  private scene: Scene | null = null;
  private cache = new Map<string, { sig: string; read: TokenRead }>();
  private changes = new SceneChanges();

  read(items: readonly unknown[], grid: OwlbearGrid, viewer: 'GM' | 'PLAYER'): SceneRead {
    if (grid !== this.grid) {
      const scene = sceneOf(grid);
      if (!this.scene || JSON.stringify(scene) !== JSON.stringify(this.scene) || grid.dpi !== this.grid?.dpi) {
        this.scene = scene;
        this.cache.clear();
      }
      this.grid = grid;
    }
    const scene = this.scene!;
    const tokens: Token[] = [];
    const dropped: { id: string | null; problem: string }[] = [];
    const sides: string[] = [];
    const seen = new Set<string>();
    const next = new Map<string, { sig: string; read: TokenRead }>();
    const alive: Token[] = [];
    const dead: Token[] = [];
    const unseen = new Set<string>();
    for (const raw of items) {
      if (!isTokenLike(raw)) continue;
      const id = (raw as { id?: unknown }).id;
      const sig = signature(raw as Item);
      const key = typeof id === 'string' ? id : '';
      const known = key ? this.cache.get(key) : undefined;
      const read = known && known.sig === sig ? known.read : readToken(raw, scene.pixelsPerCell);
      if (key && !seen.has(key)) next.set(key, { sig, read });
      if (!read.ok) {
        dropped.push({ id: read.id, problem: read.problem });
        continue;
      }
      if (seen.has(read.token.id)) {
        dropped.push({ id: read.token.id, problem: 'id: the same id twice' });
        continue;
      }
      seen.add(read.token.id);
      if (!read.tagged)
        dropped.push({ id: read.token.id, problem: `metadata.${TOKEN_KEY}: not a Command Post tag (read untagged)` });
      if (viewer === 'PLAYER' && !read.token.visible) {
        unseen.add(read.token.id);
        continue;
      }
      if (tokens.length + dead.length >= OWLBEAR_LIMITS.tokens) {
        dropped.push({ id: read.token.id, problem: `more than ${OWLBEAR_LIMITS.tokens} tokens` });
        continue;
      }
      if (read.dead) {
        dead.push(read.token);
        continue;
      }
      tokens.push(read.token);
      alive.push(read.token);
      if (read.token.side !== null && !sides.includes(read.token.side)) sides.push(read.token.side);
    }
    this.cache = next;
    this.changes.update(alive, dead, unseen);
    return { table: { scene, tokens }, dropped, sides };
  }

  /** Tokens taken off or marked dead, and tokens put on, since the scene was first read. */
  get tableChanges(): TableChanges {
    return this.changes.current;
  }

  /** A new scene: start again. */
  reset(): void {
    this.cache.clear();
    this.changes = new SceneChanges();
    this.grid = null;
    this.scene = null;
  }
}

/**
 * Net changes since the scene was first read, as Roll20's live model keeps them (src/adapters/roll20/live.ts).
 * A token the game master hides from players is neither gone nor back for a player: hiding is not a
 * loss, and his changes never name it.
 */
export class SceneChanges {
  private known: Map<string, { name: string; side: string | null }> | null = null;
  private gone: TableChanges['gone'][number][] = [];
  private arrived: TableChanges['arrived'][number][] = [];

  get current(): TableChanges {
    return { gone: this.gone, arrived: this.arrived };
  }

  update(alive: readonly Token[], dead: readonly Token[], unseen: ReadonlySet<string> = new Set()): void {
    const now = new Map(alive.map((t) => [t.id, { name: t.name, side: t.side }]));
    // A token hidden now keeps its place: not lost, and not new when it is shown again.
    for (const id of unseen) {
      const was = this.known?.get(id);
      if (was) now.set(id, was);
    }
    if (!this.known) {
      this.known = now;
      for (const t of dead) this.lose(t.id, t.name, t.side, 'dead');
      return;
    }
    const deadIds = new Set(dead.map((t) => t.id));
    for (const [id, t] of this.known)
      if (!now.has(id)) this.lose(id, t.name, t.side, deadIds.has(id) ? 'dead' : 'removed');
    for (const [id, t] of now) {
      if (this.known.has(id)) continue;
      const wasGone = this.gone.some((g) => g.id === id);
      this.gone = this.gone.filter((g) => g.id !== id);
      if (!wasGone)
        this.arrived = [...this.arrived.filter((a) => a.id !== id), { id, name: t.name, side: t.side }].slice(
          -MAX_CHANGES,
        );
    }
    this.known = now;
  }

  private lose(id: string, name: string, side: string | null, how: 'removed' | 'dead'): void {
    const arrivedHere = this.arrived.some((a) => a.id === id);
    this.arrived = this.arrived.filter((a) => a.id !== id);
    if (arrivedHere && how === 'removed') return;
    this.gone = [...this.gone.filter((g) => g.id !== id), { id, name, side, how }].slice(-MAX_CHANGES);
  }
}

/** How the popup's summary describes a scene. */
export function statusOf(
  read: SceneRead,
  grid: OwlbearGrid,
  changes: TableChanges,
  selected: readonly string[],
  sideLabel: (side: string) => string,
): TabletopStatus {
  const { scene } = read.table;
  return {
    tabletop: 'owlbear',
    state: 'live',
    mode: 'full',
    engine: 'owlbear',
    missing: grid.type === 'DIMETRIC' || grid.type === 'ISOMETRIC' ? ['projected-grid'] : [],
    page: {
      name: 'Owlbear Rodeo',
      grid: scene.grid,
      diagonal: scene.measurement,
      cellPx: scene.pixelsPerCell,
      scale: scene.unitsPerCell,
      units: scene.unitName.slice(0, 32),
    },
    sides: read.sides.slice(0, 50).map((id) => ({ id, label: sideLabel(id).slice(0, 400) })),
    changes,
    selected: selected.filter((id) => read.table.tokens.some((t) => t.id === id)).slice(0, 100),
    dropped: read.dropped.length,
  };
}
