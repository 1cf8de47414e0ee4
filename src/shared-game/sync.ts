// One client's part in a table's shared game (docs/shared-game.md): it reads the table's keys and
// plays them, writes its own actions to its own pages and writes them again until the table holds
// them, signs what it wrote in its record, and (on the compacting game master's client) compacts the
// game into a checkpoint, signs it, and keeps it as it wrote it. No tabletop here: the page hands it
// the keys' values, the party (each holder's player, role and record) and this holder's own record as
// the tabletop holds it; it writes what `heal` and `compact` return and publishes the record book.
import { canonicalJson } from '../game/json';
import { ok, refuse, type Result, type RuleError } from '../game/result';
import { isSealed } from '../game/seal';
import type { Request, SceneRequest } from '../messages';
import { DESCRIPTORS, SYSTEM_IDS } from '../rules';
import type { AnyDescriptor } from '../rules/descriptor';
import { gameOf } from '../store/load';
import { applyRequest } from '../store/requests';
import type { StoreRoot } from '../store/root';
import { GameStates } from '../store/states';
import {
  CheckpointReader,
  CheckpointWriter,
  headText,
  readHead,
  readLegacy,
  signedText,
  type Head,
  type Written,
} from './checkpoint';
import type { TableKeys } from './keys';
import {
  LIMITS,
  type Author,
  type Codec,
  type Dropped,
  type Identity,
  type Member,
  type Op,
  type OpPage,
  type TableGame,
} from './model';
import {
  clockCeiling,
  firstSeq,
  isEmptyPage,
  lastSeq,
  opChars,
  pageValue,
  readPages,
  versionOf,
  type ReadOp,
} from './ops';
import {
  EMPTY_TABLE_GAME,
  OpPlayer,
  openEvent,
  withOpened,
  withOpenedWritten,
  type PlayContext,
  type PlacedOp,
  type Played,
} from './play';
import {
  checkpointEntry,
  digestText,
  opsEntry,
  readRecord,
  signsPages,
  type HolderRecord,
  type RecordBook,
} from './records';
import { isTableOwn, parseSceneRequest } from './requests';
import {
  keyPairOf,
  readPagesSignature,
  signCheckpoint,
  signPages,
  signsDigest,
  verifyCheckpoint,
  verifyPages,
  type KeyPair,
  type PagesSignature,
} from './signing';
import { copyToReturn, droppedUncovered, readReturned, returnedValue, type GapCopy } from './returns';
import { SYNC_TIMING } from './policy';
import { forgotOf, planCheckpoint } from './compact';
import { pace, retryDelay, writesFor, type Entry, type Paced } from './heal';
import { orderOps } from './order';
import { budgetWriters, sortKeys } from './writers';
import { keptCut, noteLanded, type KeptSigned } from './kept';
import { remember, sortsFirst, tableScene, trustedKeys, type Trusted } from './trust';
import { MemorySecrets, sealOf, type SecretKeeper } from './secrets';
import { bound } from './bound';
import { RecordKeys } from './record-keys';

/**
 * What this browser keeps of its own writing, where no one else can write (the pages' local storage):
 * its pages, so that a page that starts again can take back what its record signs even if someone
 * wrote over its key meanwhile; and, on a game master's browser, each scene's last checkpoint, so that
 * one deleted or forged while he was away is put back.
 */
export interface Keeper {
  /** This writer's pages as it last wanted them on a scene, its last seq then, and its ops lately compacted (brought back should that checkpoint never reach the table). */
  pages(
    scene: string,
  ): { readonly pages: readonly unknown[]; readonly seq: number; readonly covered?: readonly unknown[] } | null;
  savePages(scene: string, pages: readonly unknown[], seq: number, covered: readonly Op[]): void;
  checkpoint(scene: string): { readonly head: unknown; readonly parts: Readonly<Record<string, string>> } | null;
  saveCheckpoint(scene: string, written: Written): void;
  /** This browser's signing key (./signing.ts), made once and kept; null if it has none yet. */
  secretKey?(): unknown;
  saveSecretKey?(secret: string): void;
  /** A game master's pages as his key signed them, each of this browser's connections' latest on a scene (a refresh, a return: his next connection writes them back). */
  signedPages?(scene: string): readonly KeptSigned[];
  saveSignedPages?(scene: string, kept: KeptSigned): void;
  /** Game masters' keys this browser saw proven on a scene (./trust.ts). */
  gmKeys?(scene: string): readonly string[];
  saveGmKeys?(scene: string, keys: readonly string[]): void;
}

export type { KeptSigned } from './kept';

/** Another writer's pages to write back: the writer, his pages, and his signature of them (undefined: none). */
type WriteBack = readonly [writer: string, pages: readonly unknown[], signature: unknown];

/** One of this writer's actions the table does not hold yet: written again until it does. */
export interface Unsent {
  readonly id: string;
  readonly request: SceneRequest;
  /** `pending`: being written; `failed`: not on the table after `SYNC_TIMING.failedMs`, or refused again and again (still retried). */
  readonly status: 'pending' | 'failed';
}

/** A refusal at play: an op the rules or the seats refused at its turn. */
export interface Refusal {
  readonly id: string;
  readonly writer: string;
  readonly request: SceneRequest;
  readonly error: RuleError;
}

/**
 * How far the checkpoint played from can be trusted: `own` (this client wrote it), `verified` (a game
 * master stands behind it: his record, or his key's signature, ./trust.ts), `none` (no checkpoint yet,
 * or none that a game master stands behind: never played, ./sync.ts `Unvouched`).
 */
export type Trust = 'own' | 'verified' | 'none';

/**
 * A checkpoint in the scene that no game master at the table stands behind (a forgery, or a game
 * master's whose key no one here can prove): not played. Its compacting game master chooses (`choose`):
 * take it, or start afresh; everyone else waits for him.
 */
export interface Unvouched {
  readonly gen: number;
  /** Actions it holds (events in every system's log), where this client read it (its game master's does). */
  readonly events: number | null;
  /** Writers it covers. */
  readonly writers: number;
  /** Its signer's key (the first characters), if it has one. */
  readonly key: string | null;
  /** Players at the table vouch for different game masters' keys (one of them is lying). */
  readonly disputed: boolean;
}

/**
 * Pages of a writer no longer at the table, signed (./signing.ts `signPages`) by a key no one here can
 * tie to the player and role they name: most often the game master's own earlier connection, back on a
 * browser that kept nothing, with no one at the table to vouch for his old key; or a player's, gone, or
 * back from a refresh on a browser that kept nothing. The compacting game master chooses
 * (`chooseUnproven`): take them (the key is that player's in that role: they are played, and folded in)
 * or leave them (emptied).
 */
export interface UnprovenPages {
  /** The player the signature names. */
  readonly player: string;
  /** Whether they are signed as a game master's (else as a player's). */
  readonly gm: boolean;
  /** How many actions the pages hold. */
  readonly actions: number;
  /** The signing key (the first characters). */
  readonly key: string;
}

/** What the table's game is for this client now. */
export interface SharedState {
  /** The game every client plays (sealed values sealed, but as their owners opened them). */
  readonly game: TableGame;
  /** The store's root as this client shows it: its own sealed values opened too. */
  readonly root: StoreRoot;
  /** This writer's ops the table refused (a concurrent action came first), in play order. */
  readonly refused: readonly Refusal[];
  /** What in the keys was not played, now: unreadable, or refused as no honest client writes it. */
  readonly dropped: readonly Dropped[];
  /** What was refused lately, kept after the keys no longer hold it, newest last. */
  readonly refusedLately: readonly Dropped[];
  /** How many different things this client refused since it started (each counted once). */
  readonly refusedCount: number;
  /** This writer's actions not on the table yet. */
  readonly unsent: readonly Unsent[];
  /** Sealed values read by the game and held by this client: to open. */
  readonly toOpen: readonly string[];
  /** Notices from a damaged checkpoint (a system's game set aside). */
  readonly damaged: readonly string[];
  /** Ops not in the checkpoint yet, and their size as JSON. */
  readonly pendingOps: number;
  readonly pendingChars: number;
  /** The checkpoint played from: how far it is trusted, and its number. */
  readonly checkpoint: { readonly trust: Trust; readonly gen: number };
  /** Someone else wrote in this writer's pages (since it started): not played, written over, said to the player. */
  readonly ownKeyWrittenOver: boolean;
  /** The scene's checkpoint no game master here stands behind, while this client plays none (null: none such). */
  readonly unvouched: Unvouched | null;
  /** Pages of an earlier connection signed by a key no one here can tie to the player and role they name: the compacting game master chooses (null: none such). */
  readonly unproven: UnprovenPages | null;
}

const json = (x: unknown): string => canonicalJson(x ?? null);

/** A writer's pages as the keys hold them, without the ops numbered past `n` (what its record signs goes no further). */
function signedPrefix(values: readonly unknown[], n: number): unknown[] {
  return values.map((value, p) => {
    const page = value as Partial<OpPage> | null;
    if (!page || typeof page !== 'object' || !Array.isArray(page.ops)) return value;
    const ops = page.ops.filter((op) => typeof (op as { seq?: unknown })?.seq === 'number' && op.seq <= n);
    return ops.length === page.ops.length ? value : pageValue(page.scene as string, page.done as number, ops, p === 0);
  });
}
const SCENE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Actions a game holds: events in every system's log. */
const eventsIn = (game: TableGame): number =>
  Object.values(game.root.games).reduce((n, g) => n + (g?.log.events.length ?? 0), 0);

/** The checkpoint a client plays from. */
interface Base {
  readonly game: TableGame;
  readonly covers: Readonly<Record<string, number>>;
  readonly lamport: number;
  readonly gm: Readonly<Record<string, number>>;
  readonly gen: number;
  readonly trust: Trust;
  /** The checkpoint as the keys hold it (head and parts), to write back; null for none, or an earlier version's. */
  readonly written: Written | null;
  /** The digest of its head (what game masters sign). */
  readonly hash: string | null;
  /** Keys its game master left (`Head.left`). */
  readonly left: readonly string[];
  /** Writers its compactor forgot, and how far they were covered (`Head.forgot`); null: a checkpoint that does not say. */
  readonly forgot: Readonly<Record<string, number>> | null;
}

const NO_BASE: Base = {
  game: EMPTY_TABLE_GAME,
  covers: {},
  lamport: 0,
  gm: {},
  gen: 0,
  trust: 'none',
  written: null,
  hash: null,
  left: [],
  forgot: null,
};

/** A write: keys and values, at most LIMITS.writeChars of JSON. */
export type Update = Record<string, unknown>;

/** Entries in as few writes as fit LIMITS.writeChars, in the order given (parts before the head that lists them). */
export function bundle(entries: readonly (readonly [string, unknown])[]): Update[] {
  const out: Update[] = [];
  let current: Update = {};
  let size = 2;
  for (const [key, value] of entries) {
    const n = key.length + JSON.stringify(value ?? null).length + 4;
    if (size + n > LIMITS.writeChars && Object.keys(current).length) {
      out.push(current);
      current = {};
      size = 2;
    }
    current[key] = value;
    size += n;
  }
  if (Object.keys(current).length) out.push(current);
  return out;
}

export interface SharedGameOptions {
  readonly codec: Codec;
  readonly keys: TableKeys;
  readonly me: Identity;
  /** This holder's record: the game sets its scene's entries; the page publishes it. */
  readonly book: RecordBook;
  readonly secrets?: SecretKeeper;
  readonly random?: () => string;
  readonly now?: () => number;
  /** A page that shows the game but writes nothing (the popover): its writer's ops come from the page that writes them (`mirrorOwn`). */
  readonly mirror?: boolean;
  readonly keeper?: Keeper | null;
  /** What the table knows besides its keys (the tokens players may not see). */
  readonly context?: PlayContext;
  /** The revision the root starts from: a page that plays a new scene goes on from the last scene's, so that its views never take the new game for an old one. */
  readonly revision?: number;
  /**
   * How long an op stays on the table before a compactor puts it in the checkpoint (0: at once). Where
   * a player can write another's record (a Roll20 server that does not enforce "controlled by"), an op
   * forged under a player's name, signed and all, is undone by that player's own tab, which writes its
   * pages and record back within a second or two; once compacted, it could not be.
   */
  readonly settleMs?: number;
  /**
   * Whether the scene this holder's record says it plays (from an earlier life of its page: a reload
   * keeps the connection and its record) is the scene open now: the page's first game, no scene switched
   * since. Its own word then decides which scene it plays when it has nothing else to check against.
   */
  readonly sameScene?: boolean;
}

/** One of this page's own ops, as read from pages it signed. */
const ownOp = (op: ReadOp): Op => ({
  seq: op.seq,
  lamport: op.lamport,
  by: op.by,
  ...(op.gm ? { gm: true } : {}),
  request: op.request,
});

export class SharedGame {
  private readonly codec: Codec;
  private readonly keys: TableKeys;
  private me: Identity;
  private readonly book: RecordBook;
  private readonly secrets: SecretKeeper;
  private readonly random: () => string;
  private readonly now: () => number;
  private readonly mirror: boolean;
  private readonly keeper: Keeper | null;
  private readonly settleMs: number;
  /** This browser's signing key (kept by the keeper, else this page's own; null: the browser has no Ed25519), once read. */
  private signer: KeyPair | null = null;
  private readonly signerReady: Promise<void>;
  /** Checkpoint signatures checked, by head digest. */
  private readonly verified = new Map<string, boolean>();
  /** Each writer's signature of his pages as accepted (./keys.ts `signature`): written back with them should they be written over once he is gone. */
  private readonly acceptedSigs = new Map<string, unknown>();
  /** Gone writers whose keys hold something else than their signed pages this client holds: since when. */
  private readonly goneChanged = new Map<string, number>();
  /** Writers' signatures of their pages checked (writer and value), the newest kept longest. */
  private readonly pagesVerified = new Map<string, boolean>();
  /** This writer's signature of its pages as its record last signed them (./keys.ts `signature`): none for empty pages; `pending` while it is made. */
  private ownSigned: { h: string; value: PagesSignature | null | 'pending' } | null = null;
  /** The signature being made (awaited before this client's own writes, so that its pages and their signature go together). */
  private ownSigning: Promise<void> = Promise.resolve();
  /** The scene's checkpoint no game master here stands behind (see `Unvouched`), with its head. */
  private unvouchedHead: { head: Head | null; hash: string; summary: Unvouched } | null = null;
  /** Checkpoints this compactor's game master chose not to take (`choose('fresh')`). */
  private readonly declined = new Set<string>();
  /** Unproven pages (`UnprovenPages`) as last read, and the keys whose pages its game master left. */
  private unprovenPages: { key: string; player: string; summary: UnprovenPages } | null = null;
  private readonly left = new Set<string>();
  /** A checkpoint to write though nothing new waits: a game master's choice to sign. */
  private resign = false;

