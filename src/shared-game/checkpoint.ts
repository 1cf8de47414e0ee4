// The checkpoint: the game as the compacting game master's client last wrote it, with what it covers
// and who wrote it. It is kept in parts no larger than a tabletop stores (LIMITS.keyChars), so that a
// game of any length stays readable by every client, and so that a compaction rewrites only what
// changed:
//
//   head            `{v: 2, scene, gen, by, covers, lamport, gm, state: [part refs]}`: small, signed by
//                   the game master's record (./records.ts) through its digest;
//   state.<i>       the game but the old part of each log, packed, in pieces: each system's settings,
//                   cursor, length, the list of its sealed segments, and the events after them (the
//                   tail, at least LIMITS.tailEvents before the cursor); the bindings, seats, openings;
//   <system>.<k>.<i> segment k of a system's log (events k·S … (k+1)·S − 1, S = LIMITS.segmentEvents),
//                   packed, in pieces: sealed once the cursor stands past it, and never written again
//                   while the log keeps those events.
//
// Every part is named by its digest in the part that lists it, so one check of the head's digest
// vouches for the whole checkpoint. A reader unpacks each sealed segment once (its events are kept
// for the next checkpoint), and the writer packs each one once.
import { visibilitySchema } from '../board/visibility-schema';
import * as v from 'valibot';
import { canonicalJson } from '../game/json';
import { DESCRIPTORS, SYSTEM_IDS, isSystemId, type SystemId } from '../rules';
import { loadStore, readBinding } from '../store/load';
import { freshRoot, type StoreRoot } from '../store/root';
import { LIMITS, type Codec, type TableGame } from './model';
import { issueText } from './ops';
import { openedSystems } from './play';
import { digestText } from './records';
import { PUBLIC_KEY, SIGNATURE } from './signing';

/** A part of the checkpoint, by name, with the digest of its value. */
export interface PartRef {
  readonly key: string;
  readonly h: string;
}

export interface Head {
  readonly v: 2;
  /** The scene this checkpoint is of (the table's own id for it). */
  readonly scene: string;
  /** Counts compactions. */
  readonly gen: number;
  /** The compacting client's writer. */
  readonly by: string;
  /** Writer → the last seq played into the game. */
  readonly covers: Readonly<Record<string, number>>;
  /** The highest clock played into the game. */
  readonly lamport: number;
  /** Writer → the last seq up to which its ops carried a game master's authority (read again after he hands the role over). */
  readonly gm: Readonly<Record<string, number>>;
  /** The state's pieces, in order. */
  readonly state: readonly PartRef[];
  /**
   * Keys the game master said are not the player's their pages name (asked about pages of a gone
   * connection no one here could prove): pages they sign are no one's, for every client, also one that
   * played them while a record proved the key (absent: none).
   */
  readonly left?: readonly string[];
  /**
   * Writers gone from the table its compactor forgot (no longer in `covers`: all of them was in, and
   * their keys emptied a while before), with how far they were covered, the newest kept: a browser that
   * kept pages of one of its earlier connections writes back nothing the checkpoint once held, and all
   * its line never held. Written on every checkpoint of a line started since it was introduced (absent:
   * a line started before, which cannot say).
   */
  readonly forgot?: Readonly<Record<string, number>>;
  /** The signing game master's public key, and his signature of the rest of the head (./signing.ts): absent only on checkpoints written before signing. */
  readonly key?: string;
  readonly sig?: string;
}

const name = v.pipe(v.string(), v.regex(/^[a-z0-9.-]{1,40}$/));
const hash = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/));
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const writerMap = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(LIMITS.id + 16)), count),
  v.check((r) => Object.keys(r).length <= 1000, 'too many writers'),
);
const refs = v.pipe(v.array(v.strictObject({ key: name, h: hash })), v.maxLength(LIMITS.parts));

export const headSchema = v.strictObject({
  v: v.literal(2),
  scene: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  gen: count,
  by: v.pipe(v.string(), v.maxLength(LIMITS.id + 16)),
  covers: writerMap,
  lamport: count,
  gm: writerMap,
  state: v.pipe(refs, v.minLength(1)),
  left: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(PUBLIC_KEY))), v.maxLength(LIMITS.leftKeys))),
  forgot: v.optional(
    v.pipe(
      writerMap,
      v.check((r) => Object.keys(r).length <= LIMITS.forgotWriters, 'too many writers forgotten'),
    ),
  ),
  key: v.optional(v.pipe(v.string(), v.regex(PUBLIC_KEY))),
  sig: v.optional(v.pipe(v.string(), v.regex(SIGNATURE))),
});

