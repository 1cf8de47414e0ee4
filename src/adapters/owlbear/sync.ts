// One client's part in a scene's shared game (./game.ts explains the design): it reads the scene's
// metadata, plays it, writes its own actions to its own key, keeps them until they are compacted, and
// (on the client chosen for it) compacts. No SDK here: the page hands it the metadata and writes what
// it returns with OBR.scene.setMetadata, one call per change.
import { ok, refuse, type Result, type RuleError } from '../../game/result';
import { SEAL_PREFIX, isSealed } from '../../game/seal';
import type { Request } from '../../messages';
import type { SceneRequest } from '../../messages';
import { DESCRIPTORS, SYSTEM_IDS } from '../../rules';
import type { AnyDescriptor } from '../../rules/descriptor';
import { gameOf } from '../../store/load';
import { applyRequest } from '../../store/requests';
import type { StoreRoot } from '../../store/root';
import { GameStates } from '../../store/states';
import {
  EMPTY_SCENE_GAME,
  OpPlayer,
  SCENE_LIMITS,
  connectionOf,
  openEvent,
  packGame,
  pending,
  readScene,
  unpackGame,
  type Base,
  type Codec,
  type Dropped,
  type Op,
  type OpList,
  type PlacedOp,
  type Played,
  type SceneGame,
  type SceneRead,
} from './game';
import { GAME_KEY, OPS_PREFIX, opsKey } from './keys';

/** Who this client writes as. */
export interface Identity {
  /** This page's writer id (./game.ts `writerId`): its own key. */
  readonly writer: string;
  /** The Owlbear player id. */
  readonly player: string;
  readonly gm: boolean;
}

/** This client's own secret values (seal → salt and value), kept where only it can read them (localStorage). */
export interface SecretKeeper {
  get(seal: string): { readonly salt: string; readonly value: string } | undefined;
  put(seal: string, salt: string, value: string): void;
  /** Every seal this client holds, with its value. */
  values(): ReadonlyMap<string, string>;
}

export class MemorySecrets implements SecretKeeper {
  private readonly map = new Map<string, { salt: string; value: string }>();
  get(seal: string) {
    return this.map.get(seal);
  }
  put(seal: string, salt: string, value: string) {
    this.map.set(seal, { salt, value });
  }
  values() {
    return new Map([...this.map].map(([k, v]) => [k, v.value]));
  }
}

/** What the scene's game is for this client now. */
export interface SceneState {
  /** The game every client plays (sealed values sealed, but as their owners opened them). */
  readonly game: SceneGame;
  /** The store's root as this client shows it: its own sealed values opened too. */
  readonly root: StoreRoot;
  /** This connection's ops the table refused (a concurrent action came first), in play order. */
  readonly refused: readonly { readonly id: string; readonly request: SceneRequest; readonly error: RuleError }[];
  /** What in the metadata could not be read. */
  readonly dropped: readonly Dropped[];
  /** Sealed values read by the game and held by this client: to open. */
  readonly toOpen: readonly string[];
  /** Notices from a damaged compacted game (a system's game set aside). */
  readonly damaged: readonly string[];
  /** Ops not compacted yet, and their size as JSON. */
  readonly pendingOps: number;
  readonly pendingChars: number;
}

const json = (x: unknown): string => (x === undefined ? 'undefined' : JSON.stringify(x));

/** Commitment of a secret value: the seal prefix and the first 128 bits of SHA-256(salt|value) (hex, as the codec gives it), in base 36. */
export async function sealOf(codec: Codec, salt: string, value: string): Promise<string> {
  const hex = (await codec.hash(`${salt}|${value}`)).slice(0, 32);
  return `${SEAL_PREFIX}${BigInt(`0x${hex}`).toString(36)}`;
}

