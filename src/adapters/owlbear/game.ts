// One game for the whole table, kept in an Owlbear scene's metadata (docs/owlbear.md, "One shared game").
//
// Owlbear's scene metadata is a set of keys any client may write; a write replaces whole keys (the
// update is spread over the current metadata — Owlbear's or the writer's own copy of it, which may be
// behind), with no compare-and-swap and no author. So no key is ever written by two writers:
//
// - each writer (the background page of one Owlbear connection: `<connectionId>.bg`) appends its
//   actions ("ops") to its own key, OPS_PREFIX + writer, numbered 1, 2, 3… (`seq`, no gap) and stamped
//   with a Lamport clock;
// - who wrote a key is the connection it names, and who that is — which player, game master or not —
//   is what Owlbear's party says (`OBR.party`, `OBR.player.getRole`), never what a key says of itself:
//   an op naming another author, a key of no connection at the table, a sequence number out of order
//   or a clock far above the table's are refused, counted, and said;
// - every client plays the same ops in the same order — the compacted game first, then every op not
//   in it, by (lamport, writer, seq) — through the store's own `applyRequest`, so all clients compute
//   the same game from the same metadata, and concurrent actions are all played (one the rules refuse
//   at its turn is refused for everyone, and its author is told);
// - the game master's background page compacts: it writes the game played so far under GAME_KEY with
//   the last seq of each writer it holds (`covers`), and writes it again whenever the scene's copy
//   differs from his; writers then drop those ops from their keys;
// - a writer keeps each op it wrote until it sees it covered, and writes its key again from what it
//   keeps, on a timer, whenever the scene's copy is behind or different: an op lost to any race (a key
//   overwritten by a stale copy, a write refused, a compaction undone) is written again, and nothing
//   another client put in its key is ever taken for its own.
//
// Nothing here trusts the metadata: every key, op and compacted game is checked, a bad one dropped
// alone and reported, and the rest played.
import * as v from 'valibot';
import { canonicalJson } from '../../game/json';
import { ok, refuse, type Result, type RuleError } from '../../game/result';
import { parseWith } from '../../game/validate';
import { SCENE_GAME_TYPES, type Request, type SceneRequest } from '../../messages';
import { DESCRIPTORS, SYSTEM_IDS, type SystemId } from '../../rules';
import type { AnyDescriptor } from '../../rules/descriptor';
import { gameOf, loadStore } from '../../store/load';
import { SEAL_PREFIX, isSealed } from '../../game/seal';
import { applyRequest, parseRequest, type Systems } from '../../store/requests';
import { freshRoot, type StoreNotice, type StoreRoot } from '../../store/root';
import { GameStates } from '../../store/states';
import { GAME_KEY, OPS_PREFIX } from './keys';

/** One action of one player, as its writer keeps it. */
export interface Op {
  /** 1, 2, 3… within its writer's key, with no gap. */
  readonly seq: number;
  /** Above the clock of every op its writer had seen (and never far above the compacted game's: `SCENE_LIMITS.clockAhead`). */
  readonly lamport: number;
  /** The player (Owlbear player id) who acted: the player of the key's connection, or the op is refused. */
  readonly by: string;
  /** What the op says of its author's role. Never trusted (Owlbear's party says who is game master): a false claim is refused. */
  readonly gm?: boolean;
  readonly request: SceneRequest;
}

/** A writer's key: its ops not compacted yet. `null` is an empty key (a key is emptied, never left to `undefined` to delete). */
export interface OpList {
  readonly v: 1;
  readonly ops: readonly Op[];
}

/** The compacted game (GAME_KEY): the game played from every op it covers. */
export interface Base {
  readonly v: 1;
  /** Counts compactions. */
  readonly gen: number;
  /** Writer → the last seq played into `game`. */
  readonly covers: Readonly<Record<string, number>>;
  /** The highest clock played into `game`. */
  readonly lamport: number;
  /** The SceneGame, packed (`Codec`). */
  readonly game: string;
}