  private raw: Readonly<Record<string, unknown>> = {};
  /** The table's id for this scene, as this client plays it. */
  private scene: string | null = null;
  /** The page's first game (`sameScene`): what the records say of the scene is of the scene open now. */
  private readonly sameScene: boolean;
  /** The scene this holder played in an earlier life of its page, on this scene (`sameScene`). */
  private readonly earlierScene: string | null;
  /** An id this client made for a scene that had none (written with its first write). */
  private madeScene: string | null = null;
  private base: Base = NO_BASE;
  private damaged: string[] = [];
  private readonly reader: CheckpointReader;
  private readonly writer: CheckpointWriter;
  /** The party: holder → its player, role and record; holders seen since this page started. */
  private readonly live = new Map<string, { author: Author; record: HolderRecord | null }>();
  private readonly remembered = new Map<string, Author>();
  /** This holder's record as the tabletop last said it holds it. */
  private heard: HolderRecord | null = null;

  /**
   * Each writer's ops as its signed pages hold them, by seq, with those its pages dropped as in the
   * checkpoint it saw (up to `done`): kept until this client's checkpoint covers them.
   */
  private readonly seen = new Map<string, { ops: Map<number, ReadOp>; done: number }>();
  private readonly acceptedJson = new Map<string, string>();
  /** Each writer's pages as accepted (to write back should someone write over them while their writer's record still signs them). */
  private readonly acceptedValues = new Map<string, readonly unknown[]>();
  /** How far along its log each writer's accepted pages are (./ops.ts `versionOf`). */
  private readonly acceptedVersion = new Map<string, number>();
  /**
   * Writers whose keys hold, now, what their record signs (for a writer who left: what was there when
   * he left). Only those have their ops played: a writer whose keys hold something else (a stale copy
   * on its way to be put right, or a hostile writer's own mess) has played only what its pages said
   * was in the checkpoint, the same on every client (after a moment, for pages that only carry on
   * from what was accepted: `unsigned`).
   */
  private readonly current = new Set<string>();
  /** The highest seq of each writer accepted while the tabletop said its holder is a game master. */
  private readonly gmSeen = new Map<string, number>();
  /** Until when each holder's claims to act as game master are taken (for ever while it is one; a while after it stops). */
  private readonly gmUntil = new Map<string, number>();
  /**
   * Keys whose contents their writer does not sign: since when, as they are, and whether they only
   * carry on from what was accepted of him (nothing accepted taken back or changed: most often his
   * pages came a moment before the record that signs them).
   */
  private readonly unsigned = new Map<string, { json: string; record: string; since: number; carriesOn: boolean }>();
  /** Writers whose keys hold a copy their record signed before the one this client holds (a stale write over them): since when. */
  private readonly behind = new Map<string, number>();
  /** Each writer's pages as accepted before they dropped ops no checkpoint this client plays covers: to write back (./returns.ts). */
  private readonly gapCopies = new Map<string, GapCopy[]>();
  /** Each writer's seqs the table holds, as last read: in his pages or in his return key. */
  private readonly onTableSeqs = new Map<string, Set<number>>();
  /** The return keys as last read: each writer's key, and the seqs read there that a client plays (none: nothing left to play, or not his). */
  private returnKeys = new Map<string, { key: string; live: number[] }>();
  /** Each writer's pages as last read: their JSON as given, their canonical text and its digest. */
  private readonly readCache = new Map<string, { raw: string; text: string; digest: string }>();
  private headUnsigned: { hash: string; since: number } | null = null;
  /**
   * The scene's checkpoint a game master stands behind whose parts do not read (written over since, or
   * never all written). Not a newer checkpoint on its way: whoever holds an older one puts it back.
   */
  private brokenHash: string | null = null;
  /** When each op not in the checkpoint was first played here. */
  private readonly firstPlayed = new Map<string, number>();
  private readonly recordKeys = new RecordKeys();

  /** This writer's ops not seen compacted, those seen compacted lately, and the page each sits on. */
  private mine: Op[] = [];
  private covered: Op[] = [];
  private readonly pageOf = new Map<number, number>();
  private seq = 0;
  private clock = 0;
  private started = false;
  /** Digests of every set of pages this page wrote in this life: anything else in them is someone else's. */
  private readonly written = new Set<string>();
  /** Our ops by seq: since when the table lacks them. */
  private missing = new Map<number, number>();
  private lastWrite: Paced | null = null;
  private failures = 0;

  private readonly player: OpPlayer;
  private played: Played | null = null;
  private ops: PlacedOp[] = [];
  private readDropped: Dropped[] = [];
  private viewCache: { game: TableGame; own: string; root: StoreRoot } | null = null;
  private revision = 0;
  private readonly viewStates = new GameStates();
  private readonly checked = new Map<string, boolean>();
  private tampered: Dropped[] = [];
  private refusedLog: Dropped[] = [];
  private readonly refusedSeen = new Set<string>();
  private readonly strangerSince = new Map<string, { json: string; since: number }>();
  private goneSince: ReadonlyMap<string, number> = new Map();

  constructor(options: SharedGameOptions) {
    this.codec = options.codec;
    this.keys = options.keys;
    this.me = options.me;
    this.book = options.book;
    this.secrets = options.secrets ?? new MemorySecrets();
    this.random = options.random ?? (() => Math.random().toString(36).slice(2));
    this.now = options.now ?? (() => Date.now());
    this.mirror = options.mirror ?? false;
    this.keeper = options.keeper ?? null;
    this.settleMs = options.settleMs ?? 0;
    this.reader = new CheckpointReader(this.codec);
    this.writer = new CheckpointWriter(this.codec);
    this.player = new OpPlayer(options.context);
    this.revision = options.revision ?? 0;
    this.sameScene = options.sameScene ?? false;
    this.earlierScene = this.sameScene ? (this.book.record.g?.s ?? null) : null;
    this.signerReady = this.mirror
      ? Promise.resolve()
      : keyPairOf(this.codec, this.keeper?.secretKey?.() ?? null, (secret) =>
          this.keeper?.saveSecretKey?.(secret),
        ).then((pair) => {
          this.signer = pair;
          if (pair) this.book.setKey(pair.publicKey);
        });
  }

  /** The root's revision now (it only grows). */
  get revisionNow(): number {
    return this.revision;
  }

  get identity(): Identity {
    return this.me;
  }

  /** The player's role changed (the game master made him one, or not). Call `refresh` after. */
  setRole(gm: boolean): void {
    this.me = { ...this.me, gm };
  }

  private get holder(): string {
    return this.keys.holderOf(this.me.writer);
  }

  /** The tabletop's party changed: the other holders, their players, roles and records. Call `refresh` after. */
  setParty(members: readonly Member[]): void {
    const now = this.now();
    for (const [holder, until] of this.gmUntil)
      if (until === Infinity && !members.some((m) => m.holder === holder && m.gm))
        this.gmUntil.set(holder, now + SYNC_TIMING.roleGraceMs);
    for (const m of members) if (m.gm) this.gmUntil.set(m.holder, Infinity);
    bound(this.gmUntil, 1000);
    this.live.clear();
    for (const m of members) {
      const author = { player: m.player, gm: m.gm };
      const record = readRecord(m.record);
      this.live.set(m.holder, { author, record });
      this.recordKeys.note(m.holder, record?.k);
      this.remembered.delete(m.holder);
      this.remembered.set(m.holder, author);
    }
    bound(this.remembered, 1000);
  }

  /** This holder's record as the tabletop holds it (its echo: an action is on the table once it is signed there too). */
  heardRecord(raw: unknown): void {
    this.heard = readRecord(raw);
  }

  /** Plays the keys again as they were last read (after the party or the role changed). */
  refresh(): Promise<void> {
    return this.receive(this.raw);
  }

  /** Whether this client compacts the table's game: the game master with the lowest holder among those at the table. */
  get compactor(): boolean {
    return !this.mirror && this.compactingHolder;
  }

  /** Whether this holder is the one that compacts (its background page does; its popover, a mirror, shows that page's questions). */
  private get compactingHolder(): boolean {
    if (!this.me.gm) return false;
    for (const [holder, m] of this.live) if (m.author.gm && holder < this.holder) return false;
    return true;
  }

  /** The records of the game masters at the table (this client's own among them when it is one). */
  private gmRecords(): HolderRecord[] {
    const out: HolderRecord[] = [];
    for (const m of this.live.values()) if (m.author.gm && m.record) out.push(m.record);
    if (this.me.gm) out.push(this.mirror ? (this.heard ?? this.book.record) : this.book.record);
    return out;
  }

  private signedBy(scene: string, hash: string): boolean {
    return this.gmRecords().some((r) => checkpointEntry(r, scene)?.h === hash);
  }

  /** Signed by a game master here before the one he signs now: never played for it, but better put back than no checkpoint at all. */
  private signedEarlier(scene: string, hash: string): boolean {
    return this.gmRecords().some((r) => checkpointEntry(r, scene)?.p?.includes(hash) ?? false);
  }

  private signsAny(scene: string): boolean {
    return this.gmRecords().some((r) => checkpointEntry(r, scene) !== null);
  }

  /** The game masters' keys this client takes on a scene (./trust.ts), read once a pass. */
  private trustOf(scene: string): Trusted {
    if (this.trustCache?.scene === scene) return this.trustCache.trusted;
    const { gms, players } = this.partyRecords();
    const own = !this.me.gm
      ? null
      : this.mirror
        ? ((this.heard ?? this.book.record).k ?? null)
        : (this.signer?.publicKey ?? null);
    const trusted = trustedKeys({ scene, own, gms, players, kept: this.keptKeys(scene) });
    this.trustCache = { scene, trusted };
    return trusted;
  }

  private trustCache: { scene: string; trusted: Trusted } | null = null;

  /** The others' records at the table, the game masters' apart. */
  private partyRecords(): { gms: (HolderRecord | null)[]; players: (HolderRecord | null)[] } {
    const gms: (HolderRecord | null)[] = [];
    const players: (HolderRecord | null)[] = [];
    for (const m of this.live.values()) (m.author.gm ? gms : players).push(m.record);
    return { gms, players };
  }

  /**
   * The scene this client is told it plays, where its page starts (a newcomer, a reload): its own
   * earlier word on this scene, else the scene the others at the table play (./trust.ts `tableScene`):
   * the compacting game master's too, back on a browser that kept nothing (his page's word is nothing
   * yet). Not after a scene switch: the others' records still name the last scene for a moment, and
   * would hold the table up.
   */
  private toldScene(): string | null {
    if (!this.sameScene) return null;
    if (this.earlierScene) return this.earlierScene;
    const { gms, players } = this.partyRecords();
    // The word of players who play nothing is taken only as a page starts (a game master's, from any of
    // them; anyone's, from those who saw a game master there): later it is anyone's to give, and a hostile
    // record naming another scene would carry the page off its own.
    return tableScene(gms, players, { starting: !this.started, gm: this.me.gm, own: this.signer?.publicKey ?? null });
  }
  /** Keys proven on each scene since this page started (its browser may keep none). */
  private readonly provenKeys = new Map<string, readonly string[]>();

  private keptKeys(scene: string): readonly string[] {
    return remember(this.keeper?.gmKeys?.(scene) ?? [], this.provenKeys.get(scene) ?? [], LIMITS.keptKeys);
  }

  /** Whether a checkpoint carries the signature of a key this client takes for a game master's on its scene (checked first: `checkSignature`). */
  private keySigned(head: Head, hash: string): boolean {
    if (!head.key || !head.sig) return false;
    const t = this.trustOf(head.scene);
    // The players' word is for a client with nothing of its own to check against.
    const vouched = t.vouched.has(head.key) && this.base.trust === 'none';
    return (t.proven.has(head.key) || vouched) && this.verified.get(hash) === true;
  }

  /** Checks a checkpoint's signature once (kept by its head's digest, the newest kept longest). */
  private async checkSignature(head: Head | null, hash: string | null): Promise<void> {
    if (!head?.key || !head.sig || !hash) return;
    const known = this.verified.get(hash);
    this.verified.delete(hash);
    this.verified.set(hash, known ?? (await verifyCheckpoint(this.codec, head.key, head.sig, signedText(head))));
    bound(this.verified, 200);
  }

  /** Whether a game master stands behind a checkpoint: his record at the table signs it, or his key does. */
  private stands(head: Head, hash: string): boolean {
    return this.signedBy(head.scene, hash) || this.keySigned(head, hash);
  }

  /** A key proven otherwise than by a record's `k` (a game master's record signing a checkpoint that names it). */
  private proveKey(scene: string, key: string): void {
    const mine = this.provenKeys.get(scene) ?? [];
    if (mine.includes(key)) return;
    this.provenKeys.set(scene, remember(mine, [key], LIMITS.keptKeys));
    if (!this.mirror)
      this.keeper?.saveGmKeys?.(scene, remember(this.keeper.gmKeys?.(scene) ?? [], [key], LIMITS.keptKeys));
    this.trustCache = null;
  }

  /**
   * Keeps the keys proven now on this scene (in this page, and in this browser where it keeps any), and
   * vouches in this holder's record for those first, then for the newest kept. Stable from one read to
   * the next while nothing new is proven: a record that changed at every read would be published at
   * every read, and every page at the table would read again.
   */
  private vouch(scene: string): void {
    if (this.mirror) return;
    const t = this.trustOf(scene);
    const live = [...t.live];
    const mine = this.provenKeys.get(scene) ?? [];
    if (live.some((k) => !mine.includes(k))) this.provenKeys.set(scene, remember(mine, live, LIMITS.keptKeys));
    bound(this.provenKeys, LIMITS.recordScenes);
    const kept = this.keeper?.gmKeys?.(scene) ?? [];
    if (live.some((k) => !kept.includes(k))) this.keeper?.saveGmKeys?.(scene, remember(kept, live, LIMITS.keptKeys));
    const vouched = [...new Set([...live.sort(), ...[...this.keptKeys(scene)].reverse()])].slice(0, LIMITS.trustedKeys);
    const players = this.me.gm ? [...this.takenPlayerKeys].map(([k, p]) => ({ k, p })) : [];
    this.book.setTrusted(
      scene,
      vouched,
      this.base.trust === 'none' ? null : { n: this.base.gen, h: this.base.hash },
      players,
    );
  }

  private get gmHere(): boolean {
    return this.me.gm || [...this.live.values()].some((m) => m.author.gm);
  }

  /** Reads the table's keys: the checkpoint (each version once), every writer's pages its record signs, this writer's own. */
  async receive(metadata: Readonly<Record<string, unknown>>): Promise<void> {
    await this.signerReady;
    this.raw = metadata;
    this.trustCache = null;
    const now = this.now();
    const dropped: Dropped[] = [];
    this.waitedThisRead = false;
    await this.readBase(metadata, dropped, now);
    if (!this.waitedThisRead) this.lostSince = null;
    if (this.scene) this.vouch(this.scene);
    if (this.base.written && this.onTable(this.base.written)) this.tableDone = this.base.covers[this.me.writer] ?? 0;
    await this.checkPageSignatures(metadata);
    this.readWriters(metadata, dropped, now);
    dropped.push(...(await this.checkOpenings()));
    this.takeOwn(now);
    if (this.scene) await this.reviewKept(this.scene);
    for (const [key, u] of this.unsigned) {
      if (now - u.since >= SYNC_TIMING.reportAfterMs)
        dropped.push({
          key,
          problem: 'not signed by its writer: someone else wrote it (not played)',
          kind: 'refused',
          forged: true,
        });
    }
    if (this.headUnsigned && now - this.headUnsigned.since >= SYNC_TIMING.reportAfterMs) {
      dropped.push({
        key: this.keys.head,
        problem: 'a checkpoint no game master at this table signed (not played)',
        kind: 'refused',
      });
    }
    this.readDropped = dropped;
    this.replay();
    this.note(this.dropped);
    const played = this.played!;
    this.note(
      this.ops
        .filter((op) => played.refused.has(op.id))
        .map((op) => ({
          key: this.keys.page(op.writer, 0),
          problem: `op ${op.seq}`,
          kind: 'refused' as const,
          error: played.refused.get(op.id)!,
        })),
    );
    // (Its own pages' signature made meanwhile goes with them in the writes that follow.)
    await this.ownSigning;
  }

