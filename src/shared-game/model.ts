// The shared game's vocabulary: one game for a whole table, kept in keys that the table's clients
// read and write (an Owlbear scene's metadata, Roll20 ledger characters). docs/shared-game.md tells
// the design; a tabletop supplies only its key names (./keys.ts), its party (who holds which key,
// with which role, and each holder's own signed record) and the writes (./sync.ts `SharedGame`).
import type { Visibility } from '../board/visibility';
import type { RuleError } from '../game/result';
import type { SceneRequest } from './scene-request';
import type { StoreRoot } from '../store/root';

/** One action of one player, as its writer keeps it. */
export interface Op {
  /** 1, 2, 3… within its writer's log, each above the last. */
  readonly seq: number;
  /** Above the clock of every op its writer had seen (and never far above the checkpoint's: `LIMITS.clockAhead`). */
  readonly lamport: number;
  /** The player who acted: the player of the writer's holder, or the op is refused. */
  readonly by: string;
  /**
   * The writer acted as game master. Played as such only if the tabletop says its holder is one now,
   * or was one when this client (or the checkpoint's compactor) accepted the op: authority is read
   * at the op, not at the read. A claim no game master makes is refused.
   */
  readonly gm?: boolean;
  readonly request: SceneRequest;
}

/** One key of a writer's log: some of its ops not covered yet, for one scene. `null` is an empty page. */
export interface OpPage {
  readonly v: 2;
  /** The scene these ops were made on: a page copied from another scene is not this scene's. */
  readonly scene: string;
  /**
   * The writer's ops up to this seq are in the checkpoint it last saw, and left its pages: a reader
   * that has played them keeps them until its own checkpoint covers them, and the compactor covers at
   * least this far (an op its writer drops without that is no one's any more).
   */
  readonly done: number;
  readonly ops: readonly Op[];
}

/** Who may act for which side: player id → indexes into the system's sides, and the player's name as the game master saw it. */
export type Seats = Readonly<Record<string, { readonly name: string; readonly seats: readonly number[] }>>;

/**
 * The game of a table: the store's root (games, bindings, the system shown), the seats, and the
 * sealed values their owners have opened (seal → value). The logs hold events as they were shared,
 * sealed values and all: the rules play them opened as far as `opened` goes.
 */
export interface TableGame {
  readonly root: StoreRoot;
  readonly seats: Seats;
  /** What the board shows, and to whom, as the game master last said (absent: every figure, to everyone). */
  readonly visibility?: Visibility;
  readonly opened: Readonly<Record<string, string>>;
}

/** Who the tabletop says holds a key: its player, and whether that player is a game master now. */
export interface Author {
  readonly player: string;
  readonly gm: boolean;
}

/** Another client at the table, as the tabletop's party gives it. */
export interface Member {
  /** The holder of the writer's keys (an Owlbear connection): ./keys.ts `TableKeys.writerOf`. */
  readonly holder: string;
  readonly player: string;
  readonly gm: boolean;
  /** What the holder signed: its record, from a place only it writes (./records.ts). */
  readonly record: unknown;
}

/** Who this client writes as. */
export interface Identity {
  /** This client's writer id (./keys.ts `TableKeys.writerOf` of its holder). */
  readonly writer: string;
  readonly player: string;
  /** Whether the tabletop says this player is a game master now. */
  readonly gm: boolean;
}

/** Packs checkpoint parts small (deflate + base64 in the pages; anything reversible in tests). */
export interface Codec {
  pack(text: string): Promise<string>;
  /** Refuses (throws) past `maxChars` of output: a forged key must not blow up a client. */
  unpack(packed: string, maxChars: number): Promise<string>;
  /** A commitment to a secret value: hex SHA-256 in the pages. */
  hash(text: string): Promise<string>;
  /**
   * Ed25519 (./signing.ts): a new secret as this browser keeps it (opaque text), or null where the
   * browser has no Ed25519; the public key of a kept secret (lowercase hex), or null if it is none;
   * a signature (lowercase hex); whether a signature holds.
   */
  newSecret(): Promise<string | null>;
  publicKey(secret: string): Promise<string | null>;
  sign(secret: string, text: string): Promise<string>;
  verify(publicKey: string, signature: string, text: string): Promise<boolean>;
}

