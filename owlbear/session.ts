// One Owlbear page's view of the room (the background page and the action popover each run one):
// the SDK wired to the pure core. It follows the player (his role, his own player metadata), the party
// (each connection's role and record), the scene (ready or not, switched, closed), its grid, its items
// and its metadata; plays the scene's shared game (src/shared-game/, with src/adapters/owlbear/keys.ts);
// reads the tokens into a table (src/adapters/owlbear/items.ts) and runs the system's board view on it,
// as every tabletop does (src/board/run.ts). The background page is the connection's one writer: it
// writes its pages until the scene holds them, and publishes its record in its own player metadata
// (only it writes there); the popover hands it its actions and mirrors what it keeps (./pages.ts).
import OBR, { type Item, type Metadata, type Player } from '@owlbear-rodeo/sdk';
import * as v from 'valibot';
import {
  DEFAULT_GRID,
  OwlbearTables,
  gridSchema,
  statusOf,
  type OwlbearGrid,
  type SceneRead,
} from '../src/adapters/owlbear/items';
import { OWLBEAR_KEYS, RECORD_KEY, connectionKey, writerId } from '../src/adapters/owlbear/keys';
import type { Member } from '../src/shared-game/model';
import { RecordBook, readRecord } from '../src/shared-game/records';
import { toSceneRequest } from '../src/shared-game/requests';
import { SharedGame, bundle, type SharedState, type Update } from '../src/shared-game/sync';
import type { BoardInput } from '../src/board/model';
import { BoardRunner, type BoardRun } from '../src/board/run';
import { summaryOf, type BoardSummary } from '../src/board/summary';
import type { RuleError } from '../src/game/result';
import { text } from '../src/i18n/text';
import type { Request, Response } from '../src/messages';
import type { SceneRequest } from '../src/shared-game/scene-request';
import { BOARDS } from '../src/rules/boards';
import type { SystemId } from '../src/rules/ids';
import { boardInputOf } from '../src/store/board';
import type { StoreRoot } from '../src/store/root';
import { GameStates } from '../src/store/states';
import { browserCodec } from '../content/codec';
import type { Strings } from './i18n';
import { localKeeper } from './keeper';
import { Pace, rateLimited } from './pace';
import { popoverChannel, type PageChannel, type ToBackground, type ToPopover } from './pages';
import { localSecrets } from './secrets';

export type Page = 'background' | 'action';

export interface Me {
  readonly id: string;
  readonly name: string;
  readonly role: 'GM' | 'PLAYER';
  readonly connectionId: string;
}

const fail = (code: string, params?: Record<string, string | number>): { ok: false; error: RuleError } => ({
  ok: false,
  error: params ? { code, params } : { code },
});

/** Owlbear's party as the shared game reads it: each connection's player, role, and record (its own player metadata). */
export const membersOf = (party: readonly Player[]): Member[] =>
  party.map((p) => ({
    holder: connectionKey(p.connectionId),
    player: p.id,
    gm: p.role === 'GM',
    record: (p.metadata as Metadata | undefined)?.[RECORD_KEY],
  }));