  // --- the checkpoint ----------------------------------------------------------------------------

  private async readBase(metadata: Readonly<Record<string, unknown>>, dropped: Dropped[], now: number): Promise<void> {
    const keyed = metadata[this.keys.scene];
    const found = typeof keyed === 'string' && SCENE_ID.test(keyed) ? keyed : null;
    const rawHead = metadata[this.keys.head];
    const { head, problem } = readHead(rawHead);
    const hash = head ? digestText(headText(head)) : null;
    await this.checkSignature(head, hash);
    if (this.base.written) await this.checkSignature(this.base.written.head, this.base.hash);
    const trusted = this.base.trust === 'own' || this.base.trust === 'verified';
    // The scene: a checkpoint signed for it decides; else the keys' id; else one this client makes.
    let scene: string | null;
    // The compactor keeps the scene it plays: its word decides the table's (a copy of another scene it
    // once signed, written into these keys, must not carry it off); so does a page that started on a
    // scene it found, its own pages there (only the table's word moves it: `toldScene`, below). One it
    // made itself, with no game master here, gives way to the keys' (another player made one too).
    if ((trusted || this.compactor || (this.started && this.scene !== this.madeScene)) && this.scene)
      scene = this.scene;
    else if (head && hash && this.stands(head, hash) && !(found && found !== head.scene && this.signsAny(found)))
      scene = head.scene;
    else scene = found ?? this.madeScene ?? (this.makesScene(now) ? (this.madeScene = this.newSceneId()) : null);
    // With nothing of its own, a client plays no scene but the one it played before on this page, or
    // the one the table plays: keys holding another scene's game (copied in, signed by the same game
    // master) are not played; a client that played it goes on (healing what it holds), the compactor
    // puts the table's back, a newcomer waits for it.
    const told = trusted ? null : this.toldScene();
    if (told && scene !== told) {
      dropped.push({
        key: this.keys.scene,
        problem: `the keys hold the game of another scene (${(scene ?? '?').slice(0, 64)}); the table plays ${told}`,
        kind: 'refused',
      });
      scene = found === told || head?.scene === told || this.compactor || this.scene === told ? told : null;
    }
    if (found && scene && scene !== found)
      dropped.push({
        key: this.keys.scene,
        problem: `the scene's id was changed to ${found.slice(0, 64)}; its checkpoint is of ${scene}`,
        kind: 'refused',
      });
    this.scene = scene;
    if (!scene) return;
    const get = (part: string) => metadata[this.keys.part(part)];
    if (head && head.scene !== scene)
      dropped.push({ key: this.keys.head, problem: 'a checkpoint of another scene', kind: 'refused' });
    else if (!head && problem && (rawHead as { v?: unknown } | null)?.v !== 1)
      dropped.push({ key: this.keys.head, problem, kind: 'unreadable' });
    this.unvouchedHead = null;
    this.headOnScene = head?.scene === scene;
    this.headStands = this.headOnScene && hash !== null && this.stands(head!, hash);
    // A game master's record that signs a checkpoint proves the key it names (his, as he wrote it).
    if (head?.key && hash && head.scene === scene && this.verified.get(hash) === true && this.signedBy(scene, hash))
      this.proveKey(scene, head.key);
    // The newest checkpoint a player at the table says he plays here: a client with none waits for that
    // one (unless its compacting game master gave up on it: no one wrote it back).
    const newest = this.awaited(scene);
    if (head && hash && head.scene === scene && hash !== this.base.hash) {
      if (this.stands(head, hash)) {
        // A game master stands behind it: taken if it is newer than what this client plays (an older
        // one a game master's record still signs is his lagging word; the compactor writes its own back).
        const byOthers = [...this.live.values()].some(
          (m) => m.author.gm && checkpointEntry(m.record, scene)?.h === hash,
        );
        const ours =
          this.base.written !== null && this.base.hash !== null && this.stands(this.base.written.head, this.base.hash);
        // A client with nothing of its own takes no checkpoint older than one the table plays (a stale
        // copy): whoever holds the newer one puts it back.
        // Two game masters who each compacted while apart (one away, then back while a player he made
        // one compacted) may each sign a checkpoint of the same number: every client takes the one that
        // falls short of fewer gone writers' pages (what they dropped for a checkpoint, that no one can
        // bring back: seed 568144336), then the one whose digest sorts first, decided by the data alone;
        // the ops only the other covered come back from their writers (`takeOwn`), and the next
        // checkpoint holds them.
        const first =
          head.gen === this.base.gen &&
          this.base.hash !== null &&
          sortsFirst(this.goneShort(head), hash, this.goneShort(this.base), this.base.hash);
        const newer =
          (this.base.trust === 'none' && head.gen >= newest) ||
          (this.base.trust === 'verified' && (head.gen > this.base.gen || first || !ours)) ||
          (this.base.trust === 'own' && byOthers && (head.gen > this.base.gen || first));
        if (newer) {
          this.headUnsigned = null;
          this.brokenHash = (await this.take(head, hash, get, 'verified', dropped)) ? null : hash;
        }
      } else {
        // No game master here stands behind it: never played. Someone else's where a game master
        // signs another; else, to a client that plays none, something its game master must choose.
        if (this.headUnsigned?.hash !== hash) this.headUnsigned = { hash, since: now };
        // Where players at the table play a checkpoint, only that one is offered: a head numbered past it
        // is no one's game here (a forgery), and waits for them to put theirs back.
        if (this.base.trust === 'none' && !this.declined.has(hash) && (newest === 0 || head.gen === newest))
          this.unvouchedHead = { head, hash, summary: await this.summary(head, hash, scene, dropped) };
      }
    } else if (hash === this.base.hash) this.headUnsigned = null;
    else if (!head && this.base.trust === 'none' && (rawHead as { v?: unknown } | null)?.v === 1) {
      // An earlier version's checkpoint (signed by no one): its game master may take it.
      const legacy = await readLegacy(rawHead, this.codec);
      if (!legacy)
        dropped.push({
          key: this.keys.head,
          problem: 'an earlier version’s checkpoint that could not be read',
          kind: 'unreadable',
        });
      else if (!this.declined.has('legacy')) {
        this.unvouchedHead = {
          head: null,
          hash: 'legacy',
          summary: {
            gen: 0,
            events: eventsIn(legacy.game),
            writers: Object.keys(legacy.covers).length,
            key: null,
            disputed: false,
          },
        };
      }
    } else if (!head && trusted && this.signsAny(scene)) {
      if (this.headUnsigned?.hash !== 'none') this.headUnsigned = { hash: 'none', since: now };
    }
    if (this.base.trust === 'none' && newest > 0 && !(head && head.scene === scene && head.gen === newest)) {
      dropped.push({
        key: this.keys.head,
        problem: `a player at this table plays checkpoint ${newest}, which the scene does not hold: waiting for it to be written back`,
        kind: 'refused',
      });
      if (this.compactor && !this.mirror && !this.waitForLost(now)) {
        this.gaveUpOnGen = newest;
        if (head !== null && head.scene === scene) {
          this.note([
            {
              key: this.keys.head,
              problem: `a player at this table plays checkpoint ${newest}, which no one here wrote back: the scene’s is yours to choose`,
              kind: 'refused',
            },
          ]);
        } else {
          // Numbered past it and past any his own record signs (lost the same way), and no longer waiting for that one either.
          const signed = checkpointEntry(this.book.record, scene);
          this.gaveUpOn = signed?.h ?? null;
          this.startAgainFromPages(
            Math.max(newest, signed?.g ?? 0),
            `a player at this table plays checkpoint ${newest}, which no one here wrote back: the game starts again from the pages`,
          );
        }
      }
    }
    await this.takeOn(scene, now, head && hash && head.scene === scene ? { head, hash } : null);
  }

  /**
   * How many writers gone from the table say, by their pages, that a checkpoint holds more of them than
   * `checkpoint` does: it never held what they dropped, and they cannot bring it back.
   */
  private goneShort(checkpoint: {
    readonly covers: Readonly<Record<string, number>>;
    readonly forgot?: Readonly<Record<string, number>> | null;
  }): number {
    let short = 0;
    for (const [writer, seen] of this.seen) {
      if (this.gone(writer) && seen.done > (checkpoint.covers[writer] ?? checkpoint.forgot?.[writer] ?? 0)) short++;
    }
    return short;
  }

  /** The newest checkpoint a player at the table says he plays here, unless this page gave up on it. */
  private awaited(scene: string): number {
    const newest = this.trustOf(scene).newest;
    return newest > this.gaveUpOnGen ? newest : 0;
  }

  /** The players' newest checkpoint this compactor gave up waiting for: not waited for again. */
  private gaveUpOnGen = 0;
  /** The lost checkpoint (its digest) his own record signs that he gave up waiting for: not waited for again. */
  private gaveUpOn: string | null = null;

  /**
   * The compacting game master's one wait for a lost checkpoint: the one the players say they play, or
   * the one his own record signs from an earlier life, that the scene does not hold and his browser did
   * not keep. Meanwhile he compacts nothing and is asked nothing; a client that holds it writes it back.
   * After `giveUpMs` with no one doing so (every page that held it reloaded with nothing of its own; or
   * a hostile player's record names a number no one plays) the caller decides: play what another game
   * master signs, ask him about the scene's, or start again from the pages (`startAgainFromPages`).
   * Liveness only: it decides when, not what is kept. True while still waiting.
   */
  private waitForLost(now: number): boolean {
    this.waitedThisRead = true;
    this.lostSince ??= now;
    if (now - this.lostSince < SYNC_TIMING.giveUpMs) return true;
    this.lostSince = null;
    return false;
  }

  /** Since when the compactor waits for a lost checkpoint (null: it waits for none). */
  private lostSince: number | null = null;
  /** Whether the current read waited: one that does not ends the wait. */
  private waitedThisRead = false;

  /** No checkpoint can be had: the game starts again from the pages, numbered past every lost one, and his page is told. */
  private startAgainFromPages(lostGen: number, problem: string): void {
    this.note([{ key: this.keys.head, problem, kind: 'refused' }]);
    this.base = { ...NO_BASE, gen: Math.max(lostGen, this.base.gen), trust: 'own', forgot: {} };
    this.damaged = [];
    this.resign = true;
    this.lostSince = null;
  }

  /** What a checkpoint no one here stands behind holds, for its game master to choose (read once each). */
  private async summary(head: Head, hash: string, scene: string, dropped: Dropped[]): Promise<Unvouched> {
    const disputed = this.trustOf(scene).disputed;
    const known = this.summaries.get(hash);
    if (known) return { ...known, disputed };
    let events: number | null = null;
    if (this.compactor) {
      const read = await new CheckpointReader(this.codec).read(head, (p) => this.raw[this.keys.part(p)]);
      if (read.ok) events = eventsIn(read.game);
      else if (!read.missing) dropped.push({ key: this.keys.head, problem: read.problem, kind: 'unreadable' });
    }
    const summary: Unvouched = {
      gen: head.gen,
      events,
      writers: Object.keys(head.covers).length,
      key: head.key?.slice(0, 8) ?? null,
      disputed,
    };
    if (events !== null) this.summaries.set(hash, summary);
    bound(this.summaries, 20);
    return summary;
  }

  private readonly summaries = new Map<string, Unvouched>();
  /** Writers a checkpoint forgot (gone for good, all of them in): how far they were covered. */
  private readonly forgotten = new Map<string, number>();

  /** Plays from a checkpoint (the keys', or the copy this browser kept), if all its parts are there (else waits for them). */
  private async take(
    head: Head,
    hash: string,
    get: (part: string) => unknown,
    trust: Trust,
    dropped: Dropped[],
  ): Promise<boolean> {
    const read = await this.reader.read(head, get);
    if (!read.ok) {
      if (!read.missing) dropped.push({ key: this.keys.head, problem: read.problem, kind: 'unreadable' });
      return false;
    }
    const checked = this.check(read.game);
    // A writer gone from the table whom a newer checkpoint no longer lists was forgotten by its compactor
    // once all of him was in: what this page still holds of him was played, and never is again. (One of
    // the same number, another game master's, may simply never have held him, nor a writer at the table:
    // what it lacks of his is played on top of it.)
    for (const [writer, seq] of Object.entries(this.base.covers)) {
      if (writer in head.covers || head.gen <= this.base.gen || !this.gone(writer)) continue;
      // (One that lists whom its compactor forgot says so: not listed, its line never held him.)
      if (forgotOf(head.forgot, writer) === 'never') continue;
      this.forgotten.set(writer, Math.max(seq, this.forgotten.get(writer) ?? 0));
      this.seen.delete(writer);
    }
    bound(this.forgotten, 1000);
    this.base = {
      game: checked.game,
      covers: head.covers,
      lamport: head.lamport,
      gm: head.gm,
      gen: head.gen,
      trust,
      written: { head, parts: read.parts },
      hash,
      left: head.left ?? [],
      forgot: head.forgot ?? null,
    };
    this.damaged = [...read.notices, ...checked.notices];
    if (trust === 'own') await this.writer.adopt(this.base.written!, this.reader);
    return true;
  }

  /** A checkpoint's logs replayed by their rules: a log they refuse is set aside alone, and said. */
  private check(game: TableGame): { game: TableGame; notices: string[] } {
    const refused = this.player.check(game);
    if (!refused.length) return { game, notices: [] };
    const games = { ...game.root.games } as Record<string, unknown>;
    for (const r of refused) delete games[r.system];
    const next = { ...game, root: { ...game.root, games: games as StoreRoot['games'] } };
    this.player.check(next);
    return {
      game: next,
      notices: refused.map((r) => `${r.system}: event ${r.event} refused by the rules (${r.code})`),
    };
  }