/** Who may act for which side: player id → indexes into the system's sides, and the player's name as the game master saw it. */
export type Seats = Readonly<Record<string, { readonly name: string; readonly seats: readonly number[] }>>;

/**
 * The game of a scene: the store's root (games, bindings, the system shown), the table's seats, and
 * the sealed values their owners have opened (seal → value). The logs hold events as they were
 * shared, sealed values and all: the rules play them opened as far as `opened` goes.
 */
export interface SceneGame {
  readonly root: StoreRoot;
  readonly seats: Seats;
  readonly opened: Readonly<Record<string, string>>;
}

/** Packs the compacted game small (deflate + base64 in the pages; anything reversible in tests). */
export interface Codec {
  pack(text: string): Promise<string>;
  /** Refuses (throws) past `maxChars` of output: a forged key must not blow up a client. */
  unpack(packed: string, maxChars: number): Promise<string>;
  /** A commitment to a secret value: hex SHA-256 in the pages. */
  hash(text: string): Promise<string>;
}

/** Limits of what a scene holds (docs/owlbear.md gives the measured sizes). */
export const SCENE_LIMITS = {
  /** Ops a writer keeps before it must wait for a compaction. */
  opsPerWriter: 200,
  /** Compact once this many ops are not compacted, or once their JSON takes this many characters. */
  compactOps: 16,
  compactChars: 4000,
  /** A compacted game unpacked may not exceed this (a long game is ~100 times less). */
  gameChars: 4_000_000,
  /** A writer's key as JSON (200 ops of a few hundred characters each fit many times over). */
  keyChars: 400_000,
  /** Player and writer ids. */
  id: 64,
  /** Writers' keys read: the connections at the table come first, whatever else the scene holds. */
  writers: 64,
  /**
   * How far above the compacted game's clock an op's may be. An honest op's clock is at most one
   * above every op its writer saw, all of which wait to be compacted: at most `writers × opsPerWriter`
   * of them. A clock above that is no client's honest play.
   */
  clockAhead: 64 * 200,
} as const;

export const EMPTY_SCENE_GAME: SceneGame = { root: freshRoot(), seats: {}, opened: {} };

/** An Owlbear connection id as it appears in a writer key: only characters safe anywhere. */
export const connectionKey = (connectionId: string): string => connectionId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 48);

/** A writer's key name from its connection id and page. */
export const writerId = (connectionId: string, page: string): string => `${connectionKey(connectionId)}.${page.replace(/[^a-z]/g, '').slice(0, 12)}`;

/** The connection a writer key belongs to. */
export const connectionOf = (writer: string): string => writer.slice(0, writer.lastIndexOf('.'));

const WRITER = /^[A-Za-z0-9_-]{1,48}\.[a-z]{1,12}$/;

/** Who Owlbear says holds a connection: its player, and whether that player is a game master. */
export interface Author {
  readonly player: string;
  readonly gm: boolean;
}

/** The author of a connection's keys (connection key → Owlbear's word), or null: no connection at this table. */
export type WhoIs = (connection: string) => Author | null;

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(SCENE_LIMITS.id));
const count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