/** The head as the keys hold it, or why it is not one; `null`: none. */
export function readHead(raw: unknown): { head: Head | null; problem: string | null } {
  if (raw === undefined || raw === null) return { head: null, problem: null };
  const parsed = v.safeParse(headSchema, raw);
  return parsed.success ? { head: parsed.output, problem: null } : { head: null, problem: issueText(parsed.issues) };
}

const segmentSchema = v.strictObject({
  from: count,
  n: v.pipe(count, v.minValue(1), v.maxValue(LIMITS.segmentEvents)),
  pieces: v.pipe(refs, v.minLength(1), v.maxLength(16)),
});
const gameStateSchema = v.strictObject({
  config: v.unknown(),
  cursor: count,
  length: count,
  segments: v.pipe(v.array(segmentSchema), v.maxLength(LIMITS.parts)),
  tail: v.pipe(v.array(v.unknown()), v.maxLength(LIMITS.segmentEvents * 4)),
});
const seatsSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.id)),
    v.strictObject({
      name: v.pipe(v.string(), v.maxLength(200)),
      seats: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15))), v.maxLength(16)),
    }),
  ),
  v.check((r) => Object.keys(r).length <= 100, 'too many players'),
);
const openedSchema = v.pipe(
  v.record(v.pipe(v.string(), v.startsWith('sealed:'), v.maxLength(100)), v.pipe(v.string(), v.maxLength(LIMITS.id))),
  v.check((r) => Object.keys(r).length <= 10_000, 'too many opened values'),
);
const stateSchema = v.strictObject({
  v: v.literal(2),
  activeSystem: v.picklist(SYSTEM_IDS),
  games: v.pipe(
    v.record(v.string(), v.unknown()),
    v.check((r) => Object.keys(r).length <= 32, 'too many games'),
  ),
  bindings: v.pipe(
    v.record(v.string(), v.unknown()),
    v.check((r) => Object.keys(r).length <= 32, 'too many bindings'),
  ),
  seats: seatsSchema,
  opened: openedSchema,
  visibility: v.optional(visibilitySchema),
});

/** A packed text in pieces no larger than a key holds. */
const PIECE = LIMITS.keyChars - 100;
const split = (packed: string): string[] => {
  const out: string[] = [];
  for (let i = 0; i < packed.length; i += PIECE) out.push(packed.slice(i, i + PIECE));
  return out.length ? out : [''];
};

/** What a reader could make of a checkpoint. `missing`: a part is not (yet) in the keys as the head lists it. */
export type CheckpointRead =
  | {
      readonly ok: true;
      readonly game: TableGame;
      readonly notices: readonly string[];
      readonly parts: ReadonlyMap<string, string>;
    }
  | { readonly ok: false; readonly missing: boolean; readonly problem: string };

/** Each system's game as the rules would read it, before its log is replayed (./view.ts replays it). */
type Games = Record<string, { config: unknown; log: { events: unknown[]; cursor: number } }>;

/**
 * Reads checkpoints into games, keeping each sealed segment's events (unpacked and checked once) for
 * the next checkpoint, which lists the same segments.
 */
export class CheckpointReader {
  private segments = new Map<string, readonly unknown[]>();
  /**
   * The events of each system's last tail as read (their text and the checked object, from absolute
   * index `from`): the next checkpoint's tail, and a segment sealed from it, reuse the same objects,
   * so that the rules' states kept for them stand and only what is new is checked and replayed.
   */
  private tails = new Map<SystemId, { from: number; texts: string[]; events: unknown[] }>();
  private readonly configs = new Map<SystemId, { text: string; config: unknown }>();

  constructor(private readonly codec: Codec) {}

  /** The events of a segment already read, by its pieces' digests (the writer seals from them). */
  known(pieces: readonly PartRef[]): readonly unknown[] | undefined {
    return this.segments.get(pieces.map((p) => p.h).join(','));
  }