export class SceneSync {
  private read: SceneRead = { base: null, writers: new Map(), dropped: [] };
  private raw: Readonly<Record<string, unknown>> = {};
  private base: Base | null = null;
  private start: SceneGame = EMPTY_SCENE_GAME;
  private damaged: string[] = [];
  private baseError: string | null = null;
  /** This writer's ops not seen compacted, and those seen compacted lately (written again should a compaction be undone). */
  private mine: Op[] = [];
  private covered: Op[] = [];
  private seq = 0;
  private clock = 0;
  private readonly player = new OpPlayer();
  private played: Played | null = null;
  private viewCache: { game: SceneGame; own: string; root: StoreRoot } | null = null;
  private revision = 0;
  private lastWrite: { json: string; at: number } | null = null;
  /** Each game's state as this player sees it, kept between his actions (./store/states.ts). */
  private readonly viewStates = new GameStates();
  /** Openings checked against their commitment: `seal|salt|value` → true (matches) / false. */
  private readonly checked = new Map<string, boolean>();

  constructor(
    private readonly codec: Codec,
    private me: Identity,
    private readonly secrets: SecretKeeper = new MemorySecrets(),
    private readonly random: () => string = () => Math.random().toString(36).slice(2),
    private readonly now: () => number = () => Date.now(),
  ) {}

  get identity(): Identity {
    return this.me;
  }

  /** The player's role changed (the game master made him one, or not). */
  setRole(gm: boolean): void {
    this.me = { ...this.me, gm };
  }

  get key(): string {
    return opsKey(this.me.writer);
  }

  /** Reads the scene's metadata: our keys only, each checked; the compacted game unpacked once per version. */
  async receive(metadata: Readonly<Record<string, unknown>>): Promise<void> {
    this.raw = metadata;
    const read = readScene(metadata);
    const dropped = [...read.dropped];
    // Openings are checked against their commitments before anyone plays them.
    const writers = new Map<string, PlacedOp[]>();
    for (const [writer, ops] of read.writers) {
      const kept: PlacedOp[] = [];
      for (const op of ops) {
        if (op.request.type === 'scene/reveal' && !(await this.opens(op.request.values))) {
          dropped.push({ key: OPS_PREFIX + writer, problem: `op ${op.seq}: an opened value does not match its seal` });
          continue;
        }
        kept.push(op);
      }
      writers.set(writer, kept);
    }
    this.read = { base: read.base, writers, dropped };
    if (read.base?.game !== this.base?.game || (read.base === null) !== (this.base === null)) {
      this.base = read.base;
      this.damaged = [];
      this.baseError = null;
      if (read.base) {
        const unpacked = await unpackGame(read.base, this.codec);
        if (unpacked.ok) {
          this.start = unpacked.value.game;
          this.damaged = unpacked.value.notices.map((n) => ('detail' in n ? n.detail : n.kind));
        } else {
          // A compacted game that cannot be read: played from nothing, and said; the ops stay.
          this.start = EMPTY_SCENE_GAME;
          this.baseError = String(unpacked.error.params?.detail ?? unpacked.error.code);
        }
      } else this.start = EMPTY_SCENE_GAME;
    } else this.base = read.base;
    // Our own key: what we wrote wins over what the metadata says (a write of ours not echoed yet).
    const covers = this.base?.covers ?? {};
    const done = covers[this.me.writer] ?? 0;
    const inKey = this.read.writers.get(this.me.writer) ?? [];
    for (const op of inKey) if (op.seq > this.seq) this.seq = op.seq; // a reload of this page: go on from there
    for (const op of inKey) if (!this.mine.some((m) => m.seq === op.seq) && op.seq > done) this.mine.push(stripPlace(op));
    this.mine.sort((a, b) => a.seq - b.seq);
    this.seq = Math.max(this.seq, done);
    // Ops now compacted move to `covered`; covered ones a newer compaction no longer covers come back.
    const back = this.covered.filter((op) => op.seq > done);
    this.covered = [...this.covered.filter((op) => op.seq <= done), ...this.mine.filter((op) => op.seq <= done)].slice(-SCENE_LIMITS.opsPerWriter);
    this.mine = [...back, ...this.mine.filter((op) => op.seq > done)].sort((a, b) => a.seq - b.seq);
    this.replay();
  }

