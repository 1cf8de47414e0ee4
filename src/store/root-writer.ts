// Writing the root to storage: one `storage.set` a write, which the browser makes at once or not at
// all, made of what changed since the last one (./persist.ts), with the board input every tabletop
// follows, any repair not yet written and the backups kept on the way; then the removal of what it no
// longer uses. Writes keep their order; a write built on one that failed is not made.
import type { RuleError } from '../game/result';
import type { StoreAnswer } from '../messages';
import { boardInputOf } from './board';
import type { Backup } from './load';
import { encodeStore, memoOf, type WriteMemo } from './persist';
import type { StorageRead } from './read';
import { isStoreKey } from './read-keys';
import { READ_LIMITS } from './read-values';
import { BOARD_KEY, STORE_KEY, type StoreRoot } from './root';
import type { GameStates } from './states';
import type { StoredKeys } from './stored-keys';

/** What the store needs of a storage area (the browser's, or a stand-in). */
export interface StorageArea {
  /** Everything (null), or only these keys. */
  get(keys: null | string | readonly string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** Storage refused a write, and nothing of it landed (read back from the header it carried). */
export class WriteRefused extends Error {}
/** A write whose fate could not be read back: storage may hold it or not. The popup asks again (same id). */
class WriteUnknown extends Error {}

const isRuleError = (x: unknown): x is RuleError =>
  typeof x === 'object' && x !== null && typeof (x as { code?: unknown }).code === 'string' && !(x instanceof Error);

/** The answer to a request whose write failed: refused by the rules on what storage holds, not written, or not known. */
export function failedAnswer(error: unknown): StoreAnswer {
  if (isRuleError(error)) return { ok: false, error };
  return { ok: false, error: { code: error instanceof WriteUnknown ? 'storage-unknown' : 'storage-failed' } };
}

export class RootWriter {
  /** Storage was written by a newer version of Command Post (its layout version): nothing is written over it. */
  newer: number | null = null;
  /** A repair read but not yet written (the write failed): written with the next write, before anything else. */
  private repair: { backups: readonly Backup[]; obsolete: readonly string[] } | null = null;
  /** Keys a write that landed no longer uses, whose removal failed: removed with the next write (whose header names them). */
  private leftover: readonly string[] = [];
  /** Counts failed writes: a write queued on a root built before one failed is not made (that root was never stored). */
  private failures = 0;
  private memo: WriteMemo | null = null;
  /** The board input last written, to write it only when it changes (every tabletop redraws on it). */
  private board = '';
  /** Storage writes, one after the other. */
  private io: Promise<unknown> = Promise.resolve();
  /** This instance's mark on what it writes, to tell its own writes from another's. */
  readonly mark = `w${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

  constructor(
    private readonly storage: StorageArea,
    private readonly keys: StoredKeys,
    private readonly states: GameStates,
  ) {}

  /** Storage was read whole (`items`, read as `read`): a store migrated, repaired or new is written whole at once. */
  async took(items: Readonly<Record<string, unknown>>, read: StorageRead): Promise<void> {
    this.newer = read.newer;
    this.leftover = read.leftover;
    this.board = JSON.stringify(items[BOARD_KEY] ?? null);
    if (read.newer !== null || !read.rewrite) {
      this.memo = read.newer === null ? memoOf(read.root) : null;
      return;
    }
    // Written whole, with its backups, before what it no longer uses is removed.
    this.memo = null;
    this.repair = {
      backups: [...(this.repair?.backups ?? []), ...read.backups],
      obsolete: [...(this.repair?.obsolete ?? []), ...read.obsolete],
    };
    // A write the browser refuses (a full storage) leaves storage as it was: the repair is made with the next write.
    await this.put(read.root).catch(() => undefined);
  }

  /**
   * Writes `root` as it stands (its board input, any repair not yet written, these backups and values
   * kept beside it) in one `storage.set`; then removes what it no longer uses (only keys it read or
   * wrote, once what it kept of them is written). A failure of the set leaves storage as it was and
   * throws; once it is written, nothing after it fails the write: a removal that fails is made with the
   * next write.
   */
  put(root: StoreRoot, backups: readonly Backup[] = [], beside: Readonly<Record<string, unknown>> = {}): Promise<void> {
    const failures = this.failures;
    const run = this.io.then(async () => {
      if (this.newer !== null) throw new WriteRefused('store-newer');
      // Built on a root whose write failed meanwhile: that root was never stored, nor is this one.
      if (failures !== this.failures) throw new WriteRefused('an earlier write failed');
      const repair = this.repair;
      const { set, remove, memo } = encodeStore(root, repair ? null : this.memo);
      const board = boardInputOf(root, this.states);
      const boardText = JSON.stringify(board);
      if (boardText !== this.board) set[BOARD_KEY] = board;
      for (const b of repair?.backups ?? []) set[b.key] = b.value;
      // Those kept on the way (what a replace, an import or a restore replaces) never take a key already there.
      for (const b of backups) set[this.keys.freeKey(b.key, (k) => Object.hasOwn(set, k))] = b.value;
      for (const [key, value] of Object.entries(beside)) set[key] = value;
      const gone = [...new Set([...remove, ...(repair?.obsolete ?? []), ...this.leftover])].filter(
        (k) => !Object.hasOwn(set, k),
      );
      // The header names the game keys and chunks it no longer uses: should their removal fail (or the
      // worker stop before it), the next reader knows them for what they are, not for damage.
      const superseded = gone.filter(isStoreKey).slice(0, READ_LIMITS.superseded);
      set[STORE_KEY] = {
        ...(set[STORE_KEY] as object),
        writer: this.mark,
        ...(superseded.length ? { superseded } : {}),
      };
      try {
        await this.commit(set);
      } catch (error) {
        this.failures++;
        throw error;
      }
      // Written: storage holds `root` from here on, whatever follows.
      if (repair === this.repair) this.repair = null;
      this.board = boardText;
      this.memo = memo;
      for (const [key, value] of Object.entries(set)) this.keys.written(key, value);
      this.leftover = gone;
      if (gone.length === 0) return;
      try {
        await this.storage.remove(gone);
      } catch {
        return;
      }
      this.leftover = [];
      for (const key of gone) this.keys.removed(key);
    });
    this.io = run.catch(() => undefined);
    return run;
  }

  /** Values kept beside the root (settings, a demo board) written alone. */
  async putBeside(items: Record<string, unknown>): Promise<void> {
    await this.storage.set(items);
    for (const [key, value] of Object.entries(items)) this.keys.written(key, value);
  }

  /**
   * One `storage.set`. Should it fail, whether it landed is read back from the header it carried
   * (this writer's mark and revision): landed, it is written; not, WriteRefused; unreadable, WriteUnknown.
   */
  private async commit(set: Record<string, unknown>): Promise<void> {
    try {
      await this.storage.set(set);
    } catch (error) {
      const header = set[STORE_KEY] as { revision: number; writer: string };
      let stored: { revision?: unknown; writer?: unknown } | undefined;
      try {
        stored = (await this.storage.get(STORE_KEY))[STORE_KEY] as typeof stored;
      } catch {
        throw new WriteUnknown(String(error));
      }
      if (stored?.writer === header.writer && stored.revision === header.revision) return;
      throw new WriteRefused(String(error));
    }
  }
}
