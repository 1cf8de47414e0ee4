// The bridge between the Roll20 page's own world (content/roll20-page.ts, which can see
// `window.Campaign`) and the isolated content script (content/roll20.ts). Both share `window`,
// so every message carries a namespace, a direction (else each side hears itself) and the
// per-load secret the content script handed to the page script; the receiver also checks origin
// and source window, then the shape below. Everything read from Roll20 is untrusted: these
// schemas bound every string, number and list (roll20.md §3.2).
import { VISIBILITY_FIELDS } from '../../board/visibility-schema';
import { ACT_FIELDS, PING_FIELDS } from './tabs';
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { RENDERER_REASONS, type RendererReason } from './renderer';
import { TICKS_FIELDS } from '../../board/ticks';
import { LEDGER_PREFIX, MAX_ATTRIBUTE_CHARS, journalSchema } from './ledger';

export const NS = 'command-post/roll20';
export const SECRET_ATTR = 'data-command-post-secret';
/** Hex, 32 characters (128 random bits). */
export const secretSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/));

export const MAX_TOKENS = 5000;
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** Finite, and within what a Roll20 page can hold (pages are at most a few hundred thousand px). */
const coord = v.pipe(v.number(), v.finite(), v.minValue(-1e7), v.maxValue(1e7));
const size = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e6));

/** One `graphic` model, flattened to plain JSON by the page script. */
export const rawTokenSchema = v.strictObject({
  id,
  name: text(200),
  left: coord,
  top: coord,
  width: size,
  height: size,
  /** Degrees turned clockwise (Roll20 `rotation`); absent when Roll20 holds none that reads as a number. */
  rotation: v.optional(v.pipe(v.number(), v.finite(), v.minValue(-1e6), v.maxValue(1e6))),
  layer: text(32),
  /** Comma list of player ids or `all`: the represented character's list when the token represents one (TokenMod's rule), else the token's own. */
  controlledby: text(2000),
  tint: text(32),
  /** Roll20 `statusmarkers`: comma list, `name@N` for a badge. */
  markers: text(2000),
  /**
   * Absent for a figure. `drawing`: an image marked "Is Drawing" (`isdrawing`); `card`: a card
   * played onto the table (`_subtype: 'card'`). Neither is a figure (docs/roll20.md "What is a
   * figure"); the bridge says so once when a token becomes one, so that it leaves the board.
   */
  kind: v.optional(v.picklist(['drawing', 'card'])),
});
export type RawToken = v.InferOutput<typeof rawTokenSchema>;

export const GRID_TYPES = ['square', 'hex', 'hexr', 'dimetric', 'isometric'] as const;
export const DIAGONALS = ['foure', 'threefive', 'manhattan', 'pythagorean', 'hex'] as const;

/** The page attributes that measure: roll20.md §1.2. */
export const rawPageSchema = v.strictObject({
  id,
  name: text(200),
  /** Cells per 70 px; 0 = grid off. */
  snapping_increment: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1000)),
  scale_number: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e6)),
  scale_units: text(32),
  grid_type: v.picklist(GRID_TYPES),
  diagonaltype: v.picklist(DIAGONALS),
  /** The page's grid shown (`showgrid`); switched off, distances are measured without a grid, as Roll20's ruler does. */
  showgrid: v.boolean(),
});
export type RawPage = v.InferOutput<typeof rawPageSchema>;

/** Roll20's own value for a page attribute it has not set (or that cannot be read). */
export const PAGE_DEFAULTS: Readonly<Omit<RawPage, 'id'>> = {
  name: '',
  snapping_increment: 1,
  scale_number: 5,
  scale_units: 'ft',
  grid_type: 'square',
  diagonaltype: 'foure',
  showgrid: true,
};
export type PageField = keyof typeof PAGE_DEFAULTS;