  /** Whether each opened value matches its seal. */
  private async opens(values: readonly { seal: string; salt: string; value: string }[]): Promise<boolean> {
    for (const x of values) {
      const key = `${x.seal}|${x.salt}|${x.value}`;
      let good = this.checked.get(key);
      if (good === undefined) {
        good = (await sealOf(this.codec, x.salt, x.value)) === x.seal;
        this.checked.set(key, good);
      }
      if (!good) return false;
    }
    return true;
  }

  private placed(): PlacedOp[] {
    const writers = new Map(this.read.writers);
    writers.set(
      this.me.writer,
      this.mine.map((op) => ({ ...op, writer: this.me.writer, id: `${this.me.writer}:${op.seq}` })),
    );
    return pending({ writers }, this.base?.covers ?? {});
  }

  private replay(): void {
    const ops = this.placed();
    this.played = this.player.play(this.start, ops);
    this.clock = Math.max(this.clock, this.played.clock, this.base?.lamport ?? 0);
    this.revision++;
  }

  /** The scene's game for this client. */
  get state(): SceneState {
    const played = this.played ?? this.player.play(this.start, []);
    const ops = this.placed();
    const own = this.secrets.values();
    // This connection's ops (its background page's and its popover's) that the table refused.
    const here = connectionOf(this.me.writer);
    const refused = ops.filter((op) => connectionOf(op.writer) === here && played.refused.has(op.id)).map((op) => ({ id: op.id, request: op.request, error: played.refused.get(op.id)! }));
    return {
      game: played.game,
      root: this.viewRoot(played.game, own),
      refused,
      dropped: this.baseError ? [...this.read.dropped, { key: GAME_KEY, problem: this.baseError }] : this.read.dropped,
      toOpen: [...played.toOpen].filter((seal) => own.has(seal)),
      damaged: this.damaged,
      pendingOps: ops.length,
      pendingChars: ops.reduce((n, op) => n + JSON.stringify(op.request).length + 40, 0),
    };
  }

  /** The root as this client shows it: its own sealed values opened, with a revision that only grows. */
  private viewRoot(game: SceneGame, own: ReadonlyMap<string, string>): StoreRoot {
    const ownKey = [...own.keys()].join(',');
    if (this.viewCache && this.viewCache.game === game && this.viewCache.own === ownKey) return { ...this.viewCache.root, revision: this.revision };
    const known = new Map([...Object.entries(game.opened), ...own]);
    const games = { ...game.root.games } as Record<string, { config: unknown; log: { events: readonly unknown[]; cursor: number } }>;
    for (const id of SYSTEM_IDS) {
      const descriptor: AnyDescriptor = DESCRIPTORS[id];
      const stored = games[id];
      if (!descriptor.secrets || !stored) continue;
      games[id] = { ...stored, log: { ...stored.log, events: stored.log.events.map((e) => openEvent(descriptor, undefined, e, known)) } };
    }
    const root: StoreRoot = { ...game.root, games: games as StoreRoot['games'], revision: this.revision, recent: [] };
    this.viewCache = { game, own: ownKey, root };
    return root;
  }