  /**
   * The compacting game master takes the checkpoint on as his own (and signs it); another game master
   * signs the one he checked. A compactor whose earlier life signed a checkpoint the keys no longer
   * hold puts back the copy his browser kept, or waits for a client that holds it to write it back,
   * and in the end takes the keys' as found, and says so.
   */
  private async takeOn(scene: string, now: number, found: { head: Head; hash: string } | null): Promise<void> {
    if (!this.me.gm || this.mirror) return;
    const signed = checkpointEntry(this.book.record, scene);
    if (!this.compactor) {
      if (this.base.trust === 'verified' && this.base.hash && signed?.h !== this.base.hash)
        this.book.setCheckpoint(scene, { h: this.base.hash, g: this.base.gen });
      return;
    }
    if (this.base.trust === 'own') return;
    // The copy this browser kept of the last checkpoint this compactor wrote: its own, where no one
    // else writes, and never older than what its record signs (it is kept before it is signed). It
    // stands over the scene's unless another game master at the table signs the scene's.
    const mine = this.keeper?.checkpoint(scene);
    const kept = mine ? readHead(mine.head).head : null;
    const othersSign =
      this.base.hash !== null &&
      [...this.live.values()].some((m) => m.author.gm && checkpointEntry(m.record, scene)?.h === this.base.hash);
    // A checkpoint another game master signs, older than the one this compactor signed: his word lags (the newer one may be on its way back).
    const behind = signed !== null && signed.g > this.base.gen;
    if (this.base.trust !== 'verified' || behind || (!othersSign && kept && kept.gen > this.base.gen)) {
      // Never one older than the table says it plays (another game master compacted since, while he was away).
      if (
        mine &&
        kept &&
        kept.scene === scene &&
        kept.gen >= (signed?.g ?? 0) &&
        kept.gen >= this.base.gen &&
        kept.gen >= this.trustOf(scene).newest &&
        this.base.hash !== digestText(headText(kept))
      ) {
        if (await this.take(kept, digestText(headText(kept)), (p) => mine.parts[p], 'own', [])) {
          this.note([
            {
              key: this.keys.head,
              problem: 'the checkpoint in the scene was not the last one you wrote: put back from your browser',
              kind: 'refused',
            },
          ]);
          this.lostSince = null;
          this.sign(scene);
          return;
        }
      }
      if (signed && this.base.hash !== signed.h && this.gaveUpOn !== signed.h) {
        // Signed in an earlier life, kept nowhere here: wait for a client that holds it, then play the
        // one another game master signs, or (the scene holds one no one here stands behind) let him
        // choose, or (none there) start again from the pages, numbered past the lost one.
        if (this.waitForLost(now)) return;
        this.gaveUpOn = signed.h;
        if (this.base.trust === 'verified') {
          this.note([
            {
              key: this.keys.head,
              problem:
                'the checkpoint you signed is nowhere to be had: the older one another game master signs is played',
              kind: 'refused',
            },
          ]);
        } else if (found && !this.declined.has(found.hash)) {
          this.note([
            {
              key: this.keys.head,
              problem:
                'the checkpoint you signed is nowhere to be had, and no one here stands behind the scene’s: yours to choose',
              kind: 'refused',
            },
          ]);
        } else {
          this.startAgainFromPages(
            signed.g,
            'the checkpoint you signed is nowhere to be had, and the scene holds none that reads: the game starts again from your pages',
          );
          this.sign(scene);
          return;
        }
      }
    }
    if (this.base.trust === 'verified') {
      this.base = { ...this.base, trust: 'own' };
      if (this.base.written) {
        await this.writer.adopt(this.base.written, this.reader);
        // Kept in this browser as one it wrote: his next connection puts it back should the scene lose it
        // (seed -288810071: a player made game master took another's checkpoint over and refreshed; it
        // was lost with the action only it held).
        this.keeper?.saveCheckpoint(scene, this.base.written);
      }
    }
    this.sign(scene);
  }

  private sign(scene: string): void {
    if (this.base.hash) this.book.setCheckpoint(scene, { h: this.base.hash, g: this.base.gen });
  }

  private partName(key: string): string {
    return key.slice(this.keys.part('').length);
  }

  // --- the writers -------------------------------------------------------------------------------

  private readWriters(metadata: Readonly<Record<string, unknown>>, dropped: Dropped[], now: number): void {
    const scene = this.scene!;
    const {
      groups,
      returned,
      signatures,
      strangers,
      dropped: unread,
    } = sortKeys(
      metadata,
      this.keys,
      LIMITS.pagesPerWriter,
      [...this.acceptedJson.keys()].filter((w) => w !== this.me.writer),
    );
    dropped.push(...unread);
    let unproven: { key: string; player: string; summary: UnprovenPages } | null = null;
    const ceiling = clockCeiling(this.base.lamport);
    let unknown = 0;
    const here = new Set<string>();
    const budget = budgetWriters(
      groups.keys(),
      (writer) => this.live.get(groups.get(writer)!.holder)?.author.player,
      LIMITS,
      this.me.writer,
    );
    for (const { writer, refused } of budget) {
      const g = groups.get(writer)!;
      if (writer === this.me.writer) continue;
      const values = g.values.map((x) => x ?? null);
      // Most reads find most pages as they were: the native stringify tells, before the canonical text and its digest are made again.
      const raw = JSON.stringify(values);
      const known = this.readCache.get(writer);
      const text = known?.raw === raw ? known.text : json(values);
      const live = this.live.get(g.holder);
      if (!live) {
        // Pages played under a key its game master left since, or its record gave up: no one's, as for everyone.
        const played = readPagesSignature(this.acceptedSigs.get(writer))?.key;
        if (played && (this.isLeft(played) || this.recordKeys.gaveUp(played))) this.forgetAccepted(writer);
        // A game master gone before his actions were compacted, whose pages his key signs: his, to a
        // client that never saw him too (his next connection, a newcomer), as to those that did; a later
        // version of them than the one it holds (a stale one was written over them meanwhile) too.
        const newer =
          text !== this.acceptedJson.get(writer) && versionOf(values) > (this.acceptedVersion.get(writer) ?? -1);
        const signed = newer ? this.signedGone(writer, text, scene, signatures.get(writer)?.value) : null;
        // Signed by a key this client cannot prove, and later than what it played of them (a writer this
        // client saw at the table too, whose record it never read sign them, or not his last pages): its
        // game master is asked, and they are kept meanwhile.
        const asked =
          !signed && newer && values.some((x) => x !== null)
            ? this.unprovenOf(writer, text, scene, signatures.get(writer)?.value, g.keys, values)
            : null;
        unproven ??= asked;
        if (signed && values.some((x) => x !== null)) {
          this.remembered.set(g.holder, signed);
          this.accept(writer, g.keys, values, signed, scene, ceiling, dropped);
          this.acceptedSigs.set(writer, signatures.get(writer)!.value);
          this.acceptedJson.set(writer, text);
          this.acceptedValues.set(writer, values);
          this.acceptedVersion.set(writer, versionOf(values));
        }
        const gone = this.remembered.get(g.holder);
        if (text === this.acceptedJson.get(writer)) this.current.add(writer);
        else this.current.delete(writer);
        // (His pages or their signature: a signature emptied alone, its pages written over meanwhile, left
        // his pages unprovable to his next connection on a browser that kept nothing: seed 1512232081.)
        const sigChanged =
          this.acceptedSigs.has(writer) &&
          json(signatures.get(writer)?.value ?? null) !== json(this.acceptedSigs.get(writer));
        if (gone && this.acceptedSigs.has(writer) && (text !== this.acceptedJson.get(writer) || sigChanged)) {
          if (!this.goneChanged.has(writer)) this.goneChanged.set(writer, now);
        } else this.goneChanged.delete(writer);
        if (
          gone &&
          text !== (this.acceptedJson.get(writer) ?? json(Array(LIMITS.pagesPerWriter).fill(null))) &&
          values.some((x) => x !== null)
        ) {
          dropped.push({
            key: g.keys[0]!,
            problem: 'written after its writer left the table (not played)',
            kind: 'refused',
          });
        } else if (!gone && values.some((x) => x !== null)) {
          if (unknown++ < 8)
            dropped.push({
              key: g.keys[0]!,
              problem: 'no one at this table holds this key: not played',
              kind: 'refused',
            });
          if (!asked) g.keys.forEach((k, p) => values[p] !== null && strangers.add(k));
        }
        continue;
      }
      if (refused) {
        dropped.push({ key: g.keys[0]!, problem: refused, kind: 'refused' });
        continue;
      }
      here.add(writer);
      const entry = opsEntry(live.record, scene);
      const d = known?.raw === raw ? known.digest : digestText(text);
      this.readCache.set(writer, { raw, text, digest: d });
      // Signed as the writer's latest, or as one of its last few (a copy a write or two behind: played
      // only if it is not behind what this client already plays of that writer).
      const latest = entry !== null && entry.h === d;
      const earlier = !latest && (entry?.p ?? []).includes(d);
      const signed = latest || (earlier && versionOf(values) > (this.acceptedVersion.get(writer) ?? -1));
      if (latest || earlier) this.current.add(writer);
      else this.current.delete(writer);
      if (!(earlier && !signed)) this.behind.delete(writer);
      else if (!this.behind.has(writer)) this.behind.set(writer, now);
      if ((latest || earlier) && text === this.acceptedJson.get(writer)) {
        this.unsigned.delete(g.keys[0]!);
        // (A writer's signature may land after the pages it signs.)
        if (!this.acceptedSigs.has(writer) && signatures.has(writer))
          this.keepSignature(writer, d, signatures.get(writer)!.value);
        continue;
      }
      if (earlier && !signed) continue;
      if (signed) {
        this.unsigned.delete(g.keys[0]!);
        this.accept(writer, g.keys, values, live.author, scene, ceiling, dropped);
        this.keepSignature(writer, d, signatures.get(writer)?.value);
        this.acceptedJson.set(writer, text);
        this.acceptedValues.set(writer, values);
        this.acceptedVersion.set(writer, versionOf(values));
      } else if (values.some((x) => x !== null) || this.acceptedJson.has(writer)) {
        const record = json(entry);
        const u = this.unsigned.get(g.keys[0]!);
        if (!u || u.json !== text || u.record !== record)
          this.unsigned.set(g.keys[0]!, {
            json: text,
            record,
            since: now,
            carriesOn: this.carriesOn(writer, g.keys, values, live.author, scene, ceiling),
          });
      }
    }
    this.readReturns(returned, here, ceiling, dropped);
    if (unknown > 8)
      dropped.push({
        key: this.keys.page('…', 0),
        problem: `${unknown - 8} more keys of no one at this table: not played`,
        kind: 'refused',
      });
    for (const key of this.unsigned.keys()) {
      const name = this.keys.pageOf(key);
      if (name.kind !== 'page' || !here.has(name.writer)) this.unsigned.delete(key);
    }
    for (const writer of this.behind.keys()) if (!here.has(writer)) this.behind.delete(writer);
    this.unprovenPages = unproven;
    // A signature of pages no one at the table writes, with no pages left: emptied as keys of no one are.
    for (const [writer, { key }] of signatures) {
      if (
        writer !== this.me.writer &&
        !this.live.has(this.keys.holderOf(writer)) &&
        !groups.get(writer)?.values.some((x) => x !== null)
      )
        strangers.add(key);
    }
    for (const key of strangers) {
      const text = JSON.stringify(metadata[key] ?? null).slice(0, 100_000);
      const was = this.strangerSince.get(key);
      if (!was || was.json !== text) this.strangerSince.set(key, { json: text, since: now });
    }
    for (const key of this.strangerSince.keys()) if (!strangers.has(key)) this.strangerSince.delete(key);
  }

  /** Drops what this client played of a gone writer: none of it is played any more, nor written back. */
  private forgetAccepted(writer: string): void {
    this.seen.delete(writer);
    this.acceptedJson.delete(writer);
    this.acceptedValues.delete(writer);
    this.acceptedVersion.delete(writer);
    this.acceptedSigs.delete(writer);
    this.goneChanged.delete(writer);
    this.gapCopies.delete(writer);
    this.current.delete(writer);
  }

  /** Checks, once each, the signatures of pages whose writer is not at the table (./keys.ts `signature`). */
  private async checkPageSignatures(metadata: Readonly<Record<string, unknown>>): Promise<void> {
    if (!this.keys.signature) return;
    for (const [key, value] of Object.entries(metadata)) {
      if (!this.keys.isWriterKey(key)) continue;
      const name = this.keys.pageOf(key);
      if (name.kind !== 'signature' || this.live.has(name.holder)) continue;
      const sig = readPagesSignature(value);
      if (!sig) continue;
      const id = `${name.writer}|${json(sig)}`;
      const known = this.pagesVerified.get(id);
      this.pagesVerified.delete(id);
      this.pagesVerified.set(id, known ?? (await verifyPages(this.codec, name.writer, sig)));
      bound(this.pagesVerified, 200);
    }
  }

  /** Keeps a writer's signature of the pages just accepted of him, if it signs them as they are. */
  private keepSignature(writer: string, digest: string, value: unknown): void {
    const sig = readPagesSignature(value);
    if (sig && signsDigest(sig, digest)) this.acceptedSigs.set(writer, value);
    else this.acceptedSigs.delete(writer);
  }

  /** A gone writer's pages' signature, if it holds for them as they are on this scene (checked by `checkPageSignatures`). */
  private pagesSignature(writer: string, text: string, scene: string, value: unknown): PagesSignature | null {
    const sig = readPagesSignature(value);
    return sig &&
      sig.scene === scene &&
      signsDigest(sig, digestText(text)) &&
      this.pagesVerified.get(`${writer}|${json(sig)}`) === true
      ? sig
      : null;
  }

  /**
   * The author of a gone writer's pages, if they are signed as they are by a key this client can tie to
   * the player the signature names, in the role it names: a game master's key it trusts on the scene
   * (his, whatever role he signed in); the key that signed a version of them this client played while
   * his record signed it; for a player's pages, also the key in the record of that player's connection
   * at the table now (his refresh, in the same browser), this page's own among them, or a key his game
   * master took as that player's.
   */
  private signedGone(writer: string, text: string, scene: string, value: unknown): Author | null {
    const sig = this.pagesSignature(writer, text, scene, value);
    if (!sig || this.isLeft(sig.key)) return null;
    const t = this.trustOf(scene);
    if (t.proven.has(sig.key) || t.vouched.has(sig.key)) return { player: sig.player, gm: sig.gm };
    // The key that signed the version of his pages this client played while his record signed them:
    // his later versions are his too (his record's last write lost with his tab).
    const played = readPagesSignature(this.acceptedSigs.get(writer));
    const sameKey = played && played.key === sig.key && played.player === sig.player && (played.gm || !sig.gm);
    if (sameKey && !this.recordKeys.gaveUp(sig.key)) return { player: sig.player, gm: sig.gm };
    if (sig.gm) return null;
    return this.isPlayersKey(scene, sig.player, sig.key) ? { player: sig.player, gm: false } : null;
  }

  /** Whether this key is this player's, by what the tabletop ties to him now (his connections' records, this page's own) or a game master's word (his answer, in his record). */
  private isPlayersKey(scene: string, player: string, key: string): boolean {
    if (this.signer?.publicKey === key && this.me.player === player) return true;
    for (const m of this.live.values()) {
      if (m.author.player === player && m.record?.k === key) return true;
      if (m.author.gm && m.record?.g?.s === scene && m.record.g.p?.some((x) => x.k === key && x.p === player))
        return true;
    }
    return this.takenPlayerKeys.get(key) === player;
  }

  /** Whether the game master left this key: by this page's choice, or as the checkpoint it plays says. */
  private isLeft(key: string): boolean {
    return this.left.has(key) || this.base.left.includes(key);
  }