/** A number as Roll20 may hold it: a number, or a string of one (the page settings' text fields). */
const numberish = v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]);
/** A switch as Roll20 may hold it: a boolean, or the text of one saved from a settings dialog. */
const boolish = v.union([
  v.boolean(),
  v.pipe(
    v.picklist(['true', 'false', '1', '0']),
    v.transform((x) => x === 'true' || x === '1'),
  ),
  v.pipe(
    v.picklist([0, 1]),
    v.transform((x) => x === 1),
  ),
]);
const PAGE_FIELDS: { readonly [K in PageField]: v.GenericSchema<unknown, RawPage[K]> } = {
  name: text(200),
  snapping_increment: v.pipe(numberish, v.finite(), v.minValue(0), v.maxValue(1000)),
  scale_number: v.pipe(numberish, v.finite(), v.minValue(0), v.maxValue(1e6)),
  scale_units: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(32)),
  grid_type: v.picklist(GRID_TYPES),
  diagonaltype: v.picklist(DIAGONALS),
  showgrid: boolish,
};

/**
 * The page as the bridge read it, field by field: a blank, missing or odd field takes Roll20's
 * default for that field alone (a string of a number is read as the number) and is named in
 * `defaulted`. Null only when there is no page at all (not an object, or no usable id).
 */
export function parsePage(raw: unknown): { page: RawPage; defaulted: PageField[] } | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const pid = v.safeParse(id, r.id);
  if (!pid.success) return null;
  const defaulted: PageField[] = [];
  const out: Record<string, unknown> = { id: pid.output };
  for (const key of Object.keys(PAGE_FIELDS) as PageField[]) {
    const f = v.safeParse(PAGE_FIELDS[key] as v.GenericSchema, r[key]);
    if (f.success) out[key] = f.output;
    else {
      out[key] = PAGE_DEFAULTS[key];
      // A page without a name is not worth a word, nor one without a grid switch (shown, as by default).
      if (key !== 'name' && !(key === 'showgrid' && r[key] === undefined)) defaulted.push(key);
    }
  }
  return { page: out as RawPage, defaulted };
}

export const ENGINES = ['legacy', 'jumpgate', 'none'] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * Page px → client px of the top-level window: `screen = board.xy + p·s + o`. `board` is the
 * renderer's canvas rectangle (the overlay is clipped to it).
 */
const scale = v.pipe(v.number(), v.finite(), v.minValue(-1000), v.maxValue(1000));
export const viewSchema = v.pipe(
  v.strictObject({
    x: coord,
    y: coord,
    w: size,
    h: size,
    sx: scale,
    sy: scale,
    /** A camera turned about its axis: `screen.x += p.y·kx`, `screen.y += p.x·ky` (absent: 0). */
    kx: v.optional(scale),
    ky: v.optional(scale),
    ox: coord,
    oy: coord,
  }),
  // A view that flattens the board onto a line (or a point) shows nothing that can be placed.
  v.check((c) => Math.abs(c.sx * c.sy - (c.kx ?? 0) * (c.ky ?? 0)) > 1e-9, 'degenerate view'),
);
export type View = v.InferOutput<typeof viewSchema>;

const player = v.strictObject({ id, name: text(200) });
/** A flat record of what the renderer holds (camera fields, canvas rectangle): diagnostics only. */
export const rendererFields = v.pipe(
  v.record(
    v.pipe(v.string(), v.maxLength(40)),
    v.nullable(v.union([v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.maxLength(64)), v.boolean()])),
  ),
  v.check((r) => Object.keys(r).length <= 60, 'too many fields'),
);
export type RendererFields = v.InferOutput<typeof rendererFields>;
/** Tokens travel unchecked inside the envelope and are validated one by one (a bad one is dropped, not the page). */
const tokenList = v.pipe(v.array(v.unknown()), v.maxLength(MAX_TOKENS));

/**
 * Internals the bridge looks for; a missing one is named in `missing`. The last four say why the
 * board cannot be drawn although the game is read (RENDERER_REASONS).
 */
export const INTERNALS = [
  'Campaign',
  'activePage',
  'thegraphics',
  'renderer',
  'canvas',
  'camera',
  'webgl-context',
] as const;
export { RENDERER_REASONS, type RendererReason };