const randomId = (): string =>
  [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** How long the popover waits for its background page to answer an action. */
const ANSWER_MS = 8000;

/** Waits for Owlbear's OBR_READY (never, outside Owlbear: the page says so). */
export const obrReady = (): Promise<void> => new Promise((resolve) => OBR.onReady(resolve));

/** What the page draws and shows, recomputed on every change. */
export class SceneSession {
  me: Me = { id: '', name: '', role: 'PLAYER', connectionId: '' };
  party: readonly Player[] = [];
  selection: readonly string[] = [];
  sceneReady = false;
  sync: SharedGame | null = null;
  /** This connection's record: what its background page signs (published in its player metadata). */
  readonly book = new RecordBook();
  read: SceneRead | null = null;
  run: BoardRun | null = null;
  grid: OwlbearGrid = DEFAULT_GRID;
  /** Main-thread time of the last recompute (items or game changed), ms: the benchmark reads it. */
  lastMs = 0;
  private items: readonly unknown[] = [];
  private metadata: Metadata = {};
  private readonly tables = new OwlbearTables();
  private readonly runner = new BoardRunner();
  private readonly states = new GameStates();
  private input: { key: unknown[]; input: BoardInput } | null = null;
  private readonly listeners = new Set<() => void>();
  /** Metadata arriving while the last is being read: only the newest is read next. */
  private receiving: Promise<void> = Promise.resolve();
  private waiting: Metadata | null = null;
  /** Submits one at a time, after any metadata being read. */
  private turn: Promise<unknown> = Promise.resolve();
  private summaryCache: {
    run: BoardRun | null;
    read: SceneRead | null;
    selection: readonly string[];
    summary: BoardSummary | null;
  } | null = null;

  private constructor(
    readonly page: Page,
    readonly strings: Strings,
  ) {}

  /** Starts once Owlbear is ready: reads the player, the party and the scene, and follows them. */
  static async start(page: Page, strings: Strings): Promise<SceneSession> {
    await obrReady();
    const s = new SceneSession(page, strings);
    const [role, name, connectionId, selection, party] = await Promise.all([
      OBR.player.getRole(),
      OBR.player.getName(),
      OBR.player.getConnectionId(),
      OBR.player.getSelection(),
      OBR.party.getPlayers(),
    ]);
    s.me = { id: OBR.player.id, name, role, connectionId };
    s.selection = selection ?? [];
    s.party = party;
    const secrets = localSecrets(OBR.room.id, OBR.player.id);
    const keeper = page === 'background' ? localKeeper(OBR.room.id, connectionId) : null;
    // What this connection signed in an earlier life of its background page (a reload keeps the
    // connection and its player metadata): the background page goes on from it.
    const own = ((await OBR.player.getMetadata().catch(() => ({}))) as Metadata)[RECORD_KEY];
    if (page === 'background') s.book.adopt(readRecord(own));
    s.heardRecord = JSON.stringify(own ?? null);
    // One game per scene: each scene that opens gets a fresh one (nothing of the last scene's ops is
    // written into it). The connection writes one set of keys, its background page's; the popover mirrors it.
    const writer = writerId(connectionId);
    s.newSync = () => {
      const sync = new SharedGame({
        codec: browserCodec,
        keys: OWLBEAR_KEYS,
        me: { writer, player: s.me.id, gm: s.me.role === 'GM' },
        book: s.book,
        secrets,
        random: randomId,
        mirror: page === 'action',
        keeper,
        // Tokens hidden from players: only the game master links them to pieces.
        context: { hidden: (token) => s.hidden.has(token) },
        // The views follow the root's revision: a new scene's game goes on from the last one's.
        revision: (s.sync?.revisionNow ?? 0) + 1,
        // The page's first game: the scene its earlier life played (its record says) is still the one open.
        sameScene: !s.sync,
      });
      sync.setParty(membersOf(s.party));
      sync.heardRecord(JSON.parse(s.heardRecord) as unknown);
      return sync;
    };
    s.sync = s.newSync();
    if (page === 'action') {
      s.channel = popoverChannel(OBR.room.id, connectionId);
      s.channel.on((m) => s.fromBackground(m));
      s.channel.post({ type: 'hello' });
    }
    OBR.player.onChange((player) => {
      const roleChanged = player.role !== s.me.role;
      s.me = { ...s.me, name: player.name, role: player.role };
      s.selection = player.selection ?? [];
      // Owlbear's echo of this connection's record: an action is on the table once it is signed there too.
      const record = JSON.stringify((player.metadata as Metadata | undefined)?.[RECORD_KEY] ?? null);
      const recordChanged = record !== s.heardRecord;
      s.heardRecord = record;
      s.sync?.heardRecord(JSON.parse(record) as unknown);
      if (roleChanged) {
        // Who may do what is Owlbear's word: the game is played again with the new role.
        s.sync?.setRole(player.role === 'GM');
        s.tables.reset();
      }
      if (roleChanged || recordChanged) s.refresh();
      s.recompute();
    });
    OBR.party.onChange((players) => {
      s.party = players;
      s.sync?.setParty(membersOf(players));
      s.refresh();
      s.emit();
    });
    OBR.scene.onReadyChange((ready) => void s.setReady(ready));
    OBR.scene.items.onChange((items) => {
      s.setItems(items);
      s.recompute();
    });
    OBR.scene.grid.onChange((grid) => void s.gridChanged(grid));
    OBR.scene.onMetadataChange((metadata) => s.receive(metadata));
    await s.setReady(await OBR.scene.isReady());
    return s;
  }

  private newSync: (() => SharedGame) | null = null;
  /** This connection's record as Owlbear last said it holds it (JSON). */
  private heardRecord = 'null';
  /** Tokens hidden from players (`Item.visible` false). */
  private hidden = new Set<string>();
  /** The popover's line to its background page. */
  private channel: PageChannel<ToPopover, ToBackground> | null = null;
  private readonly answers = new Map<string, (response: Response) => void>();

  /** The popover hears its background page: the ops it keeps (mirrored, checked as any op), or the answer to an action. */
  private fromBackground(m: ToPopover): void {
    if (m.type === 'own') {
      this.sync?.noteRefused(m.refused.map((d) => ({ ...d, kind: 'refused' as const })));
      this.sync?.mirrorOwn(m.ops, m.failures, m.unvouched);
      this.recompute();
      return;
    }
    this.answers.get(m.rid)?.(
      m.response.ok ? { ok: true, root: this.root ?? this.sync!.state.root } : { ok: false, error: m.response.error },
    );
    this.answers.delete(m.rid);
  }

  /** The popover asks its background page to try its writes again now. */
  retry(): void {
    this.channel?.post({ type: 'retry' });
  }

  /** The game master's answer about a checkpoint no one here stands behind: his background page writes it. */
  choose(choice: 'take' | 'fresh'): void {
    this.channel?.post({ type: 'choose', choice });
  }

  /** The game master's answer about pages of an earlier connection no one here can prove his: his background page writes it. */
  chooseUnproven(choice: 'take' | 'leave'): void {
    this.channel?.post({ type: 'choose-unproven', choice });
    // Its own game takes the answer too: a key he left is not asked about again here either.
    void this.sync?.chooseUnproven(choice).then(() => this.recompute());
  }

  private async setReady(ready: boolean): Promise<void> {
    const was = this.sceneReady;
    this.sceneReady = ready;
    // Whatever was read or asked for before this change belongs to the last scene (a refresh asked for
    // by a party change as the scene switches must not feed the last scene's metadata to the new game).
    if (ready !== was) {
      this.epoch++;
      this.waiting = null;
      this.metadata = {};
    }
    this.tables.reset();
    this.input = null;
    if (ready && !was && this.newSync) {
      // Whatever the last scene held (its metadata being read, its ops) stays with it.
      await this.receiving;
      this.waiting = null;
      this.sync = this.newSync();
      this.channel?.post({ type: 'hello' });
    }
    if (!ready) {
      this.items = [];
      this.metadata = {};
      this.recompute();
      return;
    }
    const [items, metadata] = await Promise.all([OBR.scene.items.getItems(), OBR.scene.getMetadata(), this.loadGrid()]);
    this.setItems(items);
    this.receive(metadata);
    await this.receiving;
  }

  private setItems(items: readonly unknown[]): void {
    this.items = items;
    this.hidden = new Set((items as Item[]).filter((i) => i.visible === false).map((i) => i.id));
  }

  private async loadGrid(): Promise<void> {
    const [dpi, scale, type, measurement] = await Promise.all([
      OBR.scene.grid.getDpi(),
      OBR.scene.grid.getScale(),
      OBR.scene.grid.getType(),
      OBR.scene.grid.getMeasurement(),
    ]);
    await this.setGrid({ dpi, scale: scale.raw, type, measurement });
  }

  private async gridChanged(grid: { dpi: number; scale: string; type: string; measurement: string }): Promise<void> {
    await this.setGrid({ dpi: grid.dpi, scale: grid.scale, type: grid.type, measurement: grid.measurement });
    this.recompute();
  }

  /** The grid, checked; a hex grid's origin is where Owlbear snaps the scene's origin to a hex centre. */
  private async setGrid(raw: { dpi: number; scale: string; type: string; measurement: string }): Promise<void> {
    const parsed = v.safeParse(gridSchema, raw);
    let grid: OwlbearGrid = parsed.success ? parsed.output : DEFAULT_GRID;
    if (grid.type === 'HEX_VERTICAL' || grid.type === 'HEX_HORIZONTAL') {
      const origin = await OBR.scene.grid.snapPosition({ x: 0, y: 0 }, 1, false, true).catch(() => null);
      if (origin && Number.isFinite(origin.x) && Number.isFinite(origin.y)) grid = { ...grid, origin };
    }
    this.grid = grid;
  }

  /** Metadata from Owlbear: read in order, the newest only when several arrive during one read. */
  receive(metadata: Metadata): void {
    // Between two scenes there is no game to read (nor to heal: the last scene's ops stay with it).
    if (!this.sceneReady) return;
    this.waiting = metadata;
    const epoch = this.epoch;
    this.receiving = this.receiving
      .then(async () => {
        const next = this.waiting;
        if (!next || !this.sync || epoch !== this.epoch) return;
        this.readEpoch = epoch;
        this.waiting = null;
        this.metadata = next;
        await this.sync.receive(next);
        this.recompute();
        await this.afterReceive();
      })
      // One bad read must not stop the page from reading the next: said, and the chain goes on.
      .catch((error: unknown) => console.error('Command Post: reading the scene failed', error));
  }

  /** The scene read again as it was last read (the party or the role changed). */
  refresh(): void {
    // Nothing of this scene read yet: its first read is on its way.
    if (this.sceneReady && (this.waiting || this.readEpoch === this.epoch)) this.receive(this.waiting ?? this.metadata);
  }

  /** Counts scene changes; and the one whose metadata was last read. */
  private epoch = 0;
  private readEpoch = -1;

  /** Keeps this page's own key right (ops lost to a race written again, compacted ones dropped). */
  protected async afterReceive(): Promise<void> {
    if (!this.sceneReady) return;
    this.heal();
    for (const hook of this.hooks) await hook();
  }

  /** Writes what the scene needs now, if anything (this writer's pages, the checkpoint, the scene's id). */
  heal(): void {
    const heal = this.sceneReady ? this.sync?.heal() : null;
    if (heal) this.write(heal);
  }

  /** This connection's writes (scene and player metadata) go one at a time, spaced and backed off (./pace.ts). */
  readonly pace = new Pace();
  /** What waits for the next turn, key by key (a key set again moves to the end: its last value, in the order last set), and the game it was made for. */
  private queued = new Map<string, unknown>();
  private queuedFor: SharedGame | null = null;
  private flushing = false;

  /**
   * Writes to the scene's metadata: what piles up while a write waits its turn goes in one write
   * (split as `bundle` splits, within what Owlbear stores). Owlbear's answer goes back to the game: a
   * refusal, `PERSISTENCE_FAILED` among them, is retried later by the game; `RateLimitHit` here too,
   * after 500 ms, 1 s, 2 s… Returns at once.
   */
  write(updates: readonly Update[], from: SharedGame | null = this.sync): void {
    // Made for a scene no longer open (a compaction signed as the scene switched): it is not this scene's.
    if (from !== this.sync || !this.sceneReady) return;
    if (this.queuedFor !== from) this.queued = new Map();
    this.queuedFor = from;
    this.enqueue(updates.flatMap((u) => Object.entries(u)));
    if (!this.flushing) void this.flush();
  }

  private enqueue(entries: readonly (readonly [string, unknown])[]): void {
    for (const [key, value] of entries) {
      this.queued.delete(key);
      this.queued.set(key, value);
    }
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queued.size) {
        await this.pace.turn();
        const sync = this.queuedFor;
        if (sync !== this.sync || !this.sceneReady) {
          this.queued = new Map();
          return;
        }
        const [update = {}, ...rest] = bundle([...this.queued]);
        this.queued = new Map();
        const answer = await OBR.scene.setMetadata(update).then(
          () => 'ok' as const,
          (e: unknown) => (rateLimited(e) ? ('busy' as const) : ('refused' as const)),
        );
        // What was set meanwhile comes after what is left of this batch, and wins (a new scene's drops it).
        const later = this.queued;
        this.queued = new Map();
        const same = this.queuedFor === sync;
        if (same && answer === 'busy') this.enqueue(Object.entries(update));
        if (same && answer !== 'refused') this.enqueue(rest.flatMap((u) => Object.entries(u)));
        this.enqueue([...later]);
        sync?.wrote(answer === 'ok');
        if (answer === 'ok') this.pace.accepted();
        else {
          if (answer === 'busy') this.pace.refused();
          this.emitIfUnsentChanged();
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Work the background page does after each read of the metadata (compaction, openings). */
  readonly hooks: (() => Promise<void>)[] = [];

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }

  private unsentSeen = '';
  /** Tells the views when an unsent action's status changed with time alone (pending → failed). */
  emitIfUnsentChanged(): void {
    const now = JSON.stringify(this.state?.unsent.map((u) => [u.id, u.status]) ?? []);
    if (now === this.unsentSeen) return;
    this.unsentSeen = now;
    this.emit();
  }

  get state(): SharedState | null {
    return this.sceneReady && this.sync ? this.sync.state : null;
  }

  get root(): StoreRoot | null {
    return this.state?.root ?? null;
  }

  get metadataNow(): Metadata {
    return this.metadata;
  }

  /** The board input of the root's active game, the same object while that game does not change. */
  private inputOf(root: StoreRoot): BoardInput {
    const key = [root.activeSystem, root.games[root.activeSystem], root.bindings[root.activeSystem]];
    if (this.input && this.input.key.every((k, i) => k === key[i])) return this.input.input;
    const input = boardInputOf(root, this.states);
    this.input = { key, input };
    return input;
  }

  /** The pieces ticked in the popover for a choice not sent yet (background page: drawn on this player's board). */
  setTicks(system: SystemId, ticks: readonly string[]): void {
    this.runner.setTicks(system, ticks);
    this.recompute();
  }

  /** The popover's end: hands its ticks to the background page, which draws the board. */
  tickOnBoard(system: SystemId, ticks: readonly string[]): void {
    this.channel?.post({ type: 'ticks', system, ticks: [...ticks] });
  }

  /** Reads the tokens and runs the board view again. */
  recompute(): void {
    const t0 = performance.now();
    const root = this.root;
    if (!root) {
      this.read = null;
      this.run = null;
    } else {
      this.read = this.tables.read(this.items, this.grid, this.me.role);
      const input = this.inputOf(root);
      this.run = this.runner.run(BOARDS[root.activeSystem], this.read.table, input);
    }
    this.lastMs = performance.now() - t0;
    this.emit();
  }

  /** The popup's summary of the board, as every tabletop reports it. */
  get summary(): BoardSummary | null {
    const c = this.summaryCache;
    if (c && c.run === this.run && c.read === this.read && c.selection === this.selection) return c.summary;
    const summary =
      this.read && this.root
        ? summaryOf(
            statusOf(this.read, this.grid, this.tables.tableChanges, this.selection, (side) =>
              this.strings.t(text('owlbear_side', side)),
            ),
            this.read.table,
            this.run,
            this.root.activeSystem,
          )
        : null;
    this.summaryCache = { run: this.run, read: this.read, selection: this.selection, summary };
    return summary;
  }

  /** A request of the popup's kind, played on the scene's game as this player. */
  send(request: Request): Promise<Response> {
    if (request.type === 'store/load' || request.type === 'store/dismiss-notice') {
      const root = this.root;
      return Promise.resolve(root ? { ok: true, root } : fail('owlbear-no-scene'));
    }
    const scene = toSceneRequest(request, 'owlbear-not-in-scene');
    if (!scene.ok) return Promise.resolve(scene);
    return this.submit(scene.value);
  }

  /**
   * One action on the scene's game: checked, written to the connection's key, answered with the new
   * root. The popover hands it to its background page, which writes it (and writes it again until
   * the scene holds it: never shown as done before, `SceneState.unsent`).
   */
  submit(request: SceneRequest): Promise<Response> {
    if (this.channel) return this.forward(request);
    const run = this.turn.then(async (): Promise<Response> => {
      await this.receiving;
      const sync = this.sync;
      if (!sync || !this.sceneReady) return fail('owlbear-no-scene');
      const result = await sync.submit(request);
      if (!result.ok) return result;
      this.afterSubmit();
      this.write(result.value.writes, sync);
      this.recompute();
      return { ok: true, root: sync.state.root };
    });
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** Called once an action is in this writer's key (the background page tells its popover). */
  afterSubmit: () => void = () => undefined;

  private forward(request: SceneRequest): Promise<Response> {
    if (!this.sceneReady) return Promise.resolve(fail('owlbear-no-scene'));
    const rid = randomId();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.answers.delete(rid);
        resolve(fail('owlbear-unreachable'));
      }, ANSWER_MS);
      this.answers.set(rid, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      this.channel!.post({ type: 'submit', rid, request });
    });
  }

  /** The items of the scene as Owlbear last sent them. */
  get sceneItems(): readonly Item[] {
    return this.items as readonly Item[];
  }
}