const opSchema = v.strictObject({ seq: count, lamport: count, by: id, gm: v.optional(v.boolean()), request: v.unknown() });
const opListSchema = v.strictObject({ v: v.literal(1), ops: v.pipe(v.array(v.unknown()), v.maxLength(SCENE_LIMITS.opsPerWriter)) });
const baseSchema = v.strictObject({
  v: v.literal(1),
  gen: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
  covers: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(SCENE_LIMITS.id + 16)), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER))),
    v.check((r) => Object.keys(r).length <= 1000, 'too many writers'),
  ),
  lamport: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
  game: v.pipe(v.string(), v.maxLength(2_000_000)),
});
const seatsSchema = v.pipe(
  v.record(id, v.strictObject({ name: v.pipe(v.string(), v.maxLength(200)), seats: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15))), v.maxLength(16)) })),
  v.check((r) => Object.keys(r).length <= 100, 'too many players'),
);
const packedGameSchema = v.strictObject({
  v: v.literal(1),
  activeSystem: v.string(),
  games: v.record(v.string(), v.unknown()),
  bindings: v.record(v.string(), v.unknown()),
  seats: v.unknown(),
  opened: v.unknown(),
});
const openedSchema = v.pipe(
  v.record(v.pipe(v.string(), v.startsWith(SEAL_PREFIX), v.maxLength(100)), v.pipe(v.string(), v.maxLength(SCENE_LIMITS.id))),
  v.check((r) => Object.keys(r).length <= 10_000, 'too many opened values'),
);
const sealedValues = v.pipe(
  v.array(v.strictObject({ seal: v.pipe(v.string(), v.maxLength(100)), salt: v.pipe(v.string(), v.maxLength(100)), value: v.pipe(v.string(), v.maxLength(SCENE_LIMITS.id)) })),
  v.minLength(1),
  v.maxLength(64),
);
const sceneOwnSchema = v.variant('type', [
  v.strictObject({ type: v.literal('scene/seats'), player: id, name: v.pipe(v.string(), v.maxLength(200)), seats: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15))), v.maxLength(16)) }),
  v.strictObject({ type: v.literal('scene/reveal'), values: sealedValues }),
]);

/** A request as an op holds it: a game request the worker would take (its events checked by their system), or the scene's own. */
export function parseSceneRequest(raw: unknown): Result<SceneRequest> {
  const type = (raw as { type?: unknown } | null)?.type;
  if (type === 'scene/seats' || type === 'scene/reveal') return parseWith(sceneOwnSchema, raw, 'bad-message');
  if (typeof type !== 'string' || !(SCENE_GAME_TYPES as readonly string[]).includes(type)) {
    return refuse('bad-message', { path: 'type', problem: `${String(type)} is not an action on a shared scene` });
  }
  if (typeof raw === 'object' && raw !== null && 'id' in raw) return refuse('bad-message', { path: 'id', problem: 'an action in a scene has no request id' });
  const parsed = parseRequest(raw);
  return parsed.ok ? ok(parsed.value as SceneRequest) : parsed;
}

/** A request from the popup (with its id) as an action on a scene, or why it is not one. */
export function toSceneRequest(request: Request): Result<SceneRequest> {
  if (!(SCENE_GAME_TYPES as readonly string[]).includes(request.type)) return refuse('owlbear-not-in-scene', { type: request.type });
  const { id: _id, ...rest } = request as Request & { id?: string };
  void _id;
  return ok(rest as SceneRequest);
}

/** An op with where it comes from. */
export interface PlacedOp extends Op {
  readonly writer: string;
  /** `<writer>:<seq>`, unique in the scene. */
  readonly id: string;
  /** Who Owlbear says wrote it: the player of the key's connection. */
  readonly author: Author;
}

/** Something in the metadata that was not played, said with the key it came from. */
export interface Dropped {
  readonly key: string;
  readonly problem: string;
  /** `unreadable`: malformed. `refused`: well-formed, but not its writer's to make (another author, no such connection, a sequence number or clock no honest client writes). */
  readonly kind: 'unreadable' | 'refused';
  /** A refusal at play (the rules or the seats): its error, worded where it is shown. */
  readonly error?: RuleError;
}

/** An op's place in its writer's run of sequence numbers, played or not, as it stands now (compaction covers only what stood still). */
export interface RunEntry {
  readonly seq: number;
  /** The op as the key holds it, as canonical JSON (keys sorted: a request read again may list its fields in another order). */
  readonly json: string;
}

/** The scene's metadata as read: the compacted game (still packed) and each writer's ops, checked. */
export interface SceneRead {
  readonly base: Base | null;
  /** Each writer at the table → its ops not compacted yet that may be played. */
  readonly writers: ReadonlyMap<string, readonly PlacedOp[]>;
  /** Each writer at the table → every op of its unbroken run after what is compacted (played, refused or unreadable). */
  readonly runs: ReadonlyMap<string, readonly RunEntry[]>;
  readonly dropped: readonly Dropped[];
  /** Keys of no connection at this table: never played (the game master's page clears them). */
  readonly strangers: readonly string[];
}