export const pageMessageSchema = v.variant('type', [
  /** The whole active page: on hello, on a page switch, after a `reset`. */
  v.strictObject({
    type: v.literal('snapshot'),
    /** Read field by field with parsePage (a blank field falls back alone). */
    page: v.unknown(),
    tokens: tokenList,
    players: v.pipe(v.array(player), v.maxLength(200)),
    engine: v.picklist(ENGINES),
    /** `data-only`: tokens are read but the renderer's camera is not reachable, so nothing is drawn. */
    mode: v.picklist(['full', 'data-only']),
    missing: v.pipe(v.array(v.picklist(INTERNALS)), v.maxLength(INTERNALS.length)),
  }),
  /** The page's own settings changed (scale, cell size, grid, diagonals): parsed with parsePage. */
  v.strictObject({ type: v.literal('page'), page: v.unknown() }),
  /** Tokens changed/added and removed since the last message, at most one per animation frame. */
  v.strictObject({
    type: v.literal('delta'),
    pageId: id,
    changed: tokenList,
    removed: v.pipe(v.array(id), v.maxLength(MAX_TOKENS)),
  }),
  /** The tokens the player has selected (after a click or a key on the board). */
  v.strictObject({ type: v.literal('selection'), ids: v.pipe(v.array(id), v.maxLength(100)) }),
  /** The camera moved (pan, zoom, resize); null when it cannot be read. */
  v.strictObject({ type: v.literal('view'), view: v.nullable(viewSchema) }),
  /**
   * The renderer was found, went or changed (looked for at every camera read: every frame while
   * anything moves, else 4 times a second): which engine, why it cannot draw (null: it can), and
   * when that became so (the page's performance.now(), ms).
   */
  v.strictObject({
    type: v.literal('renderer'),
    engine: v.picklist(ENGINES),
    reason: v.nullable(v.picklist(RENDERER_REASONS)),
    at: v.pipe(v.number(), v.finite(), v.minValue(0)),
  }),
  /**
   * No game to read (yet, or Roll20 changed): `missing` says what was not found; `reason`
   * `too-many-tokens`: more tokens on the token layer than MAX_TOKENS (map and GM layers not counted).
   */
  v.strictObject({
    type: v.literal('status'),
    state: v.picklist(['waiting', 'unavailable']),
    missing: v.pipe(v.array(v.picklist(INTERNALS)), v.maxLength(INTERNALS.length)),
    reason: v.optional(v.picklist(['too-many-tokens'])),
  }),
  /** The renderer's raw camera fields, for "Copy diagnostics" (numbers and short strings only). */
  v.strictObject({ type: v.literal('diagnostics'), renderer: rendererFields }),
  /** Result of an aura write or restore. */
  v.strictObject({
    type: v.literal('auras'),
    written: v.pipe(v.number(), v.integer(), v.minValue(0)),
    restored: v.pipe(v.number(), v.integer(), v.minValue(0)),
    failed: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  /** The ledger characters and who is at the table (./ledger.ts), after any of them changed: at most one every 50 ms. */
  v.strictObject({ type: v.literal('journal'), journal: journalSchema }),
]);
export type PageMessage = v.InferOutput<typeof pageMessageSchema>;

const auraItem = v.strictObject({
  id,
  /** Page units (Roll20 `aura1_radius`). */
  radius: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e6)),
  square: v.boolean(),
  color: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/)),
});

/**
 * What the content script may ask of the bridge. `hello` comes by window.postMessage with this
 * load's nonce and a MessagePort, used once: the bridge answers `ready` on it with a channel of its
 * own and closes it. Every other message comes through that channel only, each with the bridge's key
 * and the next number (PortEnvelope), so that nothing seen or replayed is taken twice (WRITES above
 * all).
 */