  /** Players' keys the compacting game master took as theirs (`chooseUnproven`), with the player each signs for. */
  private readonly takenPlayerKeys = new Map<string, string>();

  /** Pages of a gone writer validly signed by a key this client cannot tie to the player and role they name, and not left already: what its game master is asked. */
  private unprovenOf(
    writer: string,
    text: string,
    scene: string,
    value: unknown,
    keys: readonly string[],
    values: readonly unknown[],
  ): { key: string; player: string; summary: UnprovenPages } | null {
    const sig = this.pagesSignature(writer, text, scene, value);
    if (!sig || this.isLeft(sig.key)) return null;
    const actions = readPages(
      writer,
      keys,
      values,
      { player: sig.player, gm: sig.gm },
      scene,
      this.coveredOf(writer),
      clockCeiling(this.base.lamport),
    ).ops.length;
    return actions
      ? {
          key: sig.key,
          player: sig.player,
          summary: { player: sig.player.slice(0, 64), gm: sig.gm, actions, key: sig.key.slice(0, 12) },
        }
      : null;
  }

  /** Whether unsigned pages keep every op accepted of their writer that they do not say is in the checkpoint, as it was. */
  private carriesOn(
    writer: string,
    keys: readonly string[],
    values: readonly unknown[],
    author: Author,
    scene: string,
    ceiling: number,
  ): boolean {
    const seen = this.seen.get(writer);
    if (!seen) return false;
    const read = readPages(writer, keys, values, author, scene, 0, ceiling);
    if (read.done < seen.done) return false;
    const now = new Map(read.ops.map((op) => [op.seq, json(op)]));
    return [...seen.ops.values()].every((op) => op.seq <= read.done || now.get(op.seq) === json(op));
  }

  /** A writer's pages its record signs: their ops are this writer's, kept until the checkpoint covers them. */
  private accept(
    writer: string,
    keys: readonly string[],
    values: readonly unknown[],
    author: Author,
    scene: string,
    ceiling: number,
    dropped: Dropped[],
  ): void {
    const read = readPages(writer, keys, values, author, scene, 0, ceiling);
    dropped.push(...read.dropped);
    const before = this.seen.get(writer);
    const ops = new Map<number, ReadOp>();
    for (const [seq, op] of before?.ops ?? []) if (seq <= read.done) ops.set(seq, op);
    // Ops his pages dropped that no checkpoint this client plays covers: the pages that held them are kept, to write back should that checkpoint be lost (./returns.ts).
    const kept = new Set(read.ops.map((op) => op.seq));
    const prev = this.acceptedValues.get(writer);
    const gap = prev ? droppedUncovered(before?.ops.keys() ?? [], kept, this.base.covers[writer] ?? 0) : [];
    // Only ops the copy itself holds: one learnt from a return key is not in it, and a copy that would return nothing would be written back for ever.
    const inCopy = gap.length
      ? new Set(readPages(writer, keys, prev!, author, scene, 0, ceiling).ops.map((op) => op.seq))
      : null;
    const returnable = gap.filter((seq) => inCopy!.has(seq));
    if (returnable.length)
      this.gapCopies.set(
        writer,
        [{ values: prev!, seqs: returnable }, ...(this.gapCopies.get(writer) ?? [])].slice(0, 4),
      );
    this.onTableSeqs.set(writer, kept);
    const gm = author.gm || this.now() < (this.gmUntil.get(this.keys.holderOf(writer)) ?? -Infinity);
    for (const op of read.ops) {
      ops.set(op.seq, op);
      if (gm && op.claimsGm) this.gmSeen.set(writer, Math.max(this.gmSeen.get(writer) ?? 0, op.seq));
    }
    bound(ops, 1000);
    this.seen.set(writer, { ops, done: read.done });
  }