const issueText = (issues: readonly v.BaseIssue<unknown>[]): string => {
  const issue = issues[0]!;
  return `${issue.path?.map((p) => String(p.key)).join('.') || '(value)'}: ${issue.message}`;
};

/** Whether a key's value holds no op: emptied (`null`), deleted, or an empty list. */
export const isEmptyKey = (raw: unknown): boolean => raw === null || raw === undefined || (typeof raw === 'object' && Array.isArray((raw as { ops?: unknown }).ops) && (raw as { ops: unknown[] }).ops.length === 0 && (raw as { v?: unknown }).v === 1);

/**
 * Reads one writer's key, as the key of `author` (Owlbear's word for its connection) whose ops up to
 * `done` are compacted, on a table whose clock may not pass `ceiling`. A malformed op is dropped
 * alone; a malformed key entirely. An op naming another author, claiming a role Owlbear does not
 * give, out of its run of sequence numbers, or with a clock no honest client writes is refused.
 */
export function readOpList(writer: string, raw: unknown, author: Author, done = 0, ceiling = Number.MAX_SAFE_INTEGER): { ops: PlacedOp[]; run: RunEntry[]; dropped: Dropped[] } {
  const key = OPS_PREFIX + writer;
  const ops: PlacedOp[] = [];
  const run: RunEntry[] = [];
  const dropped: Dropped[] = [];
  if (isEmptyKey(raw)) return { ops, run, dropped };
  const list = v.safeParse(opListSchema, raw);
  if (!list.success) return { ops, run, dropped: [{ key, problem: issueText(list.issues), kind: 'unreadable' }] };
  if (JSON.stringify(raw).length > SCENE_LIMITS.keyChars) return { ops, run, dropped: [{ key, problem: `more than ${SCENE_LIMITS.keyChars} characters`, kind: 'unreadable' }] };
  let last = 0;
  let next = done + 1;
  let clock = 0;
  for (const [i, rawOp] of list.output.ops.entries()) {
    const op = v.safeParse(opSchema, rawOp);
    const at = `op ${i + 1}`;
    if (!op.success) {
      dropped.push({ key, problem: `${at}: ${issueText(op.issues)}`, kind: 'unreadable' });
      continue;
    }
    const o = op.output;
    if (o.seq <= last) {
      dropped.push({ key, problem: `${at}: seq ${o.seq} after ${last}`, kind: 'unreadable' });
      continue;
    }
    last = o.seq;
    if (o.seq <= done) continue; // compacted already
    if (o.seq !== next) {
      // No honest writer skips a number: whatever comes after a gap is not played.
      dropped.push({ key, problem: `${at} and after: seq ${o.seq} where ${next} was due`, kind: 'refused' });
      break;
    }
    next++;
    run.push({ seq: o.seq, json: canonicalJson(rawOp) });
    const refused = (problem: string) => dropped.push({ key, problem: `${at}: ${problem}`, kind: 'refused' });
    if (o.by !== author.player) {
      refused(`names ${o.by.slice(0, 64)} as its author; Owlbear says this key is ${author.player}'s`);
      continue;
    }
    if (o.gm === true && !author.gm) {
      refused('says its author is the game master; Owlbear says he is not');
      continue;
    }
    if (o.lamport > ceiling) {
      refused(`clock ${o.lamport} above the table's ${ceiling}`);
      continue;
    }
    if (o.lamport <= clock) {
      refused(`clock ${o.lamport} not above its writer's last (${clock})`);
      continue;
    }
    const request = parseSceneRequest(o.request);
    if (!request.ok) {
      dropped.push({ key, problem: `${at}: ${request.error.params?.path ?? ''}: ${request.error.params?.problem ?? request.error.code}`, kind: 'unreadable' });
      continue;
    }
    clock = o.lamport;
    ops.push({ seq: o.seq, lamport: o.lamport, by: o.by, request: request.value, writer, id: `${writer}:${o.seq}`, author });
  }
  return { ops, run, dropped };
}