export const contentMessageSchema = v.variant('type', [
  /**
   * The bridge may start talking (the only way it ever starts); `nonce` binds its answer to this hello.
   * `updated`: the words the board says once the content script is gone (see `beat`).
   */
  v.strictObject({ type: v.literal('hello'), nonce: secretSchema, updated: v.pipe(v.string(), v.maxLength(300)) }),
  /**
   * The content script is there (once a second). Firefox ends an extension's content scripts when it
   * is updated or reloaded without a word to them, their drawing left on the board, frozen: a bridge
   * that hears no beat for a while, its page in view, takes that drawing away and says so.
   */
  v.strictObject({ type: v.literal('beat') }),
  /** Send a full snapshot again. */
  v.strictObject({ type: v.literal('reset') }),
  /** Send the renderer's raw camera fields (Copy diagnostics). */
  v.strictObject({ type: v.literal('diagnose') }),
  /** Write command radii into these leaders' aura 1 (remembering what was there). */
  v.strictObject({ type: v.literal('auras-set'), items: v.pipe(v.array(auraItem), v.maxLength(MAX_TOKENS)) }),
  /** Put every aura written back as it was. */
  v.strictObject({ type: v.literal('auras-restore') }),
  /** Follow the ledger characters (the shared game): report them now and on every change. */
  v.strictObject({ type: v.literal('ledgers-follow') }),
  /** Save these `cp_` attributes of ledger characters (the shared game's writes). */
  v.strictObject({
    type: v.literal('ledgers-save'),
    writes: v.pipe(
      v.array(
        v.strictObject({
          character: id,
          name: v.pipe(v.string(), v.startsWith('cp_'), v.maxLength(100)),
          value: v.pipe(v.string(), v.maxLength(MAX_ATTRIBUTE_CHARS)),
        }),
      ),
      v.maxLength(400),
    ),
  }),
  /** The game master's one click: make these ledger characters (only a game master's page does). */
  v.strictObject({
    type: v.literal('ledgers-create'),
    ledgers: v.pipe(
      v.array(
        v.strictObject({
          name: v.pipe(v.string(), v.startsWith(LEDGER_PREFIX), v.maxLength(200)),
          role: v.pipe(v.string(), v.regex(/^(table|side\.[0-7])$/)),
          controlledby: v.pipe(v.string(), v.maxLength(4000)),
          inplayerjournals: v.pipe(v.string(), v.maxLength(4000)),
        }),
      ),
      v.maxLength(9),
    ),
  }),
]);

/**
 * The bridge's one answer to a hello, on the hello's own port (which it then closes): the nonce of
 * that hello, and the key every later message must carry; the port of the channel it made itself
 * comes with it. Only the content script, which holds the hello port's other end, hears it.
 */
export const readySchema = v.strictObject({ type: v.literal('ready'), nonce: secretSchema, key: secretSchema });
export type Ready = v.InferOutput<typeof readySchema>;

/**
 * A message through the bridge's channel: its key, and a number one above the last one taken (a
 * message seen again, replayed or out of turn is not taken).
 */
export const portEnvelopeSchema = v.strictObject({
  key: secretSchema,
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  msg: contentMessageSchema,
});
export type PortEnvelope = v.InferOutput<typeof portEnvelopeSchema>;

/**
 * Text for the Roll20 chat with everything Roll20 would interpret taken apart. Token names are typed
 * by anyone in the game and end up in the summary, so nothing in them may run:
 * - a command or API call at the start (`/w`, `/em`, `/roll`, `/desc`, `/as`, `/emas`, `/ooc`,
 *   `/talktomyself`, `/fx`, `!api`): the first `/` or `!` becomes a look-alike (∕ ǃ); a leading
 *   space would not do, as JavaScript's trim() removes even a no-break space;
 * - inline rolls `[[…]]` (and their `$[[n]]` references), roll templates `&{template:…}`, attributes
 *   `@{…}`, abilities `%{…}`, roll queries `?{…|…}`: the two characters are split by a space (every
 *   pair in a run of brackets: `[[[` becomes `[ [ [`, not `[ [[`);
 * - macros `#name`: `# name`;
 * - markdown links, images and API buttons `[text](url)`: `] (`;
 * - HTML and entities (`<b>`, `&#64;`, `&amp;`): `<` `>` become ‹ ›, `&` before a name or `#` is split;
 * - line breaks of every kind and control characters: one space.
 */