  /**
   * This client's action: checked as this player sees the game (his own secrets opened) and as the
   * table will play it (after everything this client has seen), then added to his key. Its secret
   * values are sealed first; only this client keeps what they were.
   */
  async submit(request: SceneRequest): Promise<Result<{ readonly id: string; readonly write: Record<string, unknown> }>> {
    const shared = await this.seal(request);
    if (!shared.ok) return shared;
    // As this player sees the game.
    if (request.type !== 'scene/seats' && request.type !== 'scene/reveal') {
      const seen = applyRequest(this.state.root, request as Request, this.viewStates);
      if (!seen.ok) return seen;
    }
    const op: Op = { seq: this.seq + 1, lamport: this.clock + 1, by: this.me.player, gm: this.me.gm, request: shared.value.request };
    if (this.mine.length >= SCENE_LIMITS.opsPerWriter) return refuse('owlbear-scene-full');
    this.mine.push(op);
    this.replay();
    const id = `${this.me.writer}:${op.seq}`;
    const refusal = this.played!.refused.get(id);
    if (refusal) {
      this.mine.pop();
      this.replay();
      return { ok: false, error: refusal };
    }
    this.seq = op.seq;
    this.clock = op.lamport;
    for (const s of shared.value.secrets) this.secrets.put(s.seal, s.salt, s.value);
    this.viewCache = null;
    return ok({ id, write: this.ownWrite(this.now()) });
  }

  /** Seals the secret values of a request's events (each with its own salt). */
  private async seal(request: SceneRequest): Promise<Result<{ request: SceneRequest; secrets: { seal: string; salt: string; value: string }[] }>> {
    if (request.type !== 'game/dispatch' && request.type !== 'game/batch' && request.type !== 'game/replace') return ok({ request, secrets: [] });
    const descriptor: AnyDescriptor = DESCRIPTORS[request.system];
    const secrets = descriptor.secrets;
    if (!secrets) return ok({ request, secrets: [] });
    const state = this.viewStates.stateOf(request.system, descriptor.rules, gameOf(this.state.root, request.system));
    const made: { seal: string; salt: string; value: string }[] = [];
    const sealOne = async (event: unknown): Promise<unknown> => {
      const s = secrets.of(event, state.ok ? state.value : undefined);
      if (!s) return event;
      const values: string[] = [];
      for (const value of s.values) {
        if (isSealed(value)) {
          values.push(value);
          continue;
        }
        const salt = this.random();
        const seal = await sealOf(this.codec, salt, value);
        made.push({ seal, salt, value });
        values.push(seal);
      }
      return secrets.with(event, values);
    };
    if (request.type === 'game/dispatch') return ok({ request: { ...request, event: await sealOne(request.event) } as SceneRequest, secrets: made });
    const events = [];
    for (const e of request.events) events.push(await sealOne(e));
    return ok({ request: { ...request, events } as SceneRequest, secrets: made });
  }

  /** The openings of sealed values this client holds and the game has read. */
  openings(): SceneRequest | null {
    const values = this.state.toOpen.map((seal) => ({ seal, ...this.secrets.get(seal)! })).filter((x) => x.salt !== undefined);
    return values.length ? { type: 'scene/reveal', values: values.map((x) => ({ seal: x.seal, salt: x.salt, value: x.value })) } : null;
  }

  /** This writer's key as it should be: its ops not compacted yet (none: the key is removed). */
  private ownValue(): OpList | undefined {
    return this.mine.length ? { v: 1, ops: this.mine } : undefined;
  }

  private ownWrite(now: number): Record<string, unknown> {
    const value = this.ownValue();
    this.lastWrite = { json: json(value), at: now };
    return { [this.key]: value };
  }

  /**
   * The write that keeps this writer's ops safe, if one is needed: its key differs from what it should
   * hold (ops compacted to drop, or ops lost to a race: overwritten, deleted, a compaction undone).
   * A write of ours not echoed yet is waited for `patience` ms.
   */
  heal(patience = 3000): Record<string, unknown> | null {
    const now = this.now();
    const want = json(this.ownValue());
    const have = json(this.raw[this.key]);
    if (want === have) return null;
    if (this.lastWrite && this.lastWrite.json === want && now - this.lastWrite.at < patience) return null;
    return this.ownWrite(now);
  }

