// One client's part in a table's shared game (docs/shared-game.md), as a tabletop's page holds it: a
// `SyncState` moved on by ./step.ts, one input at a time, each with the moment the page's clock gives
// it. It reads the table's keys and plays them, writes its own actions to its own pages and writes
// them again until the table holds them, signs what it wrote in its record, and (on the compacting
// game master's client) compacts the game into a checkpoint, signs it, and keeps it as it wrote it.
// No tabletop here: the page hands it the keys' values, the party (each holder's player, role and
// record) and this holder's own record as the tabletop holds it; it writes what `heal` and `compact`
// return and publishes the record book.
import { HOST_TIMING } from './policy';
import type { Result } from '../game/result';
import type { SceneRequest } from './scene-request';
import type { TableKeys } from './keys';
import type { Dropped, Identity, Member, Op } from './model';
import type { PlacedOp } from './play';
import { needsCompaction } from './compacting';
import { compactor, failing, ownOps, playedOps, refusedLately, unvouched, waiting } from './queries';
import { openings } from './sealed';
import { newSyncState, type SyncState } from './state';
import { step, type AsyncInput, type Input } from './step';
import type { SharedGameOptions, SharedState, Unvouched, Update } from './types';
import { viewOf } from './view';
import { owesWrites } from './write';

export {
  bundle,
  type Keeper,
  type KeptSigned,
  type Refusal,
  type SharedGameOptions,
  type SharedState,
  type Trust,
  type Unsent,
  type UnprovenPages,
  type Unvouched,
  type Update,
} from './types';

export class SharedGame {
  private readonly s: SyncState;
  private readonly clock: () => number;

  constructor(options: SharedGameOptions) {
    this.s = newSyncState(options);
    this.clock = options.now ?? (() => Date.now());
  }

  private step(input: Exclude<Input, AsyncInput>): Update[] | null {
    return step(this.s, input, this.clock()).writes as Update[] | null;
  }

  private async stepAsync(input: AsyncInput): Promise<Update[] | null> {
    return (await step(this.s, input, this.clock())).writes as Update[] | null;
  }

  /** The state as of now, for a question that depends on time (what is late). */
  private get now(): SyncState {
    this.s.at = this.clock();
    return this.s;
  }

  /** The root's revision now (it only grows). */
  get revisionNow(): number {
    return this.s.revision;
  }

  get identity(): Identity {
    return this.s.me;
  }

  /** The player's role changed (the game master made him one, or not). Call `refresh` after. */
  setRole(gm: boolean): void {
    this.step({ type: 'role', gm });
  }

  /** The tabletop's party changed: the other holders, their players, roles and records. Call `refresh` after. */
  setParty(members: readonly Member[]): void {
    this.step({ type: 'party', members });
  }

  /** This holder's record as the tabletop holds it (its echo: an action is on the table once it is signed there too). */
  heardRecord(raw: unknown): void {
    this.step({ type: 'own record', raw });
  }

  /** Plays the keys again as they were last read (after the party or the role changed). */
  async refresh(): Promise<void> {
    await this.stepAsync({ type: 'keys', metadata: this.s.raw });
  }

  /** The keys as the tabletop holds them now: read, checked and played. */
  async receive(metadata: Readonly<Record<string, unknown>>): Promise<void> {
    await this.stepAsync({ type: 'keys', metadata });
  }

  /** One of this writer's actions: played here at once, added to its pages; the writes to make. */
  async submit(request: SceneRequest): Promise<Result<{ readonly id: string; readonly writes: readonly Update[] }>> {
    return (await step(this.s, { type: 'act', request }, this.clock())).acted!;
  }

  /** What to write now for the table to hold what it should (null: nothing). */
  heal(force = false): Update[] | null {
    return this.step({ type: 'heal', force });
  }

  /** The tabletop answered one of the writes returned. */
  wrote(accepted: boolean): void {
    this.step({ type: 'wrote', accepted });
  }

  /** The writes again at once, the tabletop's refusals forgotten (null: nothing to write). */
  retryNow(): Update[] | null {
    return this.step({ type: 'retry' });
  }

  /** On the compacting game master's client: the game folded into a new checkpoint, signed (null: not now). */
  compact(): Promise<Update[] | null> {
    return this.stepAsync({ type: 'compact' });
  }

  private lastCompaction = -Infinity;

  /**
   * The compaction due now, on the compacting game master's client: when enough waits, and at most
   * every `HOST_TIMING.compactEveryMs` (a burst of actions never piles up checkpoints). Every
   * tabletop's one gate; null: none now.
   */
  async compactDue(): Promise<Update[] | null> {
    const now = this.clock();
    if (now - this.lastCompaction < HOST_TIMING.compactEveryMs || !this.needsCompaction()) return null;
    this.lastCompaction = now;
    return this.compact();
  }

  /** The compacting game master's answer about a checkpoint no one here stands behind. */
  choose(choice: 'take' | 'fresh'): Promise<Update[] | null> {
    return this.stepAsync({ type: 'choose checkpoint', choice });
  }

  /** The compacting game master's answer about a gone writer's pages signed by a key no one here can prove. */
  chooseUnproven(choice: 'take' | 'leave'): Promise<Update[] | null> {
    return this.stepAsync({ type: 'choose pages', choice });
  }

  /** A page that writes nothing (the popover) shows its writer's ops as the page that writes them holds them. */
  mirrorOwn(ops: readonly unknown[], failures = 0, unvouched?: Unvouched | null): void {
    this.step({ type: 'mirror', ops, failures, ...(unvouched !== undefined ? { unvouched } : {}) });
  }

  /** What the page refused of the table (a popover's, from its background page), said here too. */
  noteRefused(dropped: readonly Dropped[]): void {
    this.step({ type: 'refused', dropped });
  }

  /** What the client shows: the game, its own actions not on the table yet, what it refused. */
  get state(): SharedState {
    return viewOf(this.now);
  }

  /** Whether this client compacts: the game master's, the first of them by holder if several. */
  get compactor(): boolean {
    return compactor(this.s);
  }

  /** Whether this client waits for a checkpoint to be written back, or for its game master to choose. */
  get waiting(): boolean {
    return waiting(this.s);
  }

  /** Whether a compaction is due now. */
  needsCompaction(): boolean {
    return needsCompaction(this.now);
  }

  /** Whether this client has something to write now. */
  get owesWrites(): boolean {
    return owesWrites(this.now);
  }

  /** The sealed values this client holds that the game reads: a request that opens them (null: none). */
  openings(): SceneRequest | null {
    return openings(this.now);
  }

  get unvouched(): Unvouched | null {
    return unvouched(this.s);
  }

  get playedOps(): readonly PlacedOp[] {
    return playedOps(this.s);
  }

  get ownOps(): readonly Op[] {
    return ownOps(this.s);
  }

  get failing(): number {
    return failing(this.s);
  }

  get refusedLately(): readonly Dropped[] {
    return refusedLately(this.s);
  }

  /** The scene's id as this client plays it (null until one is known). */
  get sceneId(): string | null {
    return this.s.scene;
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
