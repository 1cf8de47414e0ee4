// What one client keeps of a table's shared game between two steps (./step.ts), and how it starts.
import { canonicalJson } from '../game/json';
import type { StoreRoot } from '../store/root';
import { GameStates } from '../store/states';
import { CheckpointReader, CheckpointWriter, type Head, type Written } from './checkpoint';
import type { TableKeys } from './keys';
import type { Author, Codec, Dropped, Identity, Op, OpPage, TableGame } from './model';
import { pageValue, type ReadOp } from './ops';
import { EMPTY_TABLE_GAME, OpPlayer, type PlacedOp, type Played } from './play';
import type { HolderRecord, RecordBook } from './records';
import { keyPairOf, type KeyPair, type PagesSignature } from './signing';
import type { GapCopy } from './returns';
import type { Paced } from './heal';
import type { Trusted } from './trust';
import { MemorySecrets, type SecretKeeper } from './secrets';
import { RecordKeys } from './record-keys';
import type { Keeper, Trust, Unvouched, UnprovenPages, SharedGameOptions } from './types';

/** A checkpoint this browser kept (./types.ts `Keeper`), its head read. */
export type KeptCheckpoint = { readonly head: Head; readonly parts: Readonly<Record<string, string>> };

/** Another writer's pages to write back: the writer, his pages, and his signature of them (undefined: none). */
export type WriteBack = readonly [writer: string, pages: readonly unknown[], signature: unknown];

/** A gone writer's pages held under a key his record gave up (`SyncState.unprovenHeld`). */
export type UnprovenHeld = { pages: readonly unknown[]; signature: unknown; key: string; off: number | null };

export const json = (x: unknown): string => canonicalJson(x ?? null);

/** A writer's pages as the keys hold them, without the ops numbered past `n` (what its record signs goes no further). */
export function signedPrefix(values: readonly unknown[], n: number): unknown[] {
  return values.map((value, p) => {
    const page = value as Partial<OpPage> | null;
    if (!page || typeof page !== 'object' || !Array.isArray(page.ops)) return value;
    const ops = page.ops.filter((op) => typeof (op as { seq?: unknown })?.seq === 'number' && op.seq <= n);
    return ops.length === page.ops.length ? value : pageValue(page.scene as string, page.done as number, ops, p === 0);
  });
}
export const SCENE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Actions a game holds: events in every system's log. */
export const eventsIn = (game: TableGame): number =>
  Object.values(game.root.games).reduce((n, g) => n + (g?.log.events.length ?? 0), 0);