export function chatText(text: string): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\[(?=\[)/g, '[ ')
    .replace(/\](?=\])/g, '] ')
    .replace(/\]\(/g, '] (')
    .replace(/([&@%?])\{/g, '$1 {')
    .replace(/&(?=#|[A-Za-z][A-Za-z0-9]*;)/g, '& ')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/#(?=\S)/g, '# ')
    .trim()
    .slice(0, 2000);
  return flat.replace(/^\//, '\u2215').replace(/^!/, '\u01c3');
}
export type ContentMessage = v.InferOutput<typeof contentMessageSchema>;
/**
 * Messages that change Roll20, only ever taken from the bridge's channel: its tokens (once per user
 * action), the ledgers' `cp_` attributes (the shared game's writes), the ledgers made (once per game
 * master's click). The chat is typed in by the content script itself.
 */
export const WRITES: readonly ContentMessage['type'][] = [
  'auras-set',
  'auras-restore',
  'ledgers-save',
  'ledgers-create',
];
export type AuraItem = v.InferOutput<typeof auraItem>;

export type Direction = 'page' | 'content';

export interface Envelope<M> {
  readonly ns: typeof NS;
  readonly dir: Direction;
  readonly secret: string;
  readonly msg: M;
}

const envelopeSchema = v.strictObject({
  ns: v.literal(NS),
  dir: v.picklist(['page', 'content']),
  secret: secretSchema,
  msg: v.unknown(),
});

export type Received<M> = { readonly ok: true; readonly msg: M } | { readonly ok: false; readonly ours: boolean };

/**
 * Checks one `message` event's data: ours (namespace), from the other side (direction), with this
 * load's secret, and well formed. `ours: false` = someone else's message (Roll20 uses postMessage
 * too): ignore it without counting; `ours: true` = a forged or malformed one of ours: drop and count.
 * Origin and source window are checked by the caller, which has the event.
 */
export function receive<M>(
  data: unknown,
  from: Direction,
  secret: string,
  schema: v.GenericSchema<unknown, M>,
): Received<M> {
  if (typeof data !== 'object' || data === null || (data as { ns?: unknown }).ns !== NS)
    return { ok: false, ours: false };
  const env = v.safeParse(envelopeSchema, data);
  if (!env.success || env.output.dir !== from) return { ok: false, ours: env.success ? false : true };
  if (env.output.secret !== secret) return { ok: false, ours: true };
  const msg = v.safeParse(schema, env.output.msg);
  return msg.success ? { ok: true, msg: msg.output } : { ok: false, ours: true };
}

export const envelope = <M>(dir: Direction, secret: string, msg: M): Envelope<M> => ({ ns: NS, dir, secret, msg });

/** Validates one token of a snapshot or delta; null if malformed. */
export const parseToken = (raw: unknown): RawToken | null => parseOrNull(rawTokenSchema, raw);

/**
 * From the popup straight to the tab's board (a tab message, not via the worker: Roll20's content
 * script, the demo table's page). Each of the first three is sent by one click: post a command
 * summary in the chat, write the command ranges into the leaders' auras or put the auras back (each
 * arms exactly one write, see content/roll20.ts), or hand back the redacted diagnostics. The last
 * only changes what is drawn: the pieces ticked for a choice not sent yet, so that the board follows
 * it (SystemBoard.view).
 */
export const tabRequestSchema = v.variant('type', [
  v.strictObject({ type: v.literal('roll20/chat'), text: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)) }),
  v.strictObject({ type: v.literal('roll20/auras'), action: v.picklist(['write', 'restore']) }),
  v.strictObject({ type: v.literal('roll20/diagnostics') }),
  /** The game master's one click: the ledger characters of the table's one game, one per side (named after them). */
  /** The game master's click: "Check this table" (src/adapters/roll20/check.ts). */
  v.strictObject({ type: v.literal('roll20/check') }),
  /** The game master's answer about a checkpoint no one at the table stands behind: take it, or start afresh. */
  v.strictObject({ type: v.literal('roll20/choose'), choice: v.picklist(['take', 'fresh']) }),
  v.strictObject({
    type: v.literal('roll20/share'),
    sides: v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(100))), v.minLength(1), v.maxLength(8)),
  }),
  v.strictObject({ type: v.literal('board/ticks'), ...TICKS_FIELDS }),
  /** The popup's "N out": the tab's finder steps to the next figure out of command (-1: the one before). */
  v.strictObject({ type: v.literal('board/find'), step: v.picklist([1, -1]) }),
  /** The game master's say on what the board shows, for the table's one game (src/board/visibility.ts). */
  v.strictObject({ type: v.literal('roll20/visibility'), ...VISIBILITY_FIELDS }),
  /** BG→CS: an action of this tab's player made in another tab of his, for this tab to write (./tabs.ts). */
  v.strictObject({ type: v.literal('roll20/act'), ...ACT_FIELDS }),
  /** BG→CS: whether this tab still writes for that player (./tabs.ts). */
  v.strictObject({ type: v.literal('roll20/ping'), ...PING_FIELDS }),
]);
export type TabRequest = v.InferOutput<typeof tabRequestSchema>;