/** The highest clock an op may carry on a table whose compacted game is `base`. */
export const clockCeiling = (base: Pick<Base, 'lamport'> | null): number => Math.min(Number.MAX_SAFE_INTEGER, (base?.lamport ?? 0) + SCENE_LIMITS.clockAhead);

/** Reads the compacted game of a scene's metadata (null: none), or why it could not. */
export function readBase(metadata: Readonly<Record<string, unknown>>): { base: Base | null; dropped: Dropped | null } {
  const raw = metadata[GAME_KEY];
  if (raw === undefined || raw === null) return { base: null, dropped: null };
  const parsed = v.safeParse(baseSchema, raw);
  return parsed.success ? { base: parsed.output, dropped: null } : { base: null, dropped: { key: GAME_KEY, problem: issueText(parsed.issues), kind: 'unreadable' } };
}

/** How many keys of no connection at the table are named one by one (the rest counted). */
const NAMED_STRANGERS = 8;

/**
 * Reads our keys out of a scene's metadata, each as the key of the connection it names (`who`), after
 * the compacted game `base` (by default the scene's own). Keys of connections at the table are read
 * first, so that a flood of other keys cannot push them out.
 */
export function readScene(metadata: Readonly<Record<string, unknown>>, who: WhoIs, base: Base | null = readBase(metadata).base): SceneRead {
  const dropped: Dropped[] = [];
  const own = readBase(metadata);
  if (own.dropped && base === own.base) dropped.push(own.dropped);
  const covers = base?.covers ?? {};
  const ceiling = clockCeiling(base);
  const writers = new Map<string, PlacedOp[]>();
  const runs = new Map<string, RunEntry[]>();
  const strangers: string[] = [];
  const known: [string, Author][] = [];
  let malformed = 0;
  for (const key of Object.keys(metadata)) {
    if (!key.startsWith(OPS_PREFIX) || isEmptyKey(metadata[key])) continue;
    const writer = key.slice(OPS_PREFIX.length);
    if (!WRITER.test(writer)) {
      if (malformed++ < NAMED_STRANGERS) dropped.push({ key: key.slice(0, 100), problem: 'not a writer key', kind: 'unreadable' });
      continue;
    }
    const author = who(connectionOf(writer));
    if (author) known.push([writer, author]);
    else strangers.push(key);
  }
  for (const [writer, author] of known) {
    const key = OPS_PREFIX + writer;
    if (writers.size >= SCENE_LIMITS.writers) {
      dropped.push({ key, problem: `more than ${SCENE_LIMITS.writers} writers`, kind: 'refused' });
      continue;
    }
    const read = readOpList(writer, metadata[key], author, covers[writer] ?? 0, ceiling);
    writers.set(writer, read.ops);
    runs.set(writer, read.run);
    dropped.push(...read.dropped);
  }
  for (const key of strangers.slice(0, NAMED_STRANGERS)) dropped.push({ key, problem: 'no connection at this table writes this key: not played', kind: 'refused' });
  if (strangers.length > NAMED_STRANGERS) dropped.push({ key: OPS_PREFIX + '…', problem: `${strangers.length - NAMED_STRANGERS} more keys of no connection at this table: not played`, kind: 'refused' });
  if (malformed > NAMED_STRANGERS) dropped.push({ key: OPS_PREFIX + '…', problem: `${malformed - NAMED_STRANGERS} more keys that are not writer keys`, kind: 'unreadable' });
  return { base, writers, runs, dropped, strangers };
}