  /** The game a head lists, its parts taken from `get` (a part's value by its name). */
  async read(head: Head, get: (part: string) => unknown): Promise<CheckpointRead> {
    const parts = new Map<string, string>();
    const take = (p: PartRef): string | null => {
      const value = get(p.key);
      if (typeof value !== 'string' || digestText(value) !== p.h) return null;
      parts.set(p.key, value);
      return value;
    };
    let stateText = '';
    for (const p of head.state) {
      const value = take(p);
      if (value === null)
        return { ok: false, missing: true, problem: `part ${p.key} is not the one the checkpoint lists` };
      stateText += value;
    }
    const state = await this.unpackJson(stateText);
    if (!state.ok) return { ok: false, missing: false, problem: `state: ${state.problem}` };
    const doc = v.safeParse(stateSchema, state.value);
    if (!doc.success) return { ok: false, missing: false, problem: `state: ${issueText(doc.issues)}` };
    const notices: string[] = [];
    const games: Games = {};
    const used = new Map<string, readonly unknown[]>();
    for (const [id, raw] of Object.entries(doc.output.games)) {
      if (!isSystemId(id)) {
        notices.push(`${id.slice(0, 40)}: not a rule system this version knows`);
        continue;
      }
      const one = await this.readGame(id, raw, take, used);
      if ('missing' in one) return { ok: false, missing: true, problem: one.missing };
      if ('problem' in one) notices.push(`${id}: ${one.problem}`);
      else games[id] = one.game;
    }
    const bindings: Record<string, unknown> = {};
    for (const [id, raw] of Object.entries(doc.output.bindings)) {
      const binding = isSystemId(id) ? readBinding(raw) : null;
      if (binding) bindings[id] = binding;
      else notices.push(`${id.slice(0, 40)}: its links to the board could not be read`);
    }
    this.segments = used;
    const root: StoreRoot = {
      ...freshRoot(),
      activeSystem: doc.output.activeSystem,
      games: games as StoreRoot['games'],
      bindings: bindings as StoreRoot['bindings'],
    };
    return {
      ok: true,
      game: {
        root,
        seats: doc.output.seats,
        opened: doc.output.opened,
        ...(doc.output.visibility ? { visibility: doc.output.visibility } : {}),
      },
      notices,
      parts,
    };
  }

  private async readGame(
    id: SystemId,
    raw: unknown,
    take: (part: PartRef) => string | null,
    used: Map<string, readonly unknown[]>,
  ): Promise<{ game: Games[string] } | { problem: string } | { missing: string }> {
    const shape = v.safeParse(gameStateSchema, raw);
    if (!shape.success) return { problem: issueText(shape.issues) };
    const s = shape.output;
    const rules = DESCRIPTORS[id].rules;
    // The same settings object as last time when they did not change (the rules' states are kept by it).
    const configText = JSON.stringify(s.config);
    const kept = this.configs.get(id);
    const config =
      kept && kept.text === configText ? { ok: true as const, value: kept.config } : rules.parseConfig(s.config);
    if (!config.ok) return { problem: `settings: ${config.error.params?.path}: ${config.error.params?.problem}` };
    this.configs.set(id, { text: configText, config: config.value });
    const events: unknown[] = [];
    for (const segment of s.segments) {
      if (segment.from !== events.length)
        return { problem: `a segment starts at ${segment.from}, after ${events.length} events` };
      const key = segment.pieces.map((p) => p.h).join(',');
      let text = '';
      for (const p of segment.pieces) {
        const value = take(p);
        if (value === null) return { missing: `part ${p.key} is not the one the checkpoint lists` };
        text += value;
      }
      let list = this.segments.get(key) ?? used.get(key);
      if (!list) {
        const unpacked = await this.unpackJson(text);
        if (!unpacked.ok || !Array.isArray(unpacked.value) || unpacked.value.length !== segment.n)
          return { problem: `segment ${segment.from}: not ${segment.n} events` };
        const parsed = this.events(id, unpacked.value, segment.from);
        if (typeof parsed === 'string') return { problem: parsed };
        list = parsed;
      }
      used.set(key, list);
      for (const e of list) events.push(e);
    }
    const tail = this.events(id, s.tail, events.length);
    if (typeof tail === 'string') return { problem: tail };
    this.tails.set(id, { from: events.length, texts: s.tail.map((e) => JSON.stringify(e)), events: tail });
    for (const e of tail) events.push(e);
    if (events.length !== s.length) return { problem: `${events.length} events where ${s.length} were listed` };
    if (s.cursor > events.length) return { problem: `cursor ${s.cursor} past its ${events.length} events` };
    return { game: { config: config.value, log: { events, cursor: s.cursor } } };
  }

