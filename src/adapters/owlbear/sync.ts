// One client's part in a scene's shared game (./game.ts explains the design): it reads the scene's
// metadata, plays it, writes its own actions to its own key and writes that key again until the
// scene's copy holds what it should, keeps its actions until they are compacted, and (on the game
// master's client) compacts and keeps the compacted game as it wrote it. No SDK here: the page hands
// it Owlbear's party and the metadata, writes what it returns with OBR.scene.setMetadata, and says
// how each write went.
import { canonicalJson } from '../../game/json';
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
  clockCeiling,
  connectionKey,
  connectionOf,
  isEmptyKey,
  openEvent,
  packGame,
  parseSceneRequest,
  pending,
  readBase,
  readOpList,
  readScene,
  unpackGame,
  type Author,
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
  /** Whether Owlbear says this player is a game master (`OBR.player.getRole`). */
  readonly gm: boolean;
}

/** Another connection in the room, as Owlbear's party gives it (`OBR.party.getPlayers`). */
export interface Member {
  readonly id: string;
  readonly connectionId: string;
  readonly role: 'GM' | 'PLAYER';
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

/** One of this writer's actions the scene's copy does not hold yet: written again until it does. */
export interface Unsent {
  readonly id: string;
  readonly request: SceneRequest;
  /** `pending`: being written; `failed`: not on the table after `SYNC_TIMING.failedMs`, or refused by Owlbear again and again (still retried). */
  readonly status: 'pending' | 'failed';
}

/** A refusal at play: an op the rules or the seats refused at its turn. */
export interface Refusal {
  readonly id: string;
  readonly writer: string;
  readonly request: SceneRequest;
  readonly error: RuleError;
}

/** What the scene's game is for this client now. */
export interface SceneState {
  /** The game every client plays (sealed values sealed, but as their owners opened them). */
  readonly game: SceneGame;
  /** The store's root as this client shows it: its own sealed values opened too. */
  readonly root: StoreRoot;
  /** This connection's ops the table refused (a concurrent action came first), in play order. */
  readonly refused: readonly Refusal[];
  /** What in the metadata was not played: unreadable, or refused as no honest client writes it. */
  readonly dropped: readonly Dropped[];
  /** What was refused lately, at play (the rules, the seats) or when read (not its writer's to write), kept after the scene no longer holds it, newest last. */
  readonly refusedLately: readonly Dropped[];
  /** How many different things this client refused since it started (each counted once). */
  readonly refusedCount: number;
  /** This writer's actions not on the table yet. */
  readonly unsent: readonly Unsent[];
  /** Sealed values read by the game and held by this client: to open. */
  readonly toOpen: readonly string[];
  /** Notices from a damaged compacted game (a system's game set aside). */
  readonly damaged: readonly string[];
  /** Ops not compacted yet, and their size as JSON. */
  readonly pendingOps: number;
  readonly pendingChars: number;
}

/** How a writer waits and retries (ms). */
export const SYNC_TIMING = {
  /** A write of ours not echoed yet is waited for this long before it is made again. */
  patience: 1500,
  /** After Owlbear refused a write: 1, 2, 4, 8 s… up to this, before trying again. */
  maxBackoff: 8000,
  /** An action not on the table after this long is shown as failed (and still retried). */
  failedMs: 10_000,
  /**
   * Compaction covers only ops that stood unchanged in the scene this long: time for their writer to
   * hear of anything someone else put in his key and write it over, even after Owlbear refused his
   * write twice (1 s, then 2 s, before each retry).
   */
  settleMs: 5000,
  /** A gone writer's emptied key is kept covered this long (a stale copy may bring it back), then forgotten. */
  forgetMs: 60_000,
} as const;

/** Canonical JSON (keys sorted): the same value read twice compares equal, whatever order its fields come in. */
const json = (x: unknown): string => canonicalJson(x ?? null);

/** Commitment of a secret value: the seal prefix and the first 128 bits of SHA-256(salt|value) (hex, as the codec gives it), in base 36. */
export async function sealOf(codec: Codec, salt: string, value: string): Promise<string> {
  const hex = (await codec.hash(`${salt}|${value}`)).slice(0, 32);
  return `${SEAL_PREFIX}${BigInt(`0x${hex}`).toString(36)}`;
}

/** Keeps a set or map from growing without end: drops the oldest entries past `max`. */
function bound<K>(m: Map<K, unknown> | Set<K>, max: number): void {
  if (m.size <= max) return;
  const it = m.keys();
  for (let n = m.size - max; n > 0; n--) m.delete(it.next().value as K);
}

export class SceneSync {
  private read: SceneRead = { base: null, writers: new Map(), runs: new Map(), dropped: [], strangers: [] };
  private raw: Readonly<Record<string, unknown>> = {};
  /** The compacted game played from: the scene's, or (on the compacting client) the one it wrote. */
  private base: Base | null = null;
  private sceneBaseError: Dropped | null = null;
  private start: SceneGame = EMPTY_SCENE_GAME;
  private startOf: string | null = null;
  private damaged: string[] = [];
  private baseError: string | null = null;
  /** This writer's ops not seen compacted, and those seen compacted lately (written again should a compaction be undone). */
  private mine: Op[] = [];
  private covered: Op[] = [];
  private seq = 0;
  private clock = 0;
  private started = false;
  private readonly player = new OpPlayer();
  private played: Played | null = null;
  private ops: PlacedOp[] = [];
  private viewCache: { game: SceneGame; own: string; root: StoreRoot } | null = null;
  private revision = 0;
  /** The last write of our key: what, when, and when it may be made again. */
  private lastWrite: { json: string; at: number; retryAt: number } | null = null;
  private failures = 0;
  /** Our ops by seq: when they were found missing from the scene's copy (pending since). */
  private missing = new Map<number, number>();
  /** Every version of an op this writer wrote (JSON): anything else in its key is someone else's. */
  private readonly written = new Set<string>();
  /** Each op seen in others' keys (`writer:seq`): its JSON as first seen, and as now with since when. */
  private readonly firstSeen = new Map<string, string>();
  private readonly standing = new Map<string, { json: string; since: number }>();
  /** Each op of the others (`writer:seq`) as seen while its writer was at the table. */
  private readonly liveSeen = new Map<string, string>();
  private tampered: Dropped[] = [];
  /** What was refused lately, each said once, kept after the scene no longer holds it (a cleared key). */
  private refusedLog: Dropped[] = [];
  /** Keys of no connection at the table: their JSON and since when it stood (cleared once it stood still). */
  private readonly strangerSince = new Map<string, { json: string; since: number }>();
  private readonly refusedSeen = new Set<string>();
  /** Owlbear's party: connection key → author, for connections here now and those seen since this page started. */
  private readonly live = new Map<string, Author>();
  private readonly remembered = new Map<string, Author>();
  /** The compacted game this client wrote or took on as the table's compactor (null: not the compactor). */
  private ownBase: { base: Base | null; json: string; at: number } | null = null;
  private goneSince = new Map<string, number>();
  /** Each game's state as this player sees it, kept between his actions (./store/states.ts). */
  private readonly viewStates = new GameStates();
  /** Openings checked against their commitment: `seal|salt|value` → true (matches) / false. */
  private readonly checked = new Map<string, boolean>();