/** The compacted game, unpacked and checked: a damaged game of one system is set aside alone (its notice says so). */
export async function unpackGame(base: Base, codec: Codec): Promise<Result<{ game: SceneGame; notices: StoreNotice[] }>> {
  let text: string;
  try {
    text = await codec.unpack(base.game, SCENE_LIMITS.gameChars);
  } catch (error) {
    return refuse('owlbear-game-unreadable', { detail: String((error as Error)?.message ?? error).slice(0, 200) });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('owlbear-game-unreadable', { detail: 'not JSON' });
  }
  const packed = v.safeParse(packedGameSchema, json);
  if (!packed.success) return refuse('owlbear-game-unreadable', { detail: issueText(packed.issues) });
  const { activeSystem, games, bindings } = packed.output;
  const seats = v.safeParse(seatsSchema, packed.output.seats);
  const opened = v.safeParse(openedSchema, packed.output.opened ?? {});
  const openings = opened.success ? opened.output : {};
  // The logs are checked as every client plays them: with the rules opened as far as the game says.
  const loaded = loadStore({ schemaVersion: 3, revision: 0, activeSystem, games, bindings, notices: [], recent: [] }, new Date(0), openedSystems(() => openings));
  const notices = [...loaded.root.notices];
  return ok({ game: { root: { ...loaded.root, notices: [] }, seats: seats.success ? seats.output : {}, opened: openings }, notices });
}

/** The compacted game as packed: the root's games and bindings, the seats. */
export function packGame(game: SceneGame, codec: Codec): Promise<string> {
  const { activeSystem, games, bindings } = game.root;
  return codec.pack(JSON.stringify({ v: 1, activeSystem, games, bindings, seats: game.seats, opened: game.opened }));
}

/** The order every client plays ops in. */
export const opOrder = (a: PlacedOp, b: PlacedOp): number => a.lamport - b.lamport || (a.writer < b.writer ? -1 : a.writer > b.writer ? 1 : 0) || a.seq - b.seq;

/** The ops not compacted yet, in play order. */
export function pending(read: Pick<SceneRead, 'writers'>, covers: Readonly<Record<string, number>>): PlacedOp[] {
  const out: PlacedOp[] = [];
  for (const [writer, ops] of read.writers) {
    const done = covers[writer] ?? 0;
    for (const op of ops) if (op.seq > done) out.push(op);
  }
  return out.sort(opOrder);
}

/** The side whose player makes `event`: the descriptor's own answer, else the event's `side` when it is one of the game's. */
export function actorOf(descriptor: AnyDescriptor, event: unknown, state: unknown): string | null {
  if (descriptor.actor) return descriptor.actor(event, state);
  const side = (event as { side?: unknown } | null)?.side;
  return typeof side === 'string' && descriptor.sides.includes(side) ? side : null;
}

/**
 * Whether the op's author may make it. Who the author is, and whether he is a game master, is what
 * Owlbear says of the key's connection (`PlacedOp.author`), never what the op says. A table nobody is
 * seated at is open to all (the extension works before the game master says anything); once someone
 * is seated, a player acts only for his sides (an action of either player needs a seat). Seating and
 * replacing a game are the game master's always; choosing the system once someone is seated.
 */
export function permitted(game: SceneGame, op: Pick<PlacedOp, 'author' | 'request'>, states: GameStates, systems: Systems = DESCRIPTORS): RuleError | null {
  const { request, author } = op;
  if (request.type === 'scene/seats' || request.type === 'game/replace') return author.gm ? null : { code: 'owlbear-gm-only' };
  if (request.type === 'scene/reveal') return null;
  if (author.gm || Object.keys(game.seats).length === 0) return null;
  const mine = game.seats[author.player]?.seats ?? [];
  if (request.type === 'store/select-system') return { code: 'owlbear-gm-only' };
  if (mine.length === 0) return { code: 'owlbear-not-seated' };
  if (request.type === 'board/link') return null;
  const descriptor: AnyDescriptor = systems[request.system];
  const stored = gameOf(game.root, request.system);
  const replayed = states.stateOf(request.system, descriptor.rules, stored);
  if (!replayed.ok) return null; // the rules will refuse it anyway
  const events =
    request.type === 'game/dispatch'
      ? [request.event]
      : request.type === 'game/batch'
        ? request.events
        : request.type === 'game/undo'
          ? stored.log.events.slice(Math.max(0, stored.log.cursor - 1), stored.log.cursor)
          : stored.log.events.slice(stored.log.cursor, stored.log.cursor + 1);
  for (const event of events) {
    const side = actorOf(descriptor, event, replayed.value);
    if (side === null) continue;
    if (!mine.includes(descriptor.sides.indexOf(side))) return { code: 'owlbear-not-your-side', params: { side } };
  }
  return null;
}