  /** Events from absolute index `from`, each checked by its system's schema, or the very object read last time when it is the same event. */
  private events(id: SystemId, list: readonly unknown[], from: number): unknown[] | string {
    const last = this.tails.get(id);
    const out: unknown[] = [];
    for (let i = 0; i < list.length; i++) {
      const at = from + i - (last?.from ?? 0);
      if (last && at >= 0 && at < last.texts.length && last.texts[at] === JSON.stringify(list[i])) {
        out.push(last.events[at]);
        continue;
      }
      const one = parseEvents(id, [list[i]], from + i);
      if (typeof one === 'string') return one;
      out.push(one[0]);
    }
    return out;
  }

  private async unpackJson(text: string): Promise<{ ok: true; value: unknown } | { ok: false; problem: string }> {
    try {
      return { ok: true, value: JSON.parse(await this.codec.unpack(text, LIMITS.partChars)) };
    } catch (error) {
      return { ok: false, problem: String((error as Error)?.message ?? error).slice(0, 200) };
    }
  }
}

/** A segment's or a tail's events, each checked by its system's schema, or what is wrong with the first that is not. */
function parseEvents(id: SystemId, list: readonly unknown[], from: number): unknown[] | string {
  const rules = DESCRIPTORS[id].rules;
  const out: unknown[] = [];
  for (let i = 0; i < list.length; i++) {
    const event = rules.parseEvent(list[i]);
    if (!event.ok) return `event ${from + i + 1}: ${event.error.params?.path}: ${event.error.params?.problem}`;
    out.push(event.value);
  }
  return out;
}

/** A checkpoint as written: its head, and every part's value by name. */
export interface Written {
  readonly head: Head;
  readonly parts: ReadonlyMap<string, string>;
}

interface Sealed {
  readonly events: readonly unknown[];
  readonly json: string;
  readonly pieces: readonly { readonly key: string; readonly h: string; readonly value: string }[];
}

/**
 * Writes checkpoints: the game cut into its sealed segments (packed once each, kept while the log
 * keeps their events) and its state (packed each time: what changed since the last checkpoint).
 */
export class CheckpointWriter {
  private readonly sealed = new Map<string, Sealed>();

  constructor(private readonly codec: Codec) {}

  /**
   * Takes on a checkpoint someone else wrote (the compacting client changed): its sealed segments,
   * as `reader` unpacked them, are kept as they are written, so that the next checkpoint reuses them.
   */
  async adopt(written: Written, reader: CheckpointReader): Promise<void> {
    const state = await stateOf(written.head, (p) => written.parts.get(p), this.codec);
    const doc = v.safeParse(stateSchema, state);
    if (!doc.success) return;
    for (const [id, raw] of Object.entries(doc.output.games)) {
      const s = v.safeParse(gameStateSchema, raw);
      if (!s.success) continue;
      for (const segment of s.output.segments) {
        const events = reader.known(segment.pieces);
        const values = segment.pieces.map((p) => written.parts.get(p.key));
        if (!events || values.some((x) => typeof x !== 'string') || segment.from % LIMITS.segmentEvents) continue;
        this.sealed.set(`${id}.${segment.from / LIMITS.segmentEvents}`, {
          events,
          json: JSON.stringify(events),
          pieces: segment.pieces.map((p, i) => ({ key: p.key, h: p.h, value: values[i] as string })),
        });
      }
    }
  }

  async write(game: TableGame, meta: Omit<Head, 'v' | 'state' | 'sig'>): Promise<Written> {
    const parts = new Map<string, string>();
    const games: Record<string, unknown> = {};
    const S = LIMITS.segmentEvents;
    const keep = new Set<string>();
    for (const id of SYSTEM_IDS) {
      const stored = game.root.games[id];
      if (!stored) continue;
      const { events, cursor } = stored.log;
      const segments: { from: number; n: number; pieces: PartRef[] }[] = [];
      for (let k = 0; (k + 1) * S <= events.length; k++) {
        const slot = `${id}.${k}`;
        const before = this.sealed.get(slot);
        // Sealed once the cursor stands a tail past it; kept sealed while the log keeps its events.
        let seal = before && sameEvents(before, events, k * S) ? before : null;
        if (!seal && (k + 1) * S > cursor - LIMITS.tailEvents) break;
        if (!seal) {
          const slice = events.slice(k * S, (k + 1) * S);
          const json = JSON.stringify(slice);
          seal =
            before && before.json === json
              ? { ...before, events: slice }
              : { events: slice, json, pieces: await this.pieces(`${id}.${k}`, json) };
        }
        this.sealed.set(slot, seal);
        keep.add(slot);
        segments.push({ from: k * S, n: S, pieces: seal.pieces.map((p) => ({ key: p.key, h: p.h })) });
        for (const p of seal.pieces) parts.set(p.key, p.value);
      }
      const sealedEnd = segments.length * S;
      games[id] = { config: stored.config, cursor, length: events.length, segments, tail: events.slice(sealedEnd) };
    }
    for (const slot of [...this.sealed.keys()]) if (!keep.has(slot)) this.sealed.delete(slot);
    const { activeSystem, bindings } = game.root;
    const state = JSON.stringify({
      v: 2,
      activeSystem,
      games,
      bindings,
      seats: game.seats,
      opened: game.opened,
      ...(game.visibility ? { visibility: game.visibility } : {}),
    });
    const stateParts = await this.pieces('state', state);
    for (const p of stateParts) parts.set(p.key, p.value);
    const head: Head = { v: 2, ...meta, state: stateParts.map((p) => ({ key: p.key, h: p.h })) };
    return { head, parts };
  }

