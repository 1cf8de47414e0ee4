// What a client's shared game shows its host, and what it asks of it: the view, the options, what its
// browser keeps.
import type { RuleError } from '../game/result';
import type { SceneRequest } from './scene-request';
import type { StoreRoot } from '../store/root';
import type { Written } from './checkpoint';
import type { TableKeys } from './keys';
import { LIMITS, type Codec, type Dropped, type Identity, type Op, type TableGame } from './model';
import type { PlayContext } from './play';
import type { RecordBook } from './records';
import type { KeptSigned } from './kept';
import type { SecretKeeper } from './secrets';
import type { Unvouched } from './unvouched-schema';

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
 * or none that a game master stands behind: never played, `Unvouched`: ./unvouched-schema.ts).
 */
export type Trust = 'own' | 'verified' | 'none';

export type { Unvouched };

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