/**
 * The descriptors with each system's rules playing events opened as far as `opened()` knows: a sealed
 * value its owner opened is played as written; one not opened stays sealed (the rules take it so).
 */
export function openedSystems(opened: () => Readonly<Record<string, string>> | ReadonlyMap<string, string>): Systems {
  const out = {} as Record<SystemId, AnyDescriptor>;
  for (const id of SYSTEM_IDS) {
    const descriptor: AnyDescriptor = DESCRIPTORS[id];
    const secrets = descriptor.secrets;
    if (!secrets) {
      out[id] = descriptor;
      continue;
    }
    const open = (state: unknown, event: unknown): unknown => openEvent(descriptor, state, event, opened());
    out[id] = { ...descriptor, rules: { ...descriptor.rules, apply: (state: unknown, event: unknown) => descriptor.rules.apply(state, open(state, event)) } };
  }
  return out;
}

/** An event with its sealed values replaced by those `known` opens (the others stay sealed). */
export function openEvent(descriptor: AnyDescriptor, state: unknown, event: unknown, known: Readonly<Record<string, string>> | ReadonlyMap<string, string>): unknown {
  const secrets = descriptor.secrets;
  const s = secrets?.of(event, state);
  if (!secrets || !s || !s.values.some(isSealed)) return event;
  const get = (k: string) => (known instanceof Map ? known.get(k) : (known as Readonly<Record<string, string>>)[k]);
  let changed = false;
  const values = s.values.map((x) => {
    const value = isSealed(x) ? get(x) : undefined;
    if (value === undefined) return x;
    changed = true;
    return value;
  });
  return changed ? secrets.with(event, values) : event;
}

/** What playing the ops gave. */
export interface Played {
  readonly game: SceneGame;
  /** Op ids in the order they were played (refused ones included). */
  readonly order: readonly string[];
  /** Op id → why it was refused (the rules, or the seats). */
  readonly refused: ReadonlyMap<string, RuleError>;
  /** Sealed values the game has read and nobody has opened yet: their owner opens them. */
  readonly toOpen: ReadonlySet<string>;
  /** The highest clock seen. */
  readonly clock: number;
}

interface Step {
  readonly id: string;
  /** What the op was when played (the same id may come back with other contents, or another author's role). */
  readonly sig: string;
  readonly game: SceneGame;
  readonly refusal: RuleError | null;
  readonly toOpen: ReadonlySet<string>;
}

/** An op as played: its place, its contents and what Owlbear says of its author. */
const signature = (op: PlacedOp): string => `${op.id}|${op.lamport}|${op.author.player}|${op.author.gm}|${JSON.stringify(op.request)}`;

/**
 * Plays ops after a compacted game, every client the same way. Each step is kept, so that the next
 * play (one op more, the usual case) starts from the longest run of the same ops instead of from the
 * compacted game.
 */
export class OpPlayer {
  private start: SceneGame | null = null;
  private steps: Step[] = [];
  private readonly states = new GameStates();
  /** The openings the cached states were computed with. */
  private statesOpened: Readonly<Record<string, string>> | null = null;
  private opened: Readonly<Record<string, string>> = {};
  private readonly systems = openedSystems(() => this.opened);