  /**
   * `mirror`: a page that shows the game but writes nothing (the popover): its writer's ops come from
   * the page that writes them (`mirrorOwn`), never from the scene.
   */
  constructor(
    private readonly codec: Codec,
    private me: Identity,
    private readonly secrets: SecretKeeper = new MemorySecrets(),
    private readonly random: () => string = () => Math.random().toString(36).slice(2),
    private readonly now: () => number = () => Date.now(),
    private readonly mirror = false,
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

  private get connection(): string {
    return connectionOf(this.me.writer);
  }

  /** Who Owlbear says writes a connection's keys: this client, the party, or a connection seen here before. */
  readonly who = (connection: string): Author | null =>
    connection === this.connection ? { player: this.me.player, gm: this.me.gm } : (this.live.get(connection) ?? this.remembered.get(connection) ?? null);

  /** Owlbear's party changed: the other connections, their players and roles. Call `refresh` after. */
  setParty(members: readonly Member[]): void {
    this.live.clear();
    for (const m of members) {
      const author = { player: m.id, gm: m.role === 'GM' };
      const key = connectionKey(m.connectionId);
      this.live.set(key, author);
      this.remembered.delete(key);
      this.remembered.set(key, author);
    }
    bound(this.remembered, 1000);
  }

  /** Plays the scene again as it was last read (after the party or the role changed). */
  refresh(): Promise<void> {
    return this.receive(this.raw);
  }

  /** Whether this client compacts the table's game: the game master with the lowest connection id. */
  get compactor(): boolean {
    if (!this.me.gm || this.mirror) return false;
    for (const [conn, a] of this.live) if (a.gm && conn < this.connection) return false;
    return true;
  }

  /** Reads the scene's metadata: our keys only, each checked; the compacted game unpacked once per version. */
  async receive(metadata: Readonly<Record<string, unknown>>): Promise<void> {
    this.raw = metadata;
    const now = this.now();
    const scene = readBase(metadata);
    this.sceneBaseError = scene.dropped;
    // The compactor plays from the game it wrote (and writes it again if the scene's copy differs);
    // becoming the compactor, it takes on the scene's.
    if (!this.compactor) this.ownBase = null;
    else if (!this.ownBase) this.ownBase = { base: scene.base, json: json(scene.base ? metadata[GAME_KEY] : null), at: -Infinity };
    const base = this.ownBase ? this.ownBase.base : scene.base;
    await this.loadStart(base);
    const read = readScene(metadata, this.who, base);
    const dropped = [...read.dropped];
    if (this.ownBase && scene.base && scene.base.gen >= (this.ownBase.base?.gen ?? 0) && json(metadata[GAME_KEY]) !== this.ownBase.json) {
      this.tamper({ key: GAME_KEY, problem: `a compacted game (${scene.base.gen}) this page did not write: written over with its own`, kind: 'refused' });
    }
    // Openings are checked against their commitments before anyone plays them; a gone writer writes
    // nothing more: in its key, only what this client saw while its writer was here is played.
    const writers = new Map<string, PlacedOp[]>();
    for (const [writer, ops] of read.writers) {
      const kept: PlacedOp[] = [];
      const gone = this.gone(writer);
      const jsonOf = new Map((read.runs.get(writer) ?? []).map((e) => [e.seq, e.json]));
      for (const op of ops) {
        const id = `${writer}:${op.seq}`;
        if (!gone) this.liveSeen.set(id, jsonOf.get(op.seq)!);
        else if (this.liveSeen.get(id) !== jsonOf.get(op.seq)) {
          dropped.push({ key: OPS_PREFIX + writer, problem: `op ${op.seq}: written after its writer left the table`, kind: 'refused' });
          continue;
        }
        if (op.request.type === 'scene/reveal' && !(await this.opens(op.request.values))) {
          dropped.push({ key: OPS_PREFIX + writer, problem: `op ${op.seq}: an opened value does not match its seal`, kind: 'unreadable' });
          continue;
        }
        kept.push(op);
      }
      writers.set(writer, kept);
    }
    bound(this.liveSeen, 10_000);
    this.read = { ...read, writers, dropped };
    this.watch(now);
    this.takeOwn(now);
    this.replay();
    this.note(this.dropped);
    // Ops the rules or the seats refused at their turn: said once each, with their writer's key.
    const played = this.played!;
    this.note(this.ops.filter((op) => played.refused.has(op.id)).map((op) => ({ key: opsKey(op.writer), problem: `op ${op.seq}`, kind: 'refused' as const, error: played.refused.get(op.id)! })));
  }

  /** Unpacks the compacted game when it changed. */
  private async loadStart(base: Base | null): Promise<void> {
    this.base = base;
    const key = base ? base.game : null;
    if (key === this.startOf && (base === null) === (this.startOf === null)) return;
    this.startOf = key;
    this.damaged = [];
    this.baseError = null;
    if (!base) {
      this.start = EMPTY_SCENE_GAME;
      return;
    }
    const unpacked = await unpackGame(base, this.codec);
    if (unpacked.ok) {
      this.start = unpacked.value.game;
      this.damaged = unpacked.value.notices.map((n) => ('detail' in n ? n.detail : n.kind));
    } else {
      // A compacted game that cannot be read: played from nothing, and said; the ops stay.
      this.start = EMPTY_SCENE_GAME;
      this.baseError = String(unpacked.error.params?.detail ?? unpacked.error.code);
    }
  }

  /**
   * Our own key: what this writer keeps wins over what the scene says. Only when the page starts (a
   * reload) does it take the key's ops for its own earlier ones; after that, anything in its key it
   * did not write is someone else's, said, and written over.
   */
  private takeOwn(now: number): void {
    const covers = this.base?.covers ?? {};
    const done = covers[this.me.writer] ?? 0;
    const inKey = this.read.writers.get(this.me.writer) ?? [];
    if (!this.started && !this.mirror) {
      for (const op of inKey) {
        if (op.seq > this.seq) this.seq = op.seq;
        if (!this.mine.some((m) => m.seq === op.seq)) this.mine.push(stripPlace(op));
      }
      this.seq = Math.max(this.seq, done);
      // What the key held when this page started is its own earlier writing, as it stands there too.
      for (const op of this.mine) this.written.add(json(op));
      for (const entry of this.read.runs.get(this.me.writer) ?? []) this.written.add(entry.json);
    }
    this.started = true;
    if (!this.mirror) {
      // Ops now compacted move to `covered`; covered ones a newer compaction no longer covers come back.
      const back = this.covered.filter((op) => op.seq > done);
      this.covered = [...this.covered.filter((op) => op.seq <= done), ...this.mine.filter((op) => op.seq <= done)].slice(-SCENE_LIMITS.opsPerWriter);
      this.mine = [...back, ...this.mine.filter((op) => op.seq > done)].sort((a, b) => a.seq - b.seq);
      this.restamp();
      for (const entry of this.read.runs.get(this.me.writer) ?? []) {
        if (this.written.has(entry.json)) continue;
        this.tamper({ key: this.key, problem: `op ${entry.seq}: not written by this page: someone else wrote in its key (written over)`, kind: 'refused' });
      }
    }
    // Which of our ops the scene's copy lacks, since when (compared as read: a request read back may be filled in).
    const inScene = new Set((this.read.writers.get(this.me.writer) ?? []).map((op) => json(stripPlace(op))));
    const next = new Map<number, number>();
    for (const op of this.mine) if (!inScene.has(json(op))) next.set(op.seq, this.missing.get(op.seq) ?? now);
    this.missing = next;
  }

  /**
   * Our ops must stay under the table's clock ceiling (a compacted game forged with a huge clock, then
   * put right, leaves them above it): stamped again, in order, below it.
   */
  private restamp(): void {
    const ceiling = clockCeiling(this.base);
    const n = this.mine.length;
    if (n === 0 || this.mine[n - 1]!.lamport <= ceiling) {
      this.clock = Math.min(this.clock, ceiling);
      return;
    }
    this.mine = this.mine.map((op, i) => ({ ...op, lamport: Math.min(op.lamport, ceiling - (n - 1 - i)) }));
    for (const op of this.mine) this.written.add(json(op));
    this.clock = Math.min(this.clock, ceiling);
  }

  /** Notes how long each op of the others' keys has stood as it is, and any op that changed under its writer. */
  private watch(now: number): void {
    const here = new Set<string>();
    for (const [writer, run] of this.read.runs) {
      if (writer === this.me.writer) continue;
      for (const entry of run) {
        const id = `${writer}:${entry.seq}`;
        here.add(id);
        const first = this.firstSeen.get(id);
        if (first === undefined) this.firstSeen.set(id, entry.json);
        else if (first !== entry.json) {
          this.firstSeen.set(id, entry.json);
          this.tamper({ key: OPS_PREFIX + writer, problem: `op ${entry.seq} was replaced by another: someone other than its writer wrote in this key`, kind: 'refused' });
        }
        const stood = this.standing.get(id);
        if (!stood || stood.json !== entry.json) this.standing.set(id, { json: entry.json, since: now });
      }
    }
    for (const id of this.standing.keys()) if (!here.has(id)) this.standing.delete(id);
    bound(this.firstSeen, 4096);
    const strangers = new Set(this.read.strangers);
    for (const key of strangers) {
      const text = JSON.stringify(this.raw[key] ?? null).slice(0, 100_000);
      const was = this.strangerSince.get(key);
      if (!was || was.json !== text) this.strangerSince.set(key, { json: text, since: now });
    }
    for (const key of this.strangerSince.keys()) if (!strangers.has(key)) this.strangerSince.delete(key);
  }

  /** Counts and keeps what was refused (each thing once). */
  private note(dropped: readonly Dropped[]): void {
    for (const d of dropped) {
      if (d.kind !== 'refused') continue;
      const id = `${d.key}|${d.problem}|${d.error?.code ?? ''}`;
      if (this.refusedSeen.has(id)) continue;
      this.refusedSeen.add(id);
      this.refusedLog = [...this.refusedLog, d].slice(-30);
    }
    bound(this.refusedSeen, 10_000);
  }

  /** Refusals another page of this connection saw (the background page tells its popover). */
  noteRefused(dropped: readonly Dropped[]): void {
    this.note(dropped.map((d) => ({ ...d, kind: 'refused' as const })));
  }

  /** What this client refused lately, newest last (kept after the scene no longer holds it). */
  get refusedLately(): readonly Dropped[] {
    return this.refusedLog;
  }

  private tamper(d: Dropped): void {
    if (this.tampered.some((t) => t.key === d.key && t.problem === d.problem)) return;
    this.tampered = [...this.tampered, d].slice(-20);
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

  private get author(): Author {
    return { player: this.me.player, gm: this.me.gm };
  }

  private placed(): PlacedOp[] {
    const writers = new Map(this.read.writers);
    const author = this.author;
    writers.set(
      this.me.writer,
      this.mine.map((op) => ({ ...op, writer: this.me.writer, id: `${this.me.writer}:${op.seq}`, author })),
    );
    return pending({ writers }, this.base?.covers ?? {});
  }

  private replay(): void {
    this.ops = this.placed();
    this.played = this.player.play(this.start, this.ops);
    this.clock = Math.min(Math.max(this.clock, this.played.clock, this.base?.lamport ?? 0), clockCeiling(this.base));
    this.revision++;
  }

  /** What in the metadata was not played, now, and what was found written in keys by someone other than their writer. */
  private get dropped(): Dropped[] {
    const out = [...this.read.dropped, ...this.tampered];
    if (this.sceneBaseError && !this.ownBase) out.push(this.sceneBaseError);
    if (this.baseError) out.push({ key: GAME_KEY, problem: this.baseError, kind: 'unreadable' });
    return out;
  }

  /** The scene's game for this client. */
  get state(): SceneState {
    const played = this.played ?? this.player.play(this.start, []);
    const ops = this.ops;
    const own = this.secrets.values();
    // This connection's ops that the table refused.
    const here = this.connection;
    const refused = ops.filter((op) => played.refused.has(op.id) && connectionOf(op.writer) === here).map((op) => ({ id: op.id, writer: op.writer, request: op.request, error: played.refused.get(op.id)! }));
    const now = this.now();
    const unsent: Unsent[] = this.mine
      .filter((op) => this.missing.has(op.seq))
      .map((op) => ({ id: `${this.me.writer}:${op.seq}`, request: op.request, status: now - this.missing.get(op.seq)! >= SYNC_TIMING.failedMs || this.failures >= 3 ? 'failed' : 'pending' }));
    return {
      game: played.game,
      root: this.viewRoot(played.game, own),
      refused,
      dropped: this.dropped,
      refusedLately: this.refusedLog,
      refusedCount: this.refusedSeen.size,
      unsent,
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
  async submit(raw: SceneRequest): Promise<Result<{ readonly id: string; readonly write: Record<string, unknown> }>> {
    if (this.mirror) return refuse('owlbear-unreachable');
    // As every client will read it back (its settings filled in, its events checked by their system).
    const parsed = parseSceneRequest(raw);
    if (!parsed.ok) return parsed;
    const request = parsed.value;
    const shared = await this.seal(request);
    if (!shared.ok) return shared;
    // As this player sees the game.
    if (request.type !== 'scene/seats' && request.type !== 'scene/reveal') {
      const seen = applyRequest(this.state.root, request as Request, this.viewStates);
      if (!seen.ok) return seen;
    }
    if (this.mine.length >= SCENE_LIMITS.opsPerWriter) return refuse('owlbear-scene-full');
    const last = this.mine[this.mine.length - 1]?.lamport ?? 0;
    const op: Op = { seq: this.seq + 1, lamport: Math.max(Math.min(this.clock + 1, clockCeiling(this.base)), last + 1), by: this.me.player, request: shared.value.request };
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
    this.written.add(json(op));
    bound(this.written, 2000);
    this.missing.set(op.seq, this.now());
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

  /** This writer's ops not compacted yet, as its key should hold them (the page that writes them tells a mirror). */
  get ownOps(): readonly Op[] {
    return this.mine;
  }

  /** Writes of this writer's key Owlbear refused in a row. */
  get failing(): number {
    return this.failures;
  }

  /** A mirror's writer's ops, as the page that writes them says it keeps them (checked as any key of the scene), and its refused writes in a row. */
  mirrorOwn(ops: readonly unknown[], failures = 0): void {
    if (!this.mirror) return;
    this.failures = failures;
    const read = readOpList(this.me.writer, { v: 1, ops }, this.author, this.base?.covers[this.me.writer] ?? 0, clockCeiling(this.base));
    this.mine = read.ops.map(stripPlace);
    this.viewCache = null;
    this.takeOwn(this.now());
    this.replay();
  }

  /** This writer's key as it should be: its ops not compacted yet, or emptied (`null`: never left to `undefined` to delete). */
  private ownValue(): OpList | null {
    return this.mine.length ? { v: 1, ops: this.mine } : null;
  }

  private ownWrite(now: number): Record<string, unknown> {
    const value = this.ownValue();
    this.lastWrite = { json: json(value), at: now, retryAt: now + SYNC_TIMING.patience };
    return { [this.key]: value };
  }

  /**
   * The write that puts the scene right, if one is due now: this writer's key when the scene's copy
   * differs from what it keeps (ops lost to a race, a refused write, ops compacted to drop, anything
   * someone else put there), and on the compactor the compacted game when the scene's copy differs
   * from the one it wrote. A write of ours not echoed yet is waited for (`SYNC_TIMING.patience`);
   * after Owlbear refused one, longer and longer.
   */
  heal(): Record<string, unknown> | null {
    if (this.mirror || !this.started) return null;
    const now = this.now();
    const out: Record<string, unknown> = {};
    const want = json(this.ownValue());
    const raw = this.raw[this.key];
    const have = isEmptyKey(raw) ? 'null' : json(raw);
    if (want === have) {
      this.failures = 0;
      this.lastWrite = null;
    } else if (!this.lastWrite || this.lastWrite.json !== want || now >= this.lastWrite.retryAt) {
      Object.assign(out, this.ownWrite(now));
    }
    const base = this.ownBase;
    const scene = this.raw[GAME_KEY];
    if (base && (base.base || (scene !== undefined && scene !== null)) && json(scene) !== base.json && now - base.at >= SYNC_TIMING.patience) {
      // The game master's compacted game, or none (`null`: emptied) if he has not compacted yet.
      out[GAME_KEY] = base.base;
      base.at = now;
    }
    return Object.keys(out).length ? out : null;
  }

  /** How the page's last write went: a refused one is tried again later and later. */
  wrote(accepted: boolean): void {
    if (accepted || !this.lastWrite) return;
    this.failures++;
    this.lastWrite = { ...this.lastWrite, retryAt: this.now() + Math.min(SYNC_TIMING.maxBackoff, 1000 * 2 ** (this.failures - 1)) };
  }

  /** The player asked to try again now. */
  retryNow(): Record<string, unknown> | null {
    this.lastWrite = null;
    this.failures = 0;
    for (const seq of this.missing.keys()) this.missing.set(seq, this.now());
    return this.heal();
  }

  /** Whether this client should compact now: it is the compactor and enough waits, or a gone writer's ops or keys wait. */
  needsCompaction(): boolean {
    if (!this.compactor) return false;
    const s = this.state;
    if (s.pendingOps >= SCENE_LIMITS.compactOps || s.pendingChars >= SCENE_LIMITS.compactChars) return true;
    if (this.read.strangers.some((k) => !isEmptyKey(this.raw[k]))) return true;
    for (const writer of this.read.runs.keys()) if (this.gone(writer) && this.keyHasOps(writer)) return true;
    for (const writer of Object.keys(this.base?.covers ?? {})) if (this.gone(writer) && !this.keyHasOps(writer)) return true;
    return false;
  }

  private gone(writer: string): boolean {
    return writer !== this.me.writer && !this.live.has(connectionOf(writer));
  }

  private keyHasOps(writer: string): boolean {
    return !isEmptyKey(this.raw[opsKey(writer)]);
  }

  /** Whether an op of another writer has stood in the scene as it is long enough to be compacted. */
  private settled(writer: string, seq: number, now: number): boolean {
    const s = this.standing.get(`${writer}:${seq}`);
    return s !== undefined && now - s.since >= SYNC_TIMING.settleMs;
  }

  /**
   * The compaction, or null when there is nothing to do: the game as played up to the first op that
   * has not stood still long enough (every client plays ops in one order, so this is the same game for
   * everyone), with the last seq of each writer it covers. Keys of writers gone whose ops are all in
   * it are emptied; keys of no connection at the table too. The compacted game is kept as written and
   * written again if the scene's copy differs.
   */
  async compact(): Promise<Record<string, unknown> | null> {
    if (!this.compactor || !this.played) return null;
    const now = this.now();
    const old = this.base?.covers ?? {};
    // How far each writer's run stands still (refused and unreadable ops included: they are covered too).
    const upTo = new Map<string, number>();
    upTo.set(this.me.writer, this.mine[this.mine.length - 1]?.seq ?? old[this.me.writer] ?? 0);
    for (const [writer, run] of this.read.runs) {
      if (writer === this.me.writer) continue;
      let last = old[writer] ?? 0;
      for (const e of run) {
        if (!this.settled(writer, e.seq, now)) break;
        last = e.seq;
      }
      upTo.set(writer, last);
    }
    let cut = 0;
    while (cut < this.ops.length && this.ops[cut]!.seq <= (upTo.get(this.ops[cut]!.writer) ?? 0)) cut++;
    const firstLeft = new Map<string, number>();
    for (const op of this.ops.slice(cut)) if (!firstLeft.has(op.writer)) firstLeft.set(op.writer, op.seq);
    const covers: Record<string, number> = {};
    const write: Record<string, unknown> = {};
    for (const [writer, last] of upTo) {
      const left = firstLeft.get(writer);
      covers[writer] = Math.max(old[writer] ?? 0, left === undefined ? last : Math.min(last, left - 1));
    }
    // Gone writers: their key emptied once all of it is in; their entry kept a while after (a stale copy may bring the key back), then forgotten.
    for (const [writer, seq] of Object.entries(old)) {
      if (writer in covers) continue;
      if (!this.gone(writer)) covers[writer] = seq;
      else {
        const since = this.goneSince.get(writer) ?? now;
        this.goneSince.set(writer, since);
        if (now - since < SYNC_TIMING.forgetMs || this.keyHasOps(writer)) covers[writer] = seq;
        else {
          this.goneSince.delete(writer);
          this.remembered.delete(connectionOf(writer));
          if (this.raw[opsKey(writer)] !== undefined) write[opsKey(writer)] = undefined; // best effort: an emptied key is harmless
        }
      }
    }
    for (const writer of this.read.runs.keys()) {
      if (!this.gone(writer) || !this.keyHasOps(writer)) continue;
      const run = this.read.runs.get(writer)!;
      if ((run[run.length - 1]?.seq ?? 0) <= covers[writer]!) {
        write[opsKey(writer)] = null;
        this.goneSince.set(writer, now);
      }
    }
    // Keys of no connection at the table, once they stood still (a player who just joined is in the party by then).
    for (const key of this.read.strangers) {
      const since = this.strangerSince.get(key)?.since ?? now;
      if (!isEmptyKey(this.raw[key]) && now - since >= SYNC_TIMING.settleMs) write[key] = null;
    }
    const coversChanged = json(covers) !== json(old);
    if (cut === 0 && !coversChanged && Object.keys(write).length === 0) return null;
    if (cut > 0 || coversChanged) {
      const lamport = Math.max(this.base?.lamport ?? 0, ...this.ops.slice(0, cut).map((op) => op.lamport));
      const base: Base = { v: 1, gen: (this.base?.gen ?? 0) + 1, covers, lamport, game: await packGame(withOpenedWritten(this.player.after(cut)), this.codec) };
      write[GAME_KEY] = base;
      this.ownBase = { base, json: json(base), at: now };
    }
    return write;
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

const stripPlace = (op: PlacedOp): Op => ({ seq: op.seq, lamport: op.lamport, by: op.by, request: op.request });