  /** Whether enough ops wait to be compacted. */
  needsCompaction(live: ReadonlySet<string>): boolean {
    const s = this.state;
    if (s.pendingOps >= SCENE_LIMITS.compactOps || s.pendingChars >= SCENE_LIMITS.compactChars) return true;
    // Keys of writers gone for good, holding only compacted ops.
    const covers = this.base?.covers ?? {};
    for (const [writer, ops] of this.read.writers) {
      if (writer === this.me.writer || live.has(connectionOf(writer)) || this.unreadable(writer)) continue;
      if (ops.length > 0 && ops.every((op) => op.seq <= (covers[writer] ?? 0))) return true;
    }
    return false;
  }

  /**
   * The compaction: the game as played so far, with the last seq of each writer it holds. Keys of
   * writers whose connection is gone and whose ops are all in it are removed; a writer's entry in
   * `covers` is kept while its key or its connection is there.
   */
  async compact(live: ReadonlySet<string>): Promise<Record<string, unknown>> {
    const played = this.played ?? this.player.play(this.start, this.placed());
    const old = this.base?.covers ?? {};
    const covers: Record<string, number> = {};
    const write: Record<string, unknown> = {};
    const writers = new Map(this.read.writers);
    writers.set(this.me.writer, this.mine.map((op) => ({ ...op, writer: this.me.writer, id: `${this.me.writer}:${op.seq}` })));
    for (const [writer, ops] of writers) {
      const last = ops.reduce((m, op) => Math.max(m, op.seq), old[writer] ?? 0);
      covers[writer] = last;
      // A key is removed only when everything in it could be read and is in the compacted game:
      // what could not be read stays, said, for whoever wrote it to see.
      const gone = writer !== this.me.writer && !live.has(connectionOf(writer)) && !this.unreadable(writer);
      if (gone && this.raw[opsKey(writer)] !== undefined) write[opsKey(writer)] = undefined;
    }
    for (const [writer, seq] of Object.entries(old)) if (!(writer in covers) && live.has(connectionOf(writer))) covers[writer] = seq;
    const base: Base = { v: 1, gen: (this.base?.gen ?? 0) + 1, covers, lamport: Math.max(played.clock, this.base?.lamport ?? 0, this.clock), game: await packGame(withOpenedWritten(played.game), this.codec) };
    write[GAME_KEY] = base;
    return write;
  }

  /** Whether something in a writer's key could not be read (dropped). */
  private unreadable(writer: string): boolean {
    const key = opsKey(writer);
    return this.read.dropped.some((d) => d.key === key);
  }

  /** Bytes (JSON characters) our keys take in the scene's metadata. */
  static size(metadata: Readonly<Record<string, unknown>>): { game: number; ops: number; total: number } {
    let game = 0;
    let ops = 0;
    for (const [key, value] of Object.entries(metadata)) {
      if (value === undefined) continue;
      const n = key.length + JSON.stringify(value).length + 4;
      if (key === GAME_KEY) game += n;
      else if (key.startsWith(OPS_PREFIX)) ops += n;
    }
    return { game, ops, total: game + ops };
  }
}

/**
 * The game as compacted: each sealed value its owner has opened is written in place of its seal (the
 * events are played opened anyway), so that the compacted game keeps neither the seal nor the opening.
 * Values still sealed stay sealed.
 */
export function withOpenedWritten(game: SceneGame): SceneGame {
  if (Object.keys(game.opened).length === 0) return game;
  const games = { ...game.root.games } as Record<string, { config: unknown; log: { events: readonly unknown[]; cursor: number } }>;
  for (const id of SYSTEM_IDS) {
    const descriptor: AnyDescriptor = DESCRIPTORS[id];
    const stored = games[id];
    if (!descriptor.secrets || !stored) continue;
    games[id] = { ...stored, log: { ...stored.log, events: stored.log.events.map((e) => openEvent(descriptor, undefined, e, game.opened)) } };
  }
  return { ...game, root: { ...game.root, games: games as StoreRoot['games'] }, opened: {} };
}

const stripPlace = (op: PlacedOp): Op => ({ seq: op.seq, lamport: op.lamport, by: op.by, gm: op.gm, request: op.request });