  play(start: SceneGame, ops: readonly PlacedOp[]): Played {
    if (start !== this.start) {
      this.start = start;
      this.steps = [];
    }
    let shared = 0;
    const sigs = ops.map(signature);
    while (shared < ops.length && shared < this.steps.length && this.steps[shared]!.sig === sigs[shared]) shared++;
    this.steps.length = shared;
    let game = shared ? this.steps[shared - 1]!.game : start;
    let toOpen: ReadonlySet<string> = shared ? this.steps[shared - 1]!.toOpen : new Set<string>();
    for (let i = shared; i < ops.length; i++) {
      const op = ops[i]!;
      const result = this.one(game, op, toOpen);
      if (result.ok) ({ game, toOpen } = result.value);
      this.steps.push({ id: op.id, sig: sigs[i]!, game, refusal: result.ok ? null : result.error, toOpen });
    }
    const refused = new Map<string, RuleError>();
    for (const s of this.steps) if (s.refusal) refused.set(s.id, s.refusal);
    const clock = ops.reduce((m, o) => Math.max(m, o.lamport), 0);
    return { game, order: this.steps.map((s) => s.id), refused, toOpen, clock };
  }

  /** The game after the first `n` ops of the last play (what a compaction covering them writes). */
  after(n: number): SceneGame {
    return n <= 0 || this.steps.length === 0 ? (this.start ?? EMPTY_SCENE_GAME) : this.steps[Math.min(n, this.steps.length) - 1]!.game;
  }

  /** The rules as this game opens them: states kept between ops are dropped when the openings change. */
  private use(game: SceneGame): void {
    this.opened = game.opened;
    if (this.statesOpened !== game.opened) {
      this.states.clear();
      this.statesOpened = game.opened;
    }
  }

  private one(game: SceneGame, op: PlacedOp, toOpen: ReadonlySet<string>): Result<{ game: SceneGame; toOpen: ReadonlySet<string> }> {
    this.use(game);
    const denied = permitted(game, op, this.states, this.systems);
    if (denied) return { ok: false, error: denied };
    const request = op.request;
    if (request.type === 'scene/seats') {
      const seats = { ...game.seats };
      if (request.seats.length === 0) delete seats[request.player];
      else seats[request.player] = { name: request.name, seats: [...new Set(request.seats)].sort((a, b) => a - b) };
      return ok({ game: { ...game, seats }, toOpen });
    }
    if (request.type === 'scene/reveal') return this.reveal(game, request.values, toOpen);
    const system = request.system;
    const descriptor = this.systems[system];
    const before = descriptor.secrets ? this.states.stateOf(system, descriptor.rules, gameOf(game.root, system)) : null;
    const applied = applyRequest(game.root, request as Request, this.states, this.systems);
    if (!applied.ok) return applied;
    const root = { ...applied.value, recent: [] };
    if (!descriptor.secrets || !before?.ok) return ok({ game: { ...game, root }, toOpen });
    const after = this.states.stateOf(system, descriptor.rules, gameOf(root, system));
    let next = toOpen;
    if (after.ok) {
      for (const value of descriptor.secrets.read(before.value, after.value)) {
        if (isSealed(value) && !next.has(value)) next = new Set(next).add(value);
      }
    }
    return ok({ game: { ...game, root }, toOpen: next });
  }

  /**
   * Opened values (their commitments were checked when the metadata was read): every game is played
   * again with them, and an opening the rules refuse (a roster that was never valid) is refused whole.
   */
  private reveal(game: SceneGame, values: readonly { seal: string; value: string }[], toOpen: ReadonlySet<string>): Result<{ game: SceneGame; toOpen: ReadonlySet<string> }> {
    const fresh = values.filter((x) => game.opened[x.seal] === undefined);
    if (fresh.length === 0) return ok({ game, toOpen });
    const opened = { ...game.opened };
    for (const x of fresh) opened[x.seal] = x.value;
    const next = { ...game, opened };
    this.use(next);
    for (const id of SYSTEM_IDS) {
      const descriptor = this.systems[id];
      if (!descriptor.secrets || !game.root.games[id]) continue;
      const replayed = this.states.stateOf(id, descriptor.rules, gameOf(game.root, id));
      if (!replayed.ok) {
        this.use(game);
        return refuse('owlbear-opening-refused', { code: replayed.error.params?.code ?? replayed.error.code });
      }
    }
    const left = new Set([...toOpen].filter((s) => opened[s] === undefined));
    return ok({ game: next, toOpen: left });
  }
}