  /**
   * The return keys (./returns.ts): ops of a writer at the table, in pages his record signs, that his
   * pages dropped and no checkpoint this client plays covers, are played as his; this page's own come
   * back into its pages.
   */
  private readReturns(
    returned: ReadonlyMap<string, { key: string; value: unknown }>,
    here: ReadonlySet<string>,
    ceiling: number,
    dropped: Dropped[],
  ): void {
    const scene = this.scene!;
    this.returnKeys = new Map();
    for (const [writer, { key, value }] of returned) {
      const live: number[] = [];
      this.returnKeys.set(writer, { key, live });
      const pages = readReturned(value, scene);
      const mine = writer === this.me.writer;
      const holder = mine ? null : this.live.get(this.keys.holderOf(writer));
      const entry = opsEntry(mine ? this.book.record : (holder?.record ?? null), scene);
      const d = pages ? digestText(json(pages)) : null;
      if (!pages || !entry || !signsPages(entry, d!) || (!mine && !here.has(writer))) {
        if (value !== null && !isEmptyPage(value))
          dropped.push({
            key,
            problem: 'pages written back that no writer at the table signs (not played)',
            kind: 'refused',
          });
        continue;
      }
      const keys = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => this.keys.page(writer, p));
      const read = readPages(writer, keys, pages, mine ? this.author : holder!.author, scene, 0, ceiling);
      const covered = this.base.covers[writer] ?? 0;
      if (mine) {
        for (const op of read.ops) {
          if (
            op.seq <= covered ||
            this.mine.some((m) => m.seq === op.seq) ||
            this.covered.some((m) => m.seq === op.seq)
          )
            continue;
          this.covered.push(ownOp(op));
          live.push(op.seq);
        }
        continue;
      }
      const seen = this.seen.get(writer);
      if (!seen) continue;
      for (const op of read.ops) {
        if (op.seq <= covered) continue;
        live.push(op.seq);
        if (!seen.ops.has(op.seq)) seen.ops.set(op.seq, op);
        this.onTableSeqs.get(writer)?.add(op.seq);
      }
    }
  }

  /** The return keys to write: for each writer at the table, pages this client holds whose dropped ops the table lacks (./returns.ts). */
  private returnsToWrite(): [string, unknown][] {
    const out: [string, unknown][] = [];
    // A client playing no checkpoint writes back only where the scene holds none a game master stands
    // behind (every copy of it lost, or written over by one no one signed): else it may be one it has yet to take.
    if (
      !this.keys.returned ||
      !this.scene ||
      (this.base.trust !== 'verified' && this.base.trust !== 'own' && this.headStands)
    )
      return out;
    for (const [writer, copies] of this.gapCopies) {
      const coverage = this.base.covers[writer] ?? 0;
      // Only copies his record still signs: any other no client plays (`readReturns`), and would be written back for ever.
      const entry = opsEntry(this.live.get(this.keys.holderOf(writer))?.record ?? null, this.scene);
      const signed = entry ? copies.filter((c) => signsPages(entry, digestText(json(c.values)))) : [];
      const copy = copyToReturn(signed, coverage, this.onTableSeqs.get(writer) ?? new Set());
      if (!copy) {
        if (copies.every((c) => c.seqs.every((s) => s <= coverage))) this.gapCopies.delete(writer);
        continue;
      }
      out.push([this.keys.returned(writer), returnedValue(this.scene, copy.values)]);
    }
    return out;
  }

  // --- this writer's own pages ------------------------------------------------------------------

  private ownPageValues(scene: string): (OpPage | null)[] {
    const pages: Op[][] = Array.from({ length: LIMITS.pagesPerWriter }, () => []);
    for (const op of this.mine) pages[this.pageOf.get(op.seq) ?? 0]!.push(op);
    const done = this.base.covers[this.me.writer] ?? 0;
    return pages.map((ops, p) => pageValue(scene, done, ops, p === 0));
  }

  private sceneOwnValues(): unknown[] {
    return Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => this.raw[this.keys.page(this.me.writer, p)] ?? null);
  }

  /**
   * This writer's own pages. When the page starts, what they hold is taken back only if this holder's
   * record (from its earlier life) signs it, or the copy this browser kept; anything else in them is
   * someone else's, said, and written over. After that, what this page keeps wins.
   */
  private takeOwn(now: number): void {
    const scene = this.scene;
    if (this.mirror) {
      this.started = true;
      return;
    }
    // No scene yet (the keys hold another scene's game, and this page waits for the table's): its own
    // pages are taken back once it has one, not forgotten now.
    if (!scene) return;
    const values = this.sceneOwnValues();
    const text = json(values);
    const h = digestText(text);
    const done = this.base.covers[this.me.writer] ?? 0;
    if (!this.started) {
      if (!this.takeBack(scene, values, h, done, now)) return;
      this.started = true;
    }
    // Ops now in the checkpoint move to `covered`; covered ones a newer checkpoint no longer covers come
    // back. One seq is one op: a page that took its pages back holds what a return key gave it already
    // (seed 1746799125: both kept, the game master's action played twice).
    const inMine = new Set(this.mine.map((op) => op.seq));
    const back = this.covered.filter((op) => op.seq > done && !inMine.has(op.seq));
    const stays = this.covered.filter((op) => op.seq <= done);
    const staysSeqs = new Set(stays.map((op) => op.seq));
    this.covered = [...stays, ...this.mine.filter((op) => op.seq <= done && !staysSeqs.has(op.seq))].slice(-400);
    this.mine = [...back, ...this.mine.filter((op) => op.seq > done)].sort((a, b) => a.seq - b.seq);
    for (const op of back) if (!this.pageOf.has(op.seq)) this.pageOf.set(op.seq, 0);
    for (const seq of this.pageOf.keys()) if (!this.mine.some((o) => o.seq === seq)) this.pageOf.delete(seq);
    this.restamp();
    const want = this.ownPageValues(scene);
    if (text !== json(want) && !this.written.has(h) && values.some((x) => x !== null)) {
      this.tamper({
        key: this.keys.page(this.me.writer, 0),
        problem: 'holds what this page did not write: someone else wrote in its key (written over)',
        kind: 'refused',
        forged: true,
      });
    }
    this.signOwn(scene, want);
    // Which of our ops the table lacks, since when: not in the keys, or not signed there yet.
    const signedHere = opsEntry(this.heard, scene)?.h === h;
    const inScene = new Set<string>();
    for (const v of values) for (const op of ((v as OpPage | null)?.ops ?? []) as Op[]) inScene.add(json(op));
    const next = new Map<number, number>();
    for (const op of this.mine)
      if (!signedHere || !inScene.has(json(op))) next.set(op.seq, this.missing.get(op.seq) ?? now);
    // Ops compacted into a checkpoint the table does not hold yet are still on their way too.
    for (const op of this.covered) if (op.seq > this.tableDone) next.set(op.seq, this.missing.get(op.seq) ?? now);
    this.missing = next;
    // (Covered by a checkpoint the table holds: one of its own still on its way may never arrive.)
    const landed = Math.max(this.tableDone, ...this.mine.filter((op) => !next.has(op.seq)).map((op) => op.seq));
    const kept = this.keeper?.signedPages?.(scene)?.find((k) => k.writer === this.me.writer);
    if (kept) this.noteLanded(scene, kept, landed, this.tableDone);
  }

  /** How far this writer's ops are in a checkpoint the table holds (read there whole). */
  private tableDone = 0;

  /** Whether the keys hold this checkpoint whole, as written. */
  private onTable(written: Written): boolean {
    return (
      json(this.raw[this.keys.head]) === json(written.head) &&
      [...written.parts].every(([name, value]) => this.raw[this.keys.part(name)] === value)
    );
  }

  /**
   * What this page wrote in its earlier life (a reload keeps the connection and its record): the copy
   * this browser kept (no one else writes it, and it is never behind the record), else what the keys
   * hold if the record signs it. If they hold something else (written over while the page reloaded),
   * the page waits a moment for a client that holds its signed pages to write them back (the game
   * master's does); then it goes on without what it cannot get back, and says so. False: still waiting.
   */
  private takeBack(scene: string, values: readonly unknown[], h: string, done: number, now: number): boolean {
    const entry = opsEntry(this.book.record, scene);
    const kept = this.keeper?.pages(scene) ?? null;
    this.seq = Math.max(this.seq, entry?.n ?? 0, kept?.seq ?? 0, done);
    let adopt: readonly unknown[] | null = null;
    // Ops someone added after the last one its record signs are cut away (theirs, said after).
    const cut = entry && entry.h !== h ? signedPrefix(values, entry.n) : values;
    const hCut = cut === values ? h : digestText(json(cut));
    if (kept && kept.seq >= (entry?.n ?? 0)) adopt = kept.pages;
    else if (!entry || entry.h === h) adopt = entry ? values : null;
    else if (entry.h === hCut) adopt = cut;
    else {
      this.takingBackSince ??= now;
      if (now - this.takingBackSince < SYNC_TIMING.takeBackMs) return false;
      // An earlier version of its own is still its own; anything else is someone else's.
      if ((entry.p ?? []).includes(h)) adopt = values;
      else if ((entry.p ?? []).includes(hCut)) adopt = cut;
    }
    this.takingBackSince = null;
    if (!adopt) {
      if (values.some((x) => x !== null))
        this.tamper({
          key: this.keys.page(this.me.writer, 0),
          problem: 'held what your record does not sign when your page started: someone else wrote it (written over)',
          kind: 'refused',
          forged: true,
        });
      return true;
    }
    const keys = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => this.keys.page(this.me.writer, p));
    const read = readPages(this.me.writer, keys, adopt, this.author, scene, 0, Number.MAX_SAFE_INTEGER);
    const pageOfSeq = new Map<number, number>();
    adopt.forEach((page, p) => {
      for (const op of ((page as OpPage | null)?.ops ?? []) as readonly { seq?: unknown }[])
        if (typeof op?.seq === 'number') pageOfSeq.set(op.seq, p);
    });
    for (const op of read.ops) {
      if (this.mine.some((m) => m.seq === op.seq)) continue;
      this.mine.push(ownOp(op));
      this.pageOf.set(op.seq, pageOfSeq.get(op.seq) ?? 0);
      // Its earlier life made these as the tabletop said it was: its own word, kept where no one else writes.
      if (op.gm) this.gmSeen.set(this.me.writer, Math.max(this.gmSeen.get(this.me.writer) ?? 0, op.seq));
    }
    this.mine.sort((a, b) => a.seq - b.seq);
    this.written.add(digestText(json(adopt)));
    // Its ops lately compacted: brought back if the checkpoint that covered them never reached the table.
    if (adopt === kept?.pages && kept.covered) {
      const covered = readPages(
        this.me.writer,
        [keys[0]!],
        [{ v: 2, scene, done: 0, ops: kept.covered }],
        this.author,
        scene,
        0,
        Number.MAX_SAFE_INTEGER,
      );
      this.covered = covered.ops.filter((op) => !this.mine.some((m) => m.seq === op.seq)).map(ownOp);
    }
    this.seq = Math.max(this.seq, ...this.mine.map((o) => o.seq));
    this.clock = Math.max(this.clock, ...this.mine.map((o) => o.lamport));
    return true;
  }

  private takingBackSince: number | null = null;

  /**
   * Other writers' pages written over while their writer's record still signs what this client holds
   * of them (a page reloading, a stale copy, a hostile write): written back, by the compacting client
   * first (`probe`: also those it waits to write back); each with its writer's signature of them
   * this client holds, if any.
   */
  private pagesToWriteBack(now: number, probe = false): WriteBack[] {
    const out: WriteBack[] = [];
    if (!this.scene) return out;
    const wait = probe ? 0 : this.compactor ? SYNC_TIMING.restoreAfterMs : 2 * SYNC_TIMING.restoreAfterMs;
    const due = new Map<string, number>(this.behind);
    for (const [key, u] of this.unsigned) {
      const name = this.keys.pageOf(key);
      if (name.kind === 'page') due.set(name.writer, u.since);
    }
    for (const [writer, since] of due) {
      const held = this.acceptedValues.get(writer);
      const entry = opsEntry(this.live.get(this.keys.holderOf(writer))?.record ?? null, this.scene);
      if (now - since < wait || !held || !entry) continue;
      // The copy this client holds, if the writer's record still signs it (its latest, or one of its last few).
      if (signsPages(entry, digestText(json(held)))) out.push([writer, held, this.acceptedSigs.get(writer)]);
    }
    // A writer gone, his record with him: his signed pages, with their signature, while they hold
    // actions the checkpoint this client plays does not cover (once it does, his keys are emptied).
    for (const [writer, since] of this.goneChanged) {
      const held = this.acceptedValues.get(writer);
      const seen = this.seen.get(writer);
      if (
        now - since < wait ||
        !held ||
        !this.gone(writer) ||
        ![...(seen?.ops.keys() ?? [])].some((seq) => seq > this.coveredOf(writer))
      )
        continue;
      out.push([writer, held, this.acceptedSigs.get(writer)]);
    }
    return out;
  }

  /**
   * Pages this browser's earlier connection wrote as a game master, as his key signed them and this
   * browser kept them: written back, signature and all, while the keys hold another copy (written over
   * while every page that held them reloaded) and they hold actions the checkpoint this client plays does
   * not cover. Only that connection wrote them, and it signed every version before writing it: no copy on
   * the table is newer. Not once the checkpoint forgot that connection (it lists it no more, and its keys
   * were emptied): what they hold was folded in before, and would be played twice.
   */
  private keptToWriteBack(scene: string): WriteBack[] {
    const out: WriteBack[] = [];
    const signatureKey = this.keys.signature;
    if (!signatureKey) return out;
    for (const kept of this.keeper?.signedPages?.(scene) ?? []) {
      const { writer, pages, signature } = kept;
      if (!this.isKeptGone(kept)) continue;
      const cut = this.keptCut(kept);
      // (Not yet trimmed to what lies past it: `reviewKept` signs them again first.)
      if (lastSeq(pages) <= cut || firstSeq(pages) <= cut) continue;
      const onTable = Array.from(
        { length: LIMITS.pagesPerWriter },
        (_, p) => this.raw[this.keys.page(writer, p)] ?? null,
      );
      const sigOnTable = this.raw[signatureKey(writer)] ?? null;
      if (json(onTable) !== json(pages) || json(sigOnTable) !== json(signature)) out.push([writer, pages, signature]);
    }
    return out;
  }

  /**
   * Up to where a kept connection's pages are not written back: what the checkpoint covers of it, or
   * covered once. Where the checkpoint does not list it and its keys are empty, it may have been folded
   * in and then forgotten (e0a399a: played twice), which takes two checkpoints after the last one under
   * which this browser saw its actions on the table uncovered: past that, only what never reached the
   * table is written back (a write lost as the tab closed). Before, nothing was forgotten: its keys were
   * emptied by a stale copy, and all it holds past what was covered goes back.
   */
  /** How far a kept connection's actions may be in the game this client plays (./kept.ts). */
  private keptCut(kept: KeptSigned): number {
    const { writer } = kept;
    const empty = () =>
      Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => this.raw[this.keys.page(writer, p)]).every((x) =>
        isEmptyPage(x),
      ) && isEmptyPage(this.raw[this.keys.signature?.(writer) ?? '']);
    return keptCut(kept, this.base, forgotOf(this.base.forgot, writer), empty);
  }

  /** Whether a kept connection is one whose pages this client may write back: gone from the table, its pages whole. */
  private isKeptGone(kept: KeptSigned): boolean {
    return (
      this.gone(kept.writer) &&
      this.keys.isWriterKey(this.keys.page(kept.writer, 0)) &&
      kept.pages.length === LIMITS.pagesPerWriter
    );
  }

  /**
   * Keeps, for a connection of this browser's, the highest seq of it seen on the table (and under which
   * checkpoint, if uncovered), and covered by a checkpoint. Returns the entry as kept now.
   */
  private noteLanded(scene: string, kept: KeptSigned, landed: number, covered = 0): KeptSigned {
    if (this.mirror) return kept;
    const noted = noteLanded(kept, landed, covered, this.base.gen);
    if (noted !== kept) this.keeper?.saveSignedPages?.(scene, noted);
    return noted;
  }

  /**
   * This browser's earlier connections' kept pages, at each read (and after a compaction): what this
   * client now sees of each is noted (`noteLanded`), then its pages are trimmed to what lies past
   * `keptCut` and signed again by its key for that connection (the same player and role), so that what
   * is written back of them (`keptToWriteBack`) never holds an action the checkpoint may have folded in
   * and forgotten.
   */
  private async reviewKept(scene: string): Promise<void> {
    if (this.mirror || !this.keys.signature) return;
    const signer = this.signer;
    for (const found of this.keeper?.signedPages?.(scene) ?? []) {
      if (!this.isKeptGone(found)) continue;
      const { writer } = found;
      const covered = this.coveredOf(writer);
      const kept = this.noteLanded(
        scene,
        found,
        Math.max(covered, this.acceptedValues.has(writer) ? lastSeq(this.acceptedValues.get(writer)!) : 0),
        covered,
      );
      const cut = this.keptCut(kept);
      if (!signer || lastSeq(kept.pages) <= cut || firstSeq(kept.pages) > cut) continue;
      const sig = readPagesSignature(kept.signature);
      if (!sig || sig.key !== signer.publicKey) continue;
      const pages = kept.pages.map((page, p) =>
        pageValue(
          scene,
          cut,
          (((page as OpPage | null)?.ops ?? []) as Op[]).filter((op) => typeof op?.seq === 'number' && op.seq > cut),
          p === 0,
        ),
      );
      const value = await signPages(this.codec, signer.secret, signer.publicKey, kept.writer, {
        scene,
        player: sig.player,
        gm: sig.gm,
        h: digestText(json(pages)),
      });
      if (value) this.keeper?.saveSignedPages?.(scene, { ...kept, pages, signature: value });
    }
  }

  /** Whether this client waits on time alone (its own pages to come back, a signed checkpoint to appear): its page reads the keys again now and then. */
  get waiting(): boolean {
    return (
      (!this.started && this.takingBackSince !== null) ||
      this.lostSince !== null ||
      this.unsigned.size > 0 ||
      this.behind.size > 0 ||
      this.headUnsigned !== null ||
      this.choosing ||
      (this.compactor && this.unprovenPages !== null)
    );
  }

  /** Signs this writer's pages as it wants the table to hold them, and keeps a copy in this browser. */
  private signOwn(scene: string, pages: readonly unknown[]): void {
    const text = json(pages);
    const h = digestText(text);
    this.written.add(h);
    bound(this.written, 2000);
    const before = opsEntry(this.book.record, scene);
    this.book.setOps(scene, h, this.seq);
    this.signOwnPages(scene, h, pages);
    if (before?.h !== h || before.n !== this.seq) this.keeper?.savePages(scene, pages, this.seq, this.covered);
  }

  /**
   * A writer's pages also carry his browser key's signature, with his player and role (./keys.ts
   * `signature`), so that they stay his once his connection, and the record that signs them, is gone:
   * a game master's to everyone who trusts his key; a player's to everyone while his next connection (a
   * refresh, in the same browser) is at the table, since its record names that key. None for pages with
   * no action in them.
   */
  private signOwnPages(scene: string, h: string, pages: readonly unknown[]): void {
    if (!this.keys.signature || this.ownSigned?.h === h) return;
    const signer = this.signer;
    if (!signer || pages.every((x) => isEmptyPage(x))) {
      this.ownSigned = { h, value: null };
      return;
    }
    this.ownSigned = { h, value: 'pending' };
    this.ownSigning = signPages(this.codec, signer.secret, signer.publicKey, this.me.writer, {
      scene,
      player: this.me.player,
      gm: this.me.gm,
      h,
      p: opsEntry(this.book.record, scene)?.p ?? [],
    }).then((value) => {
      if (this.ownSigned?.h !== h) return;
      this.ownSigned = { h, value };
      // Kept in this browser too: should he leave, and every page that held them reload while someone writes
      // over them, his next connection here writes them back (`keptToWriteBack`).
      const before = this.keeper?.signedPages?.(scene)?.find((k) => k.writer === this.me.writer);
      if (value) this.keeper?.saveSignedPages?.(scene, { ...before, writer: this.me.writer, pages, signature: value });
    });
  }

  /** Our ops stay under the table's clock ceiling (a found checkpoint with a huge clock, then put right): stamped again, in order, below it. */
  private restamp(): void {
    const ceiling = clockCeiling(this.base.lamport);
    const n = this.mine.length;
    if (n === 0 || this.mine[n - 1]!.lamport <= ceiling) {
      this.clock = Math.min(this.clock, ceiling);
      return;
    }
    this.mine = this.mine.map((op, i) => ({ ...op, lamport: Math.min(op.lamport, ceiling - (n - 1 - i)) }));
    this.clock = Math.min(this.clock, ceiling);
  }

  private get author(): Author {
    return { player: this.me.player, gm: this.me.gm };
  }

  /** What the tabletop says of a holder's role now. */
  private gmNow(writer: string): boolean {
    if (writer === this.me.writer) return this.me.gm;
    return this.live.get(this.keys.holderOf(writer))?.author.gm ?? false;
  }

  /** Which ops play, in what order, with what authority (./order.ts). */
  private placed(): PlacedOp[] {
    const { ops, claims } = orderOps({
      seen: this.seen,
      coveredOf: (writer) => this.coveredOf(writer),
      playerOf: (writer) => {
        const holder = this.keys.holderOf(writer);
        return this.live.get(holder)?.author.player ?? this.remembered.get(holder)?.player;
      },
      // Pages their record does not sign yet, which take nothing back of what was accepted, are most
      // often a write on its way (its pages before its record): what was accepted plays on (dropping it
      // would take his actions, a whole system's game if he made it, off the board) while his record
      // still signs it, and is written back meanwhile (`pagesToWriteBack`), so that a client that never
      // read it reads it too.
      current: (writer) =>
        this.current.has(writer) ||
        (this.unsigned.get(this.keys.page(writer, 0))?.carriesOn === true &&
          this.stillSigned(writer, this.keys.holderOf(writer))),
      gmNow: (writer) => this.gmNow(writer),
      // A game master's claim holds if its writer was one (or had just stopped: `roleGraceMs`) when this
      // client accepted the op, or when the checkpoint's compactor did; this page's own, when it made them.
      gmThrough: (writer) => Math.max(this.base.gm[writer] ?? 0, this.gmSeen.get(writer) ?? 0),
      me: {
        writer: this.me.writer,
        author: this.author,
        ops: this.mine,
        covered: this.base.covers[this.me.writer] ?? 0,
      },
      claimKey: (writer) => this.keys.page(writer, 0),
    });
    this.claims = claims;
    return ops;
  }

  private claims: Dropped[] = [];

  /** Whether a writer's record still signs the pages this client accepted of him (its latest, or one of its last few). */
  private stillSigned(writer: string, holder: string): boolean {
    const accepted = this.acceptedJson.get(writer);
    const entry = this.scene ? opsEntry(this.live.get(holder)?.record ?? null, this.scene) : null;
    return accepted !== undefined && entry !== null && signsPages(entry, digestText(accepted));
  }

  private replay(): void {
    this.ops = this.placed();
    this.played = this.player.play(this.base.game, this.ops);
    this.clock = Math.min(Math.max(this.clock, this.played.clock, this.base.lamport), clockCeiling(this.base.lamport));
    const now = this.now();
    const ids = new Set(this.ops.map((o) => o.id));
    for (const id of ids) if (!this.firstPlayed.has(id)) this.firstPlayed.set(id, now);
    for (const id of this.firstPlayed.keys()) if (!ids.has(id)) this.firstPlayed.delete(id);
    this.revision++;
  }

  /** What in the keys was not played, now, and what was found written in this writer's key by someone else. */
  private get dropped(): Dropped[] {
    return [...this.readDropped, ...this.claims, ...this.tampered];
  }

  /** The table's game for this client. */
  get state(): SharedState {
    const played = this.played ?? this.player.play(this.base.game, []);
    const ops = this.ops;
    const own = this.secrets.values();
    const refused = ops
      .filter((op) => played.refused.has(op.id) && op.writer === this.me.writer)
      .map((op) => ({ id: op.id, writer: op.writer, request: op.request, error: played.refused.get(op.id)! }));
    const now = this.now();
    const unsent: Unsent[] = [...this.covered, ...this.mine]
      .filter((op) => this.missing.has(op.seq))
      .map((op) => ({
        id: `${this.me.writer}:${op.seq}`,
        request: op.request,
        status: now - this.missing.get(op.seq)! >= SYNC_TIMING.failedMs || this.failures >= 3 ? 'failed' : 'pending',
      }));
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
      checkpoint: { trust: this.base.trust, gen: this.base.gen },
      // Its own page's word (a popover hears it from the background page, among what it refused).
      ownKeyWrittenOver: [...this.tampered, ...this.refusedLog].some(
        (t) => t.forged && t.key === this.keys.page(this.me.writer, 0),
      ),
      unvouched: this.unvouched,
      unproven: this.compactingHolder ? (this.unprovenPages?.summary ?? null) : null,
    };
  }

  /** The root as this client shows it: its own sealed values opened, with a revision that only grows. */
  private viewRoot(game: TableGame, own: ReadonlyMap<string, string>): StoreRoot {
    const ownKey = [...own.keys()].join(',');
    if (this.viewCache && this.viewCache.game === game && this.viewCache.own === ownKey)
      return { ...this.viewCache.root, revision: this.revision };
    const known = new Map([...Object.entries(game.opened), ...own]);
    const root: StoreRoot = { ...withOpened(game.root, known), revision: this.revision, recent: [] };
    this.viewCache = { game, own: ownKey, root };
    return root;
  }

  // --- acting ------------------------------------------------------------------------------------

  /**
   * This client's action: checked as this player sees the game (his own secrets opened) and as the
   * table will play it (after everything this client has seen), then added to his pages and signed.
   * Its secret values are sealed first; only this client keeps what they were.
   */
  async submit(raw: SceneRequest): Promise<Result<{ readonly id: string; readonly writes: readonly Update[] }>> {
    if (this.mirror) return refuse('table-read-only');
    const scene = this.scene;
    // Not before the page has its own pages back (an action now would sign over what it waits for).
    if (!scene || !this.started) return refuse('table-not-ready');
    // One of this player's tabs past the first few: its actions would not be played (`readWriters`).
    if (this.tabRank() >= LIMITS.writersPerPlayer)
      return refuse('table-too-many-tabs', { max: LIMITS.writersPerPlayer });
    const parsed = parseSceneRequest(raw);
    if (!parsed.ok) return parsed;
    const request = parsed.value;
    const shared = await this.seal(request);
    if (!shared.ok) return shared;
    if (!isTableOwn(request)) {
      const seen = applyRequest(this.state.root, request as Request, this.viewStates);
      if (!seen.ok) return seen;
    }
    const last = this.mine[this.mine.length - 1]?.lamport ?? 0;
    const op: Op = {
      seq: this.seq + 1,
      lamport: Math.max(Math.min(this.clock + 1, clockCeiling(this.base.lamport)), last + 1),
      by: this.me.player,
      ...(this.me.gm ? { gm: true } : {}),
      request: shared.value.request,
    };
    const size = opChars(op);
    if (size > LIMITS.opChars)
      return refuse('table-action-too-large', { size: Math.ceil(size / 1000), max: LIMITS.opChars / 1000 });
    const page = this.placeFor(op);
    if (page === null) return refuse('table-full');
    this.mine.push(op);
    this.pageOf.set(op.seq, page);
    if (op.gm) this.gmSeen.set(this.me.writer, op.seq);
    this.replay();
    const id = `${this.me.writer}:${op.seq}`;
    const refusal = this.played!.refused.get(id);
    if (refusal) {
      this.mine.pop();
      this.pageOf.delete(op.seq);
      this.replay();
      return { ok: false, error: refusal };
    }
    this.seq = op.seq;
    this.clock = op.lamport;
    this.missing.set(op.seq, this.now());
    for (const s of shared.value.secrets) this.secrets.put(s.seal, s.salt, s.value);
    this.viewCache = null;
    this.signOwn(scene, this.ownPageValues(scene));
    await this.ownSigning;
    return ok({ id, writes: this.heal(true) ?? [] });
  }

  /** How many of this player's other tabs at the table come before this one (their writers' order). */
  private tabRank(): number {
    let n = 0;
    for (const [holder, m] of this.live)
      if (m.author.player === this.me.player && this.keys.writerOf(holder) < this.me.writer) n++;
    return n;
  }

  /** The page an op goes on: the last op's while it fits, else the next empty one; null when every page is full. */
  private placeFor(op: Op): number | null {
    const scene = this.scene!;
    const pages = this.ownPageValues(scene);
    const sizeOf = (p: number) => JSON.stringify(pages[p] ?? { v: 2, scene, ops: [] }).length;
    const last = this.mine[this.mine.length - 1];
    const at = last ? (this.pageOf.get(last.seq) ?? 0) : 0;
    if (sizeOf(at) + opChars(op) <= LIMITS.keyChars) return at;
    for (let i = 1; i < LIMITS.pagesPerWriter; i++) {
      const p = (at + i) % LIMITS.pagesPerWriter;
      if (pages[p] === null && sizeOf(p) + opChars(op) <= LIMITS.keyChars) return p;
    }
    return null;
  }

  /** Seals the secret values of a request's events (each with its own salt). */
  private async seal(
    request: SceneRequest,
  ): Promise<Result<{ request: SceneRequest; secrets: { seal: string; salt: string; value: string }[] }>> {
    if (request.type !== 'game/dispatch' && request.type !== 'game/batch' && request.type !== 'game/replace')
      return ok({ request, secrets: [] });
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
    if (request.type === 'game/dispatch')
      return ok({ request: { ...request, event: await sealOne(request.event) } as SceneRequest, secrets: made });
    const events = [];
    for (const e of request.events) events.push(await sealOne(e));
    return ok({ request: { ...request, events } as SceneRequest, secrets: made });
  }

  /** The openings of sealed values this client holds and the game has read. */
  openings(): SceneRequest | null {
    const values = this.state.toOpen
      .map((seal) => ({ seal, ...this.secrets.get(seal)! }))
      .filter((x) => x.salt !== undefined);
    return values.length
      ? { type: 'scene/reveal', values: values.map((x) => ({ seal: x.seal, salt: x.salt, value: x.value })) }
      : null;
  }

  /** Whether each opened value matches its seal (checked once each). */
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

  /** Drops openings that do not match their seals (before anyone plays them), and says which. */
  private async checkOpenings(): Promise<Dropped[]> {
    const out: Dropped[] = [];
    for (const [writer, seen] of this.seen) {
      for (const [seq, op] of seen.ops) {
        if (op.request.type !== 'scene/reveal' || (await this.opens(op.request.values))) continue;
        seen.ops.delete(seq);
        this.badOpenings.add(`${writer}:${seq}`);
      }
    }
    for (const id of this.badOpenings) {
      const at = id.lastIndexOf(':');
      out.push({
        key: this.keys.page(id.slice(0, at), 0),
        problem: `op ${id.slice(at + 1)}: an opened value does not match its seal`,
        kind: 'unreadable',
      });
    }
    return out;
  }

  private readonly badOpenings = new Set<string>();

  /** The ops this client plays after its checkpoint, in play order. */
  get playedOps(): readonly PlacedOp[] {
    return this.ops;
  }

  /** This writer's ops not compacted yet (the page that writes them tells a mirror). */
  get ownOps(): readonly Op[] {
    return this.mine;
  }

  /** Writes of this writer's keys the tabletop refused in a row. */
  get failing(): number {
    return this.failures;
  }

  /** A mirror's writer's ops, as the page that writes them says it keeps them, and its refused writes in a row. */
  mirrorOwn(ops: readonly unknown[], failures = 0): void {
    if (!this.mirror || !this.scene) return;
    this.failures = failures;
    const keys = [this.keys.page(this.me.writer, 0)];
    const read = readPages(
      this.me.writer,
      keys,
      [{ v: 2, scene: this.scene, done: 0, ops }],
      this.author,
      this.scene,
      this.base.covers[this.me.writer] ?? 0,
      Number.MAX_SAFE_INTEGER,
    );
    this.mine = read.ops.map((op) => ({
      seq: op.seq,
      lamport: op.lamport,
      by: op.by,
      ...(op.gm ? { gm: true } : {}),
      request: op.request,
    }));
    const inScene = new Set<string>();
    for (const v of this.sceneOwnValues())
      for (const op of ((v as OpPage | null)?.ops ?? []) as Op[]) inScene.add(json(op));
    const now = this.now();
    const next = new Map<number, number>();
    for (const op of this.mine) if (!inScene.has(json(op))) next.set(op.seq, this.missing.get(op.seq) ?? now);
    this.missing = next;
    this.viewCache = null;
    this.replay();
  }

  // --- writing -----------------------------------------------------------------------------------

  /**
   * The writes that put the keys right, if any are due now: this writer's pages where the table's copy
   * differs from what it keeps (ops lost to a race, a refused write, ops compacted to drop, anything
   * someone else put there); the scene's id it made; and the signed checkpoint where the keys lack it
   * (its compactor at once, any client holding it after `restoreAfterMs`). A write not echoed yet is
   * waited for (`SYNC_TIMING.patience`); after the tabletop refused one, longer and longer.
   */
  heal(force = false): Update[] | null {
    if (this.mirror || !this.started || !this.scene) return null;
    const now = this.now();
    const entries = this.due(this.scene, now);
    if (!entries.length) {
      this.failures = 0;
      this.lastWrite = null;
      return null;
    }
    const paced = pace(this.lastWrite, json(entries), now, this.failures, force);
    if (!paced) return null;
    this.lastWrite = paced;
    return bundle(entries);
  }

  /** Whether this page has writes to make (the keys lack something it holds), whether or not it waits before retrying: a table is quiet only when no page has. */
  get owesWrites(): boolean {
    return !this.mirror && this.started && this.scene !== null && this.due(this.scene, this.now(), true).length > 0;
  }

  /** The entries that put the keys right now (see `heal`), the checkpoint first; `probe`: also what it waits to write back, with no wait started. */
  private due(scene: string, now: number, probe = false): Entry[] {
    const kept = this.keptToWriteBack(scene);
    const restore = this.restoring(now, probe);
    const signatureKey = this.keys.signature?.(this.me.writer);
    return writesFor(this.raw, {
      checkpoint: restore && {
        parts: [...restore.parts].map(([name, value]): Entry => [this.keys.part(name), value]),
        head: [this.keys.head, restore.head],
        // (Its compactor's: the parts it no longer lists.)
        unlisted:
          this.base.trust === 'own'
            ? Object.keys(this.raw).filter((key) => this.keys.isPart(key) && !restore.parts.has(this.partName(key)))
            : [],
      },
      // The scene's id: the one this client made, or its checkpoint's; the compactor's whatever it plays
      // (it keeps its scene: another scene's id copied in is put back, or players who have nothing of
      // their own wait for it for ever).
      scene: this.madeScene === scene || this.base.trust === 'own' || this.compactor ? [this.keys.scene, scene] : null,
      signature:
        signatureKey && this.ownSigned && this.ownSigned.value !== 'pending'
          ? [signatureKey, this.ownSigned.value]
          : null,
      pages: this.ownPageValues(scene).map((value, p): Entry => [this.keys.page(this.me.writer, p), value]),
      returns: this.returnsToWrite(),
      // (What this browser kept of its own earlier connection before what it holds of it from the table.)
      writeBacks: [
        ...kept,
        ...this.pagesToWriteBack(now, probe).filter(([writer]) => !kept.some(([w]) => w === writer)),
      ].map(([writer, held, sig]) => {
        const signature = this.keys.signature?.(writer);
        return {
          pages: held.map((value, p): Entry => [this.keys.page(writer, p), value]),
          signature: signature && sig !== undefined && this.gone(writer) ? ([signature, sig] as const) : null,
        };
      }),
    });
  }

  /** The checkpoint to write back, if the keys lack the signed one this client holds: its compactor at once, another client after a while. */
  private restoring(now: number, probe = false): Written | null {
    const written = this.base.written;
    if (!written || !this.base.hash || !this.scene) return null;
    const rawHead = this.raw[this.keys.head];
    if (this.onTable(written)) {
      this.offSince = null;
      return this.base.trust === 'own' ? written : null;
    }
    if (this.base.trust === 'own') return written;
    const head = readHead(rawHead).head;
    if (this.base.trust !== 'verified') return null;
    const keySigned = this.keySigned(written.head, this.base.hash);
    const signed = this.signedBy(this.scene, this.base.hash);
    if (!signed && !keySigned && !this.signedEarlier(this.scene, this.base.hash)) return null;
    // A newer checkpoint a game master signs is on its way: not ours to put back. An earlier one of
    // his is put back only where the scene holds none he signed, ever; one his key signed, only over
    // one older than ours (a stale copy written back).
    const headHash = head && head.scene === this.scene ? digestText(headText(head)) : null;
    // (Not one whose parts do not read: that one is not on its way.)
    const readable = headHash !== this.brokenHash;
    if (
      readable &&
      headHash &&
      (this.signedBy(this.scene, headHash) || (!signed && !keySigned && this.signedEarlier(this.scene, headHash)))
    )
      return null;
    if (
      readable &&
      head &&
      headHash &&
      headHash !== this.base.hash &&
      this.keySigned(head, headHash) &&
      head.gen >= this.base.gen
    )
      return null;
    if (probe) return written;
    this.offSince ??= now;
    return now - this.offSince >= SYNC_TIMING.restoreAfterMs ? written : null;
  }

  private offSince: number | null = null;

  /** How the page's last write went: a refused one is tried again later and later. */
  wrote(accepted: boolean): void {
    if (accepted || !this.lastWrite) return;
    this.failures++;
    this.lastWrite = { ...this.lastWrite, retryAt: this.now() + retryDelay(this.failures) };
  }

  /** The player asked to try again now. */
  retryNow(): Update[] | null {
    this.lastWrite = null;
    this.failures = 0;
    for (const seq of this.missing.keys()) this.missing.set(seq, this.now());
    return this.heal(true);
  }

  // --- compaction --------------------------------------------------------------------------------

  /** Whether this client should compact now: it compacts, its checkpoint is its own, and enough waits (or gone writers' keys do). */
  needsCompaction(): boolean {
    if (
      !this.compactor ||
      !this.played ||
      this.lostSince !== null ||
      (this.base.trust !== 'own' && this.base.trust !== 'none')
    )
      return false;
    if (this.choosing) return false;
    if (
      this.resign ||
      (this.scene !== null &&
        (this.forked(this.scene) || this.unansweredElsewhere(this.aheadElsewhere(this.scene, this.now())) > 0))
    )
      return true;
    const s = this.state;
    const now = this.now();
    if (s.pendingOps >= LIMITS.compactOps || s.pendingChars >= LIMITS.compactChars) return true;
    if (this.ops.some((op) => now - (this.firstPlayed.get(op.id) ?? now) >= LIMITS.compactAfterMs)) return true;
    for (const text of this.acceptedJson.values()) if (text.length >= LIMITS.compactPageChars) return true;
    if (json(this.ownPageValues(this.scene!)).length >= LIMITS.compactPageChars) return true;
    if ([...this.strangerSince.values()].some((s) => now - s.since >= SYNC_TIMING.strangerMs)) return true;
    for (const writer of this.acceptedJson.keys()) if (this.gone(writer) && this.keyHasOps(writer)) return true;
    // A game master handed the role over: his actions still waiting are compacted with his authority while this client remembers it.
    if (this.ops.some((op) => op.author.gm && op.writer !== this.me.writer && !this.gmNow(op.writer))) return true;
    for (const writer of Object.keys(this.base.covers)) if (this.gone(writer)) return true;
    return false;
  }

  /**
   * Whether this compactor, playing no checkpoint, must not write one yet: the scene holds one it does not
   * play (its game master chooses, `unvouched`), or someone at the table plays one (a copy of it is on its
   * way back). Starting a game from nothing there would throw the table's away.
   */
  private get choosing(): boolean {
    if (this.base.trust !== 'none' || this.scene === null) return false;
    return this.unvouchedHead !== null || this.headOnScene || this.awaited(this.scene) > 0;
  }

  /** Whether the keys, as last read, hold a checkpoint of this client's scene (played or not). */
  private headOnScene = false;
  /** Whether that checkpoint is one a game master stands behind. */
  private headStands = false;

  /** The scene's checkpoint no one here stands behind, while this client plays none: for its game master to choose. */
  get unvouched(): Unvouched | null {
    // A compactor still waiting for the checkpoint it signed in an earlier life is not asked yet.
    return this.base.trust === 'none' && !(this.compactor && this.lostSince !== null)
      ? (this.unvouchedHead?.summary ?? null)
      : null;
  }

  /**
   * The compacting game master's choice about a checkpoint no one here stands behind: take it (played,
   * and signed again as his), or start afresh (numbered past it, and written over). Returns the writes.
   */
  async choose(choice: 'take' | 'fresh'): Promise<Update[] | null> {
    const u = this.unvouchedHead;
    if (!u || !this.compactor || this.base.trust !== 'none') return null;
    this.unvouchedHead = null;
    this.declined.add(u.hash);
    this.lostSince = null;
    if (choice === 'take') {
      if (u.head) {
        if (!(await this.take(u.head, u.hash, (p) => this.raw[this.keys.part(p)], 'own', []))) return null;
      } else {
        const legacy = await readLegacy(this.raw[this.keys.head], this.codec);
        if (!legacy) return null;
        this.base = {
          game: legacy.game,
          covers: legacy.covers,
          lamport: legacy.lamport,
          gm: {},
          gen: 0,
          trust: 'own',
          written: null,
          hash: null,
          left: [],
          forgot: null,
        };
        this.damaged = legacy.notices;
      }
    } else {
      // His own from now on (an empty game, numbered past the one set aside), written at once.
      this.base = { ...NO_BASE, gen: Math.max(this.base.gen, u.head?.gen ?? 0), trust: 'own', forgot: {} };
      this.damaged = [];
    }
    this.resign = true;
    this.replay();
    return this.compact();
  }

  /**
   * The compacting game master's choice about pages of an earlier connection signed by a key no one here
   * can prove (`UnprovenPages`): take them (the key is a game master's on this scene, his, or the
   * player's they name, as they say; they are played, and folded into his next checkpoint), or leave
   * them (no one's: emptied). Returns the writes.
   */
  async chooseUnproven(choice: 'take' | 'leave'): Promise<Update[] | null> {
    const u = this.unprovenPages;
    const scene = this.scene;
    // (His popover, a mirror, takes the answer too: it asks nothing its background page no longer asks.)
    if (!u || !scene || !this.compactingHolder) return null;
    this.unprovenPages = null;
    // Taken: the key is his (proven on this scene, and kept where his browser keeps keys). Left: pages
    // it signs are no one's, emptied as keys of no one are, and not asked about again.
    if (choice === 'take' && u.summary.gm) this.proveKey(scene, u.key);
    else if (choice === 'take') this.takenPlayerKeys.set(u.key, u.player);
    else this.left.add(u.key);
    await this.receive(this.raw);
    if (choice === 'take') return this.heal(true);
    // Left: written into a checkpoint at once, so that a page that played them (a record proved the key
    // then) drops them as this one does.
    this.resign = true;
    return (await this.compact()) ?? this.heal(true);
  }

  /**
   * Whether another game master at the table signs a checkpoint numbered past the one this compactor
   * plays (he compacted while this one was away, and a stale copy hid it): its holder writes it back
   * and this client takes it then. Compacting meanwhile would make a second checkpoint of that number,
   * covering what the writers say the first holds without holding it (seed -1866135704: a player's
   * action lost). Waited for `giveUpMs` at most (every page that held it may have reloaded with nothing).
   */
  private newerElsewhere(scene: string, now: number): boolean {
    let newest = 0;
    for (const m of this.live.values())
      if (m.author.gm) newest = Math.max(newest, checkpointEntry(m.record, scene)?.g ?? 0);
    if (newest <= this.base.gen) {
      this.newerSince = null;
      return false;
    }
    this.newerSince ??= now;
    return now - this.newerSince < SYNC_TIMING.giveUpMs;
  }

  private newerSince: number | null = null;

  /**
   * Whether someone at the table says he plays another checkpoint of this compactor's number (two game
   * masters apart, the other's sorting first, and no game master here signing it any more): the
   * compactor writes the next one, which every client takes, rather than leave the table on two
   * (seed -1213232131: a player's action never left his pages).
   */
  private forked(scene: string): boolean {
    for (const m of this.live.values()) {
      const g = m.record?.g;
      if (g?.s === scene && g.n === this.base.gen && g.h !== undefined && g.h !== this.base.hash) return true;
    }
    return false;
  }

  /** Whether a writer's record says he plays another checkpoint than this client's: one of its number another game master signed, or a newer one. */
  private playsAnother(writer: string, scene: string): { n: number; g: string } | null {
    const g = this.live.get(this.keys.holderOf(writer))?.record?.g;
    if (g?.s !== scene || !((g.h !== undefined && g.h !== this.base.hash) || (g.n ?? 0) > this.base.gen)) return null;
    return { n: g.n ?? 0, g: json(g) };
  }

  /**
   * Writers whose pages say more of their actions are in a checkpoint than this one covers, while their
   * record says they play another (a game master made one while the game master was away, its
   * checkpoint written over by a stale copy before he read it), or while they are gone and no record
   * speaks for them (a line started again from the pages after its checkpoint was deleted): what lies
   * between is in that other checkpoint only. Their later actions are not covered, nor anything after them in play order
   * (covering them would cover the gap: seed 1352901382, a player's action lost), until they play this
   * compactor's line: `unansweredElsewhere` numbers its next checkpoint past theirs, and each writer
   * then brings back what that checkpoint does not hold (`takeOwn`). For `giveUpMs` at most, however
   * often his record changes: a hostile one saying so for ever would hold the table's compaction up.
   */
  private aheadElsewhere(scene: string, now: number): Map<string, { n: number; g: string }> {
    const out = new Map<string, { n: number; g: string }>();
    const standingHere = new Set<string>();
    const standingGone = new Set<string>();
    for (const [writer, seen] of this.seen) {
      if (seen.done <= (this.base.covers[writer] ?? 0)) continue;
      // (His record's word is about the pages it signs: signing others than this client read, it may say
      // he plays this checkpoint before his pages, that bring back what it lacks, reach this client:
      // seed -986274294, a player's action lost one replay in three.)
      const record = this.live.get(this.keys.holderOf(writer))?.record;
      const signs = record ? opsEntry(record, scene)?.h : undefined;
      const read = this.acceptedJson.get(writer);
      // (A gone writer whose pages say a checkpoint holds more of him than this line does: that checkpoint
      // is gone from the keys, and no record of his can bring back what it held; whoever kept it may.)
      const word =
        this.playsAnother(writer, scene) ??
        (signs !== undefined && read !== undefined && signs !== digestText(read)
          ? { n: 0, g: `pages ${signs}` }
          : null);
      const goneGap = !word && this.gone(writer) && seen.done > this.coveredOf(writer);
      const other = word ?? (goneGap ? { n: 0, g: `gone ${seen.done}` } : null);
      if (!other) continue;
      // (A gone writer's hold is counted per player, and at most `giveUpMs` in every `forgetMs`: a hostile
      // player who makes up gone connections one after another, each saying so, holds the table's
      // compaction up that long and no longer.)
      const [held, sinceOf, standing] = goneGap
        ? [this.remembered.get(this.keys.holderOf(writer))?.player ?? writer, this.goneHeldSince, standingGone]
        : [writer, this.aheadSince, standingHere];
      standing.add(held);
      const since = sinceOf.get(held) ?? now;
      sinceOf.set(held, since);
      if (now - since < SYNC_TIMING.giveUpMs) out.set(writer, other);
    }
    for (const writer of this.aheadSince.keys()) if (!standingHere.has(writer)) this.aheadSince.delete(writer);
    for (const [player, since] of this.goneHeldSince)
      if (!standingGone.has(player) && now - since >= SYNC_TIMING.forgetMs) this.goneHeldSince.delete(player);
    return out;
  }

  /** Since when each writer is held back so (while he stays so: a new word from his record does not start it again). */
  private readonly aheadSince = new Map<string, number>();
  /** Since when each player's gone writers are held back so: kept `forgetMs` from then, however often they stop and start again. */
  private readonly goneHeldSince = new Map<string, number>();

  /** The number past every checkpoint such writers (`aheadElsewhere`) play that this compactor has not answered yet (each record's word once), or 0. */
  private unansweredElsewhere(ahead: ReadonlyMap<string, { n: number; g: string }>): number {
    let past = 0;
    for (const [writer, other] of ahead) {
      if (this.answeredElsewhere.get(writer) !== other.g && other.n >= this.base.gen)
        past = Math.max(past, Math.min(other.n, this.base.gen + LIMITS.genLeap));
    }
    return past;
  }

  private readonly answeredElsewhere = new Map<string, string>();

  private gone(writer: string): boolean {
    return writer !== this.me.writer && !this.live.has(this.keys.holderOf(writer));
  }

  /**
   * How far a writer's actions are in the game this client plays: what the checkpoint covers, or, for a
   * writer it forgot, how far it says its line held him (`Head.forgot`: every client reads the same,
   * a newcomer too), or how far this page saw a checkpoint cover him before one forgot him (a line that
   * does not list). What lies at or below it is never played again, whoever brings it back.
   */
  private coveredOf(writer: string): number {
    const forgot = forgotOf(this.base.forgot, writer);
    return Math.max(
      this.base.covers[writer] ?? 0,
      this.forgotten.get(writer) ?? 0,
      typeof forgot === 'number' ? forgot : 0,
    );
  }

  private keyHasOps(writer: string): boolean {
    for (let p = 0; p < LIMITS.pagesPerWriter; p++) if (!isEmptyPage(this.raw[this.keys.page(writer, p)])) return true;
    return false;
  }

  /**
   * The compaction, or null when there is nothing to do: the game as played so far (every client plays
   * ops in one order, so this is the same game for everyone), with the last seq of each writer it
   * covers and the game masters' authority it carried, in a checkpoint this client signs. Keys of
   * writers gone whose ops are all in it are emptied; keys of no one at the table too.
   */
  async compact(): Promise<Update[] | null> {
    if (!this.compactor || !this.played || !this.scene || this.lostSince !== null) return null;
    if (this.base.trust !== 'own' && this.base.trust !== 'none') return null;
    // The scene holds a checkpoint no one here stands behind: written over only once its game master chose.
    if (this.choosing) return null;
    const now = this.now();
    const scene = this.scene;
    if (this.newerElsewhere(scene, now)) return null;
    const ahead = this.aheadElsewhere(scene, now);
    const plan = planCheckpoint({
      now,
      settleMs: this.settleMs,
      ops: this.ops,
      firstPlayed: this.firstPlayed,
      base: this.base,
      // (Listed on a line that started listing them, a new one among them: one started before did not, and cannot say whom it forgot.)
      listsForgot: this.base.forgot !== null || this.base.trust === 'none',
      forgotWriters: LIMITS.forgotWriters,
      seen: this.seen,
      ahead: new Set(ahead.keys()),
      playsAnother: (writer) => this.playsAnother(writer, scene) !== null,
      gone: (writer) => this.gone(writer),
      held: (writer) => {
        const pages = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => this.keys.page(writer, p)).filter(
          (key) => !isEmptyPage(this.raw[key]),
        );
        const signature = this.keys.signature?.(writer);
        return { pages, signature: signature && !isEmptyPage(this.raw[signature]) ? signature : null };
      },
      goneSince: this.goneSince,
      returnKeys: this.returnKeys,
      strangers: [...this.strangerSince]
        .filter(([key]) => !isEmptyPage(this.raw[key]))
        .map(([key, s]) => [key, s.since] as const),
    });
    const { settled, covers, gm, coversChanged } = plan;
    const clear = plan.clear.map((key): [string, unknown] => [key, null]);
    this.goneSince = plan.goneSince;
    for (const writer of plan.forgotten) {
      this.seen.delete(writer);
      this.gapCopies.delete(writer);
      this.acceptedJson.delete(writer);
      this.acceptedSigs.delete(writer);
      this.goneChanged.delete(writer);
      this.remembered.delete(this.keys.holderOf(writer));
    }
    const past = this.unansweredElsewhere(ahead);
    if (!settled.length && !coversChanged && !clear.length && !this.resign && !this.forked(scene) && !past) return null;
    this.resign = false;
    for (const [writer, other] of ahead) this.answeredElsewhere.set(writer, other.g);
    bound(this.answeredElsewhere, 1000);
    const lamport = Math.max(this.base.lamport, ...settled.map((op) => op.lamport));
    const game = withOpenedWritten(
      settled === this.ops ? this.played.game : this.player.play(this.base.game, settled).game,
    );
    const signer = this.signer;
    const left = remember(this.base.left, this.left, LIMITS.leftKeys);
    const kept = plan.forgot;
    const unsigned = await this.writer.write(game, {
      scene,
      gen: Math.max(this.base.gen, past) + 1,
      by: this.me.writer,
      covers,
      lamport,
      gm,
      ...(left.length ? { left } : {}),
      ...(kept ? { forgot: kept } : {}),
      ...(signer ? { key: signer.publicKey } : {}),
    });
    const sig = signer ? await signCheckpoint(this.codec, signer.secret, signedText(unsigned.head)) : null;
    const { key: _key, ...bare } = unsigned.head;
    const written: Written = { head: sig ? { ...unsigned.head, sig } : bare, parts: unsigned.parts };
    const hash = digestText(headText(written.head));
    this.base = { game, covers, lamport, gm, gen: written.head.gen, trust: 'own', written, hash, left, forgot: kept };
    this.damaged = [];
    this.sign(scene);
    this.keeper?.saveCheckpoint(scene, written);
    this.takeOwn(now);
    await this.reviewKept(scene);
    this.replay();
    await this.ownSigning;
    const writes = this.heal(true) ?? [];
    return [...writes, ...bundle(clear)];
  }

  // --- what is said ------------------------------------------------------------------------------

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

  /** Refusals another page of this holder saw (the background page tells its popover). */
  noteRefused(dropped: readonly Dropped[]): void {
    this.note(dropped.map((d) => ({ ...d, kind: 'refused' as const })));
  }

  /** What this client refused lately, newest last (kept after the keys no longer hold it). */
  get refusedLately(): readonly Dropped[] {
    return this.refusedLog;
  }

  private tamper(d: Dropped): void {
    if (this.tampered.some((t) => t.key === d.key && t.problem === d.problem)) return;
    this.tampered = [...this.tampered, d].slice(-20);
  }

  /**
   * Whether this client gives a scene that has none its id: the compacting game master, or anyone
   * once no game master has for a while (two clients making one at once would split the first actions
   * between two ids).
   */
  private makesScene(now: number): boolean {
    if (this.mirror) return false;
    if (this.compactor) return true;
    this.noSceneSince ??= now;
    return !this.gmHere || now - this.noSceneSince >= SYNC_TIMING.sceneIdMs;
  }

  private noSceneSince: number | null = null;

  private newSceneId(): string {
    return (this.random() + this.random()).replace(/[^A-Za-z0-9]/g, '').slice(0, 16) || 'scene';
  }

  /** The scene's id as this client plays it (null until one is known). */
  get sceneId(): string | null {
    return this.scene;
  }

  /** Characters (JSON) the shared game's keys take: the checkpoint's, the writers', in all, and the largest key. */
  static size(
    keys: TableKeys,
    metadata: Readonly<Record<string, unknown>>,
  ): { game: number; ops: number; total: number; largestKey: number } {
    let game = 0;
    let ops = 0;
    let largestKey = 0;
    for (const [key, value] of Object.entries(metadata)) {
      if (value === undefined) continue;
      const n = key.length + JSON.stringify(value).length + 4;
      if (key === keys.head || keys.isPart(key) || key === keys.scene) game += n;
      else if (keys.isWriterKey(key)) ops += n;
      else continue;
      largestKey = Math.max(largestKey, n);
    }
    return { game, ops, total: game + ops, largestKey };
  }
}