/** The checkpoint a client plays from. */
export interface Base {
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

export const NO_BASE: Base = {
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

/** One of this page's own ops, as read from pages it signed. */
export const ownOp = (op: ReadOp): Op => ({
  seq: op.seq,
  lamport: op.lamport,
  by: op.by,
  ...(op.gm ? { gm: true } : {}),
  request: op.request,
});

/** What one client keeps of a table's shared game between two steps (./step.ts). */
export interface SyncState {
  readonly codec: Codec;
  readonly keys: TableKeys;
  me: Identity;
  readonly book: RecordBook;
  readonly secrets: SecretKeeper;
  readonly random: () => string;
  /** The moment of the input being stepped (the host's clock, read once per input): for liveness only (./policy.ts). */
  at: number;
  readonly mirror: boolean;
  readonly keeper: Keeper | null;
  readonly settleMs: number;
  /** This browser's signing key (kept by the keeper, else this page's own; null: the browser has no Ed25519), once read. */
  signer: KeyPair | null;
  readonly signerReady: Promise<void>;
  /** Checkpoint signatures checked, by head digest. */
  readonly verified: Map<string, boolean>;
  /** Each writer's signature of his pages as accepted (./keys.ts `signature`): written back with them should they be written over once he is gone. */
  readonly acceptedSigs: Map<string, unknown>;
  /** Gone writers whose keys hold something else than their signed pages this client holds: since when. */
  readonly goneChanged: Map<string, number>;
  /**
   * Pages of a gone writer this client played while his record stood behind them, signed by a key that
   * record gave up since (./record-keys.ts): no one's until his game master answers for that key, but
   * held to be written back where the keys lost them, so that he is asked (`off`: since when).
   */
  readonly unprovenHeld: Map<string, UnprovenHeld>;
  /** Writers' signatures of their pages checked (writer and value), the newest kept longest. */
  readonly pagesVerified: Map<string, boolean>;
  /** This writer's signature of its pages as its record last signed them (./keys.ts `signature`): none for empty pages; `pending` while it is made. */
  ownSigned: { h: string; value: PagesSignature | null | 'pending' } | null;
  /** The signature being made (awaited before this client's own writes, so that its pages and their signature go together). */
  ownSigning: Promise<void>;
  /** The scene's checkpoint no game master here stands behind (see `Unvouched`), with its head. */
  unvouchedHead: { head: Head | null; hash: string; summary: Unvouched } | null;
  /** Checkpoints this compactor's game master chose not to take (`choose('fresh')`). */
  readonly declined: Set<string>;
  /** Unproven pages (`UnprovenPages`) as last read, and the keys whose pages its game master left. */
  unprovenPages: { key: string; player: string; summary: UnprovenPages } | null;
  /** Every gone writer whose pages, as last read, hold actions its game master is asked about (the first is `unprovenPages`): kept until he answers. */
  readonly unprovenWriters: Set<string>;
  readonly left: Set<string>;
  /** A checkpoint to write though nothing new waits: a game master's choice to sign. */
  resign: boolean;
  raw: Readonly<Record<string, unknown>>;
  /** The table's id for this scene, as this client plays it. */
  scene: string | null;
  /** The page's first game (`sameScene`): what the records say of the scene is of the scene open now. */
  readonly sameScene: boolean;
  /** The scene this holder played in an earlier life of its page, on this scene (`sameScene`). */
  readonly earlierScene: string | null;
  /** An id this client made for a scene that had none (written with its first write). */
  madeScene: string | null;
  base: Base;
  damaged: string[];
  readonly reader: CheckpointReader;
  readonly writer: CheckpointWriter;
  /** The party: holder → its player, role and record; holders seen since this page started. */
  readonly live: Map<string, { author: Author; record: HolderRecord | null }>;
  readonly remembered: Map<string, Author>;
  /** This holder's record as the tabletop last said it holds it. */
  heard: HolderRecord | null;
  /**
   * Each writer's ops as its signed pages hold them, by seq, with those its pages dropped as in the
   * checkpoint it saw (up to `done`): kept until this client's checkpoint covers them.
   */
  readonly seen: Map<string, { ops: Map<number, ReadOp>; done: number }>;
  readonly acceptedJson: Map<string, string>;
  /** Each writer's pages as accepted (to write back should someone write over them while their writer's record still signs them). */
  readonly acceptedValues: Map<string, readonly unknown[]>;
  /** How far along its log each writer's accepted pages are (./ops.ts `versionOf`). */
  readonly acceptedVersion: Map<string, number>;
  /**
   * Writers whose keys hold, now, what their record signs (for a writer who left: what was there when
   * he left). Only those have their ops played: a writer whose keys hold something else (a stale copy
   * on its way to be put right, or a hostile writer's own mess) has played only what its pages said
   * was in the checkpoint, the same on every client (after a moment, for pages that only carry on
   * from what was accepted: `unsigned`).
   */
  readonly current: Set<string>;
  /** The highest seq of each writer accepted while the tabletop said its holder is a game master. */
  readonly gmSeen: Map<string, number>;
  /** Until when each holder's claims to act as game master are taken (for ever while it is one; a while after it stops). */
  readonly gmUntil: Map<string, number>;
  /**
   * Keys whose contents their writer does not sign: since when, as they are, and whether they only
   * carry on from what was accepted of him (nothing accepted taken back or changed: most often his
   * pages came a moment before the record that signs them).
   */
  readonly unsigned: Map<string, { json: string; record: string; since: number; carriesOn: boolean }>;
  /** Writers whose keys hold a copy their record signed before the one this client holds (a stale write over them): since when. */
  readonly behind: Map<string, number>;
  /** Each writer's pages as accepted before they dropped ops no checkpoint this client plays covers: to write back (./returns.ts). */
  readonly gapCopies: Map<string, GapCopy[]>;
  /** Each writer's seqs the table holds, as last read: in his pages or in his return key. */
  readonly onTableSeqs: Map<string, Set<number>>;
  /** The return keys as last read: each writer's key, and the seqs read there that a client plays (none: nothing left to play, or not his). */
  returnKeys: Map<string, { key: string; live: number[] }>;
  /** Each writer's pages as last read: their JSON as given, their canonical text and its digest. */
  readonly readCache: Map<string, { raw: string; text: string; digest: string }>;
  headUnsigned: { hash: string; since: number } | null;
  /**
   * The scene's checkpoint a game master stands behind whose parts do not read (written over since, or
   * never all written). Not a newer checkpoint on its way: whoever holds an older one puts it back.
   */
  brokenHash: string | null;
  /** When each op not in the checkpoint was first played here. */
  readonly firstPlayed: Map<string, number>;
  readonly recordKeys: RecordKeys;
  /** This writer's ops not seen compacted, those seen compacted lately, and the page each sits on. */
  mine: Op[];
  covered: Op[];
  readonly pageOf: Map<number, number>;
  seq: number;
  clock: number;
  started: boolean;
  /** Digests of every set of pages this page wrote in this life: anything else in them is someone else's. */
  readonly written: Set<string>;
  /** Our ops by seq: since when the table lacks them. */
  missing: Map<number, number>;
  lastWrite: Paced | null;
  failures: number;
  /** A mirror's: the question about the scene's checkpoint as its page read it (undefined: not told yet). */
  mirroredUnvouched: Unvouched | null | undefined;
  /** The checkpoint this browser kept, as last read from its keeper (a browser's storage: read once, not at every question). */
  keptRead: { readonly scene: string; readonly kept: KeptCheckpoint | null } | null;
  readonly player: OpPlayer;
  played: Played | null;
  ops: PlacedOp[];
  readDropped: Dropped[];
  viewCache: { game: TableGame; own: string; root: StoreRoot } | null;
  revision: number;
  readonly viewStates: GameStates;
  readonly checked: Map<string, boolean>;
  tampered: Dropped[];
  refusedLog: Dropped[];
  readonly refusedSeen: Set<string>;
  readonly strangerSince: Map<string, { json: string; since: number }>;
  goneSince: ReadonlyMap<string, number>;
  trustCache: { scene: string; trusted: Trusted } | null;
  /** Keys proven on each scene since this page started (its browser may keep none). */
  readonly provenKeys: Map<string, readonly string[]>;
  /** The players' newest checkpoint this compactor gave up waiting for: not waited for again. */
  gaveUpOnGen: number;
  /** The lost checkpoint (its digest) his own record signs that he gave up waiting for: not waited for again. */
  gaveUpOn: string | null;
  /** Since when the compactor waits for a lost checkpoint (null: it waits for none). */
  lostSince: number | null;
  /** Whether the current read waited: one that does not ends the wait. */
  waitedThisRead: boolean;
  readonly summaries: Map<string, Unvouched>;
  /** Writers a checkpoint forgot (gone for good, all of them in): how far they were covered. */
  readonly forgotten: Map<string, number>;
  /** Players' keys the compacting game master took as theirs (`chooseUnproven`), with the player each signs for. */
  readonly takenPlayerKeys: Map<string, string>;
  /** How far this writer's ops are in a checkpoint the table holds (read there whole). */
  tableDone: number;
  takingBackSince: number | null;
  claims: Dropped[];
  readonly badOpenings: Set<string>;
  offSince: number | null;
  /** Whether the keys, as last read, hold a checkpoint of this client's scene (played or not). */
  headOnScene: boolean;
  /** Whether that checkpoint is one a game master stands behind. */
  headStands: boolean;
  newerSince: number | null;
  /** Since when each writer is held back so (while he stays so: a new word from his record does not start it again). */
  readonly aheadSince: Map<string, number>;
  /** Since when each player's gone writers are held back so: kept `forgetMs` from then, however often they stop and start again. */
  readonly goneHeldSince: Map<string, number>;
  readonly answeredElsewhere: Map<string, string>;
  noSceneSince: number | null;
}

/** A client's state before its first step: what the options give, every map empty. */
export function newSyncState(options: SharedGameOptions): SyncState {
  const { codec, book } = options;
  const mirror = options.mirror ?? false;
  const keeper = options.keeper ?? null;
  const sameScene = options.sameScene ?? false;
  const s: SyncState = {
    codec,
    keys: options.keys,
    me: options.me,
    book,
    secrets: options.secrets ?? new MemorySecrets(),
    random: options.random ?? (() => Math.random().toString(36).slice(2)),
    at: 0,
    mirror,
    keeper,
    settleMs: options.settleMs ?? 0,
    reader: new CheckpointReader(codec),
    writer: new CheckpointWriter(codec),
    player: new OpPlayer(options.context),
    revision: options.revision ?? 0,
    sameScene,
    earlierScene: sameScene ? (book.record.g?.s ?? null) : null,
    signerReady: mirror
      ? Promise.resolve()
      : keyPairOf(codec, keeper?.secretKey?.() ?? null, (secret) => keeper?.saveSecretKey?.(secret)).then((pair) => {
          s.signer = pair;
          if (pair) book.setKey(pair.publicKey);
        }),
    ...nothingRead(),
    ...nothingWritten(),
  };
  return s;
}

/** What a client has read of the table before its first input: nothing (the signer comes when its key is ready). */
function nothingRead() {
  return {
    signer: null,
    verified: new Map<string, boolean>(),
    acceptedSigs: new Map<string, unknown>(),
    goneChanged: new Map<string, number>(),
    unprovenHeld: new Map<string, UnprovenHeld>(),
    pagesVerified: new Map<string, boolean>(),
    ownSigned: null,
    ownSigning: Promise.resolve(),
    unvouchedHead: null,
    declined: new Set<string>(),
    unprovenPages: null,
    unprovenWriters: new Set<string>(),
    left: new Set<string>(),
    resign: false,
    raw: {},
    scene: null,
    madeScene: null,
    base: NO_BASE,
    damaged: [],
    live: new Map<string, { author: Author; record: HolderRecord | null }>(),
    remembered: new Map<string, Author>(),
    heard: null,
    seen: new Map<string, { ops: Map<number, ReadOp>; done: number }>(),
    acceptedJson: new Map<string, string>(),
    acceptedValues: new Map<string, readonly unknown[]>(),
    acceptedVersion: new Map<string, number>(),
    current: new Set<string>(),
    gmSeen: new Map<string, number>(),
    gmUntil: new Map<string, number>(),
    unsigned: new Map<string, { json: string; record: string; since: number; carriesOn: boolean }>(),
    behind: new Map<string, number>(),
    gapCopies: new Map<string, GapCopy[]>(),
    onTableSeqs: new Map<string, Set<number>>(),
    returnKeys: new Map<string, { key: string; live: number[] }>(),
    readCache: new Map<string, { raw: string; text: string; digest: string }>(),
    headUnsigned: null,
    brokenHash: null,
    firstPlayed: new Map<string, number>(),
    recordKeys: new RecordKeys(),
  } satisfies Partial<SyncState>;
}

/** What a client has written, played and said before its first input: nothing. */
function nothingWritten() {
  return {
    mine: [],
    covered: [],
    pageOf: new Map<number, number>(),
    seq: 0,
    clock: 0,
    started: false,
    written: new Set<string>(),
    missing: new Map<number, number>(),
    lastWrite: null,
    failures: 0,
    mirroredUnvouched: undefined,
    keptRead: null,
    played: null,
    ops: [],
    readDropped: [],
    viewCache: null,
    viewStates: new GameStates(),
    checked: new Map<string, boolean>(),
    tampered: [],
    refusedLog: [],
    refusedSeen: new Set<string>(),
    strangerSince: new Map<string, { json: string; since: number }>(),
    goneSince: new Map(),
    trustCache: null,
    provenKeys: new Map<string, readonly string[]>(),
    gaveUpOnGen: 0,
    gaveUpOn: null,
    lostSince: null,
    waitedThisRead: false,
    summaries: new Map<string, Unvouched>(),
    forgotten: new Map<string, number>(),
    takenPlayerKeys: new Map<string, string>(),
    tableDone: 0,
    takingBackSince: null,
    claims: [],
    badOpenings: new Set<string>(),
    offSince: null,
    headOnScene: false,
    headStands: false,
    newerSince: null,
    aheadSince: new Map<string, number>(),
    goneHeldSince: new Map<string, number>(),
    answeredElsewhere: new Map<string, string>(),
    noSceneSince: null,
  } satisfies Partial<SyncState>;
}