/** Something in the keys that was not played, said with the key it came from. */
export interface Dropped {
  readonly key: string;
  readonly problem: string;
  /** `unreadable`: malformed. `refused`: well-formed, but not its writer's to make (not signed by its writer, no one at the table, a claim no one may make). */
  readonly kind: 'unreadable' | 'refused';
  /** A refusal at play (the rules or the seats): its error, worded where it is shown. */
  readonly error?: RuleError;
  /** Written by someone other than the key's writer (its writer's record does not sign it). */
  readonly forged?: boolean;
}

/** Something in the keys refused: well-formed, but not its writer's to make. */
export const refusal = (key: string, problem: string): Dropped => ({ key, problem, kind: 'refused' });

/**
 * What a table's keys hold at most, in characters of JSON. The figures are the ceiling Owlbear is
 * known to store (docs/owlbear.md, "How much of the scene it takes"): about 12 KiB a key and 48 KiB a
 * write; everything the shared game writes stays under both.
 */
export const LIMITS = {
  /** One key's value as JSON (a key's name adds at most 120). */
  keyChars: 11_500,
  /** One write (every key and value it sets, as JSON). */
  writeChars: 44_000,
  /** Keys of one writer's log: its first and up to seven more, counted as one writer. */
  pagesPerWriter: 8,
  /** One op as JSON: larger actions are refused before they are written. */
  opChars: 10_000,
  /** Writers read: the table's holders come first, whatever else the keys hold. */
  writers: 64,
  /** Writers (tabs, connections) of one player read: each player's first ones before anyone's next. */
  writersPerPlayer: 4,
  /** Player and writer ids, and scene ids. */
  id: 64,
  /** Compact once this many ops wait, once their JSON takes this many characters, or once the oldest waited this long. */
  compactOps: 12,
  compactChars: 3000,
  compactAfterMs: 3000,
  /** Compact when any writer's pages take this much: a burst never fills a writer's log. */
  compactPageChars: 6000,
  /**
   * How far above the checkpoint's clock an op's may be. An honest op's clock is at most one above
   * every op its writer saw, all of which wait to be compacted: at most `writers × ops a writer's pages
   * hold` of them. A clock above that is no client's honest play.
   */
  clockAhead: 64 * 8 * 120,
  /** Game masters' keys a record vouches for, per scene. */
  trustedKeys: 4,
  /** Game masters' keys a browser keeps per scene (the newest kept). */
  keptKeys: 8,
  /**
   * How far past its own a compactor numbers a checkpoint to overtake one a writer says he plays (his
   * record's number: a hostile one may say anything). Two game masters apart make a few a minute.
   */
  genLeap: 100_000,
  /** Writers a checkpoint lists as forgotten (`Head.forgot`), the newest kept. */
  forgotWriters: 64,
  /** Keys a checkpoint carries as left by its game master (`Head.left`), the newest kept. */
  leftKeys: 16,
  /** Scenes a holder's record speaks for (the current one first). */
  recordScenes: 8,
  /**
   * Earlier versions of a writer's pages its record still signs: a copy of the keys that many writes
   * behind (a stale merge, a page that reloaded meanwhile) is still known for its own.
   */
  recordEarlier: 8,
  /** Checkpoints a game master's record still lists after the one it signs: one of them may be put back if the newest is lost. */
  recordEarlierCheckpoints: 2,
  /** Events of one system's log in one checkpoint segment, and the part of a log kept unsealed at its end. */
  segmentEvents: 2048,
  tailEvents: 512,
  /** A checkpoint part unpacked may not exceed this. */
  partChars: 4_000_000,
  /** Parts a checkpoint may list (state pieces and segment pieces). */
  parts: 2000,
} as const;

/** An op's id in the play order: `<writer>:<seq>`. */
export const opId = (writer: string, seq: number): string => `${writer}:${seq}`;