  private async pieces(prefix: string, json: string): Promise<{ key: string; h: string; value: string }[]> {
    return split(await this.codec.pack(json)).map((value, i) => ({
      key: `${prefix}.${i}`,
      h: digestText(value),
      value,
    }));
  }
}

/**
 * Whether a sealed segment still holds the log's events from `from`: the same objects (the usual case,
 * looked at in place: a long game's every compaction would otherwise copy its whole log), or the same JSON.
 */
function sameEvents(sealed: Sealed, events: readonly unknown[], from: number): boolean {
  const n = sealed.events.length;
  if (from + n > events.length) return false;
  let same = true;
  for (let i = 0; i < n && same; i++) same = sealed.events[i] === events[from + i];
  return same || sealed.json === JSON.stringify(events.slice(from, from + n));
}

/** The unpacked state of a head (for a writer taking the checkpoint on), or null. */
export async function stateOf(head: Head, get: (part: string) => unknown, codec: Codec): Promise<unknown> {
  let text = '';
  for (const p of head.state) {
    const value = get(p.key);
    if (typeof value !== 'string' || digestText(value) !== p.h) return null;
    text += value;
  }
  try {
    return JSON.parse(await codec.unpack(text, LIMITS.partChars));
  } catch {
    return null;
  }
}

/** The canonical text of a head: its digest is what game masters' records sign. */
export const headText = (head: Head): string => canonicalJson(head);

/** What a head's signature covers: the head without its signature (its key included, so that a signature cannot be moved to another key). */
export const signedText = (head: Head): string => {
  const { sig: _sig, ...rest } = head;
  return canonicalJson(rest);
};

/**
 * A checkpoint of an earlier version of Command Post (v1: the whole game packed under the head's key,
 * signed by nobody): read as found, checked as a stored game is.
 */
const legacyHeadSchema = v.strictObject({
  v: v.literal(1),
  gen: count,
  covers: writerMap,
  lamport: count,
  game: v.pipe(v.string(), v.maxLength(2_000_000)),
});
const legacyGameSchema = v.strictObject({
  v: v.literal(1),
  activeSystem: v.string(),
  games: v.record(v.string(), v.unknown()),
  bindings: v.record(v.string(), v.unknown()),
  seats: v.unknown(),
  opened: v.unknown(),
});

/** An earlier version's checkpoint, read as a stored game is (each system's log replayed by its rules), or null if `raw` is not one. */
export async function readLegacy(
  raw: unknown,
  codec: Codec,
): Promise<{ game: TableGame; covers: Readonly<Record<string, number>>; lamport: number; notices: string[] } | null> {
  const head = v.safeParse(legacyHeadSchema, raw);
  if (!head.success) return null;
  let json: unknown;
  try {
    json = JSON.parse(await codec.unpack(head.output.game, LIMITS.partChars));
  } catch {
    return null;
  }
  const packed = v.safeParse(legacyGameSchema, json);
  if (!packed.success) return null;
  const { activeSystem, games, bindings } = packed.output;
  const seats = v.safeParse(seatsSchema, packed.output.seats);
  const opened = v.safeParse(openedSchema, packed.output.opened ?? {});
  const openings = opened.success ? opened.output : {};
  const loaded = loadStore(
    { schemaVersion: 3, revision: 0, activeSystem, games, bindings, notices: [], recent: [] },
    new Date(0),
    openedSystems(() => openings),
  );
  const notices = loaded.root.notices.map((n) => ('detail' in n ? n.detail : n.kind));
  return {
    game: { root: { ...loaded.root, notices: [] }, seats: seats.success ? seats.output : {}, opened: openings },
    covers: head.output.covers,
    lamport: head.output.lamport,
    notices,
  };
}
