// The demo table's adapter glue, as content/roll20.ts is Roll20's: it keeps the board (the page's own
// data, stored by the worker), hands each table to the LiveBoard (the active game's view, drawn by the
// shared overlay over this page's board), follows the game the worker publishes (BOARD_KEY) and
// reports the board to the worker for the popup (`table/update` from this tab). Each system has two
// scenes (its worked example, its army) and one stored game: loading a scene makes its game the stored
// game of its system, bound to the scene's tokens, after asking when that would replace a game someone
// played.
import type Browser from 'webextension-polyfill';
import * as v from 'valibot';
import { sceneBoard, sceneRequest, untouchedScene } from '../src/adapters/demo/example';
import {
  addToken,
  DEMO_KEY,
  DemoTables,
  sceneOfBoard,
  statusOf,
  type DemoBoard,
  type DemoBoards,
  type NewToken,
} from '../src/adapters/demo/model';
import { readDemo } from '../src/adapters/demo/schema';
import { isSceneId, sceneId, sceneRef, scenesOf, type SceneId } from '../src/adapters/demo/scenes';
import { canonicalJson } from '../src/game/json';
import { LOCALE_KEY, text, type Text } from '../src/i18n/text';
import { finderStops, nextStop, sayStop } from '../src/board/finder';
import { turnSides } from '../src/board/visibility';
import { logLength } from '../src/game/log';
import type { DemoRequest, Request, StoreAnswer, TableRequest, TabSystemRequest } from '../src/messages';
import { applyChange } from '../src/store/change';
import { isSystemId, type SystemId } from '../src/rules/ids';
import { BACKUP_KEY_PREFIX, BOARD_KEY, STORE_KEY } from '../src/store/root';
import { LiveBoard } from '../content/live-board';
import { unitNames, type UnitName } from '../src/board/names';
import type { BoardRun } from '../src/board/run';
import { Host } from '../content/host';
import { serveTabRequests } from '../content/host-tab';
import type { BoardView } from './board-view';
import { Edits } from './edits';

/** The stored game changed: read again at most this often (a burst of writes is one read). */
const FOLLOW_GAME_MS = 100;
const SAVE_MS = 150;

export type Notice =
  /** The stored board of this scene could not be read: the scene is laid out again. */
  | { readonly kind: 'damaged' }
  /** The tokens are not bound to the stored game (the player kept his game, or changed system elsewhere). */
  | { readonly kind: 'unbound' }
  | { readonly kind: 'unreachable' };

/** What the page's panels show; changes on discrete actions, not on every drag move. */
export interface DemoState {
  readonly board: DemoBoard | null;
  readonly selected: string | null;
  readonly notice: Notice | null;
  readonly labels: boolean;
  /**
   * The key in the board's corner: open on a wide screen, folded to its button on a narrow one (a
   * phone, a tablet upright), where it covered a third of the board; a tap opens it.
   */
  readonly legend: boolean;
  /** A question waiting for the player (replace a played game?). */
  readonly asking: { readonly system: SystemId; readonly answer: (yes: boolean) => void } | null;
  /** Figures out of command and leaders who cannot command: what the finder steps through. */
  readonly out: number;
  /** What the finder last centred, in words ("2 of 7 · 18e de ligne a: …"). */
  readonly found: string | null;
  /**
   * The selected figure's status and words in full ("out of command — 18e de ligne — 1.5 in from…"):
   * said in the panel, as the board may have no room to open them on a phone's or a tablet's screen.
   */
  readonly said: string | null;
  /**
   * Whether the stored game is the scene's own, as its example laid it out (its text then tells what
   * the board shows); false once it moved on (a new game, an undo, a move played in the popup), when
   * the page words the game as it stands instead; null until the store has answered.
   */
  readonly sceneGame: boolean | null;
}

/** A narrow screen: the key folded, every control a finger's size (demo.css says the same width). */
export const NARROW = '(max-width: 820px)';

const narrow = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia(NARROW) : null);

export class DemoTable {
  readonly live: LiveBoard;
  private readonly tables = new DemoTables();
  private state: DemoState = {
    board: null,
    selected: null,
    notice: null,
    labels: true,
    legend: !(narrow()?.matches ?? false),
    asking: null,
    out: 0,
    found: null,
    said: null,
    sceneGame: null,
  };
  private hovered: string | null = null;
  private readonly listeners = new Set<(s: DemoState) => void>();
  private boards: DemoBoards = {};
  private damaged: readonly SceneId[] = [];
  /** The scene last shown of each system (the popup switching system brings it back). */
  private shown: { [K in SystemId]?: SceneId } = {};
  private view: BoardView | null = null;
  private saveTimer = 0;
  /** Saves scheduled or on their way: the storage echo of our own write is not read back meanwhile. */
  private saving = 0;
  /** Our own requests in flight: the worker's board for another system is ours on its way, not a switch. */
  private busy = 0;
  /** The player's changes, each one step of the page's own history (Ctrl+Z, Ctrl+Y). */
  readonly edits = new Edits({
    board: () => this.state.board,
    selected: () => this.state.selected,
    commit: (board, selected) => {
      this.set({ board, selected });
      this.render();
      this.save();
    },
    preview: (board, save = false) => {
      // Redrawn without telling the panels: they do not change while a figure is dragged.
      this.state = { ...this.state, board };
      this.render();
      if (save) this.save();
    },
  });

  constructor(
    private readonly ext: Browser.Browser,
    /** The page's words for a Text (a counted one in its plural form). */
    readonly tr: (t: Text) => string,
    overlayParent: Element,
  ) {
    this.live = new LiveBoard(tr, overlayParent);
    // (./host.ts: the board's summary to the worker, the popup's ticks and finder, as on a Roll20 tab.)
    this.host = new Host(ext, {
      summary: () => {
        const board = this.state.board;
        if (!board) return null;
        const status = statusOf(board, this.state.selected ? [this.state.selected] : [], (key) => this.tr({ key }));
        return this.live.summary(status);
      },
    });
  }

  private readonly host: Host;

  get current(): DemoState {
    return this.state;
  }

  subscribe(on: (s: DemoState) => void): () => void {
    this.listeners.add(on);
    return () => this.listeners.delete(on);
  }

  attach(view: BoardView): void {
    this.view = view;
  }

  private set(change: Partial<DemoState>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l(this.state);
  }

  private send<R>(request: Request | TableRequest | DemoRequest | TabSystemRequest): Promise<R | undefined> {
    return this.host.send<R>(request);
  }

  /** Reads what is stored, then opens the scene asked for (`?scene=`), else the active system's. */
  async start(asked: string | null): Promise<void> {
    const got = await this.ext.storage.local.get([DEMO_KEY, BOARD_KEY]);
    const read = readDemo(got[DEMO_KEY]);
    this.boards = read.boards;
    this.damaged = read.damaged;
    this.live.setInput(got[BOARD_KEY]);
    this.ext.storage.onChanged.addListener((changes, area) => {
      if (area !== 'local') return;
      if (changes[BOARD_KEY]) this.onInput(changes[BOARD_KEY].newValue);
      if (changes[DEMO_KEY]) this.onStored(changes[DEMO_KEY].newValue);
      // The store's games (root, logs, events): the scene's text follows the game (a new game, an undo…).
      if (
        Object.keys(changes).some(
          (k) =>
            (k === STORE_KEY || k.startsWith(`${STORE_KEY}.`)) &&
            k !== DEMO_KEY &&
            k !== BOARD_KEY &&
            !k.startsWith(BACKUP_KEY_PREFIX),
        )
      )
        this.followGame();
    });
    // The screen turned or the window resized across the narrow width: the key folds or opens with it, unless the player chose.
    narrow()?.addEventListener('change', (e) => {
      if (!this.legendChosen) this.setLegend(!e.matches, false);
    });
    serveTabRequests(this.host, {
      ticks: (system, ticks) => {
        this.live.setTicks(system, ticks);
        this.render();
      },
      // The popup's "N out": the finder, as the page's own button.
      find: (step) => {
        this.find(step);
        return this.state.found ?? false;
      },
    });
    this.host.start();
    const scene = isSceneId(asked)
      ? asked
      : isSystemId(this.live.system)
        ? this.sceneFor(this.live.system)
        : sceneId('hd-command');
    await this.open(scene);
  }

  /**
   * The scene to show for a system the popup switched to: the one whose tokens the system's game is
   * bound to, else the one last shown, else the worked example.
   */
  private sceneFor(system: SystemId): SceneId {
    const links = this.live.system === system ? this.live.binding.links : {};
    const linked = (id: SceneId) => this.boards[id]?.tokens.filter((t) => links[t.id] !== undefined).length ?? 0;
    const bound = scenesOf(system)
      .filter((id) => linked(id) > 0)
      .sort((a, b) => linked(b) - linked(a))[0];
    return bound ?? this.shown[system] ?? sceneId(system);
  }

  /**
   * Opens a scene at the player's request: its board as saved, or as first laid out, with its game as
   * the stored game of its system (loaded unless the game is bound to this board already, asking first
   * if that replaces a game someone played); its system becomes the one the popup shows.
   */
  async open(id: SceneId): Promise<void> {
    const { system } = sceneRef(id)!;
    this.busy++;
    try {
      const saved = this.boards[id];
      const damaged = this.damaged.includes(id);
      this.show(saved ?? sceneBoard(id), damaged ? { kind: 'damaged' } : null, true);
      this.setUrl(id);
      // First the system on screen, so that the board the worker publishes next is this one's.
      if (this.live.system !== system) await this.send<StoreAnswer>({ type: 'store/select-system', system });
      // And this tab's own: its popup shows it, whatever another window picks (the worker keeps it for this tab).
      void this.send({ type: 'tab/pick', system });
      await this.loadScene(id, { reset: false, keep: saved ?? null });
    } finally {
      this.busy--;
    }
    this.render();
  }

  /** Lays the scene out again and makes its game the stored game; false when the player kept his game. */
  loadExample(id: SceneId): Promise<boolean> {
    void this.send({ type: 'tab/pick', system: sceneRef(id)!.system });
    return this.loadScene(id, { reset: true, keep: null });
  }

  /**
   * Makes the scene's game the stored game of its system. `keep`: a saved board to keep on screen
   * (nothing is loaded when the stored game is bound to it already); `reset`: the player asked.
   */
  private async loadScene(id: SceneId, { reset, keep }: { reset: boolean; keep: DemoBoard | null }): Promise<boolean> {
    const { system } = sceneRef(id)!;
    this.busy++;
    try {
      const loaded = await this.send<StoreAnswer>({ type: 'store/load' });
      if (!loaded?.ok) {
        this.set({ notice: { kind: 'unreachable' } });
        return false;
      }
      // The store as a view holds it: each game's end (a long game is no scene's game).
      const held = applyChange(null, loaded.change);
      const links = held === 'behind' ? {} : (held.bindings[system]?.links ?? {});
      this.judgeGame(id, held === 'behind' ? undefined : held.games[system]?.log);
      if (keep && keep.tokens.some((t) => links[t.id] !== undefined)) return true;
      const log = held === 'behind' ? undefined : held.games[system]?.log;
      if (
        log &&
        logLength(log) > 0 &&
        (log.window !== undefined || untouchedScene(system, log) === null) &&
        !(await this.ask(system))
      ) {
        if (!reset) this.set({ notice: { kind: 'unbound' } });
        return false;
      }
      if (loaded.change.activeSystem !== system) await this.send<StoreAnswer>({ type: 'store/select-system', system });
      const replaced = await this.send<StoreAnswer>(sceneRequest(id));
      if (!replaced?.ok) {
        this.set({ notice: { kind: 'unreachable' } });
        return false;
      }
      this.damaged = this.damaged.filter((s) => s !== id);
      this.set({ sceneGame: true });
      // Laid out again after a damaged save: the page still says why.
      this.show(
        keep ?? sceneBoard(id),
        !reset && this.state.notice?.kind === 'damaged' ? this.state.notice : null,
        keep === null,
      );
      this.save();
      return true;
    } finally {
      this.busy--;
      this.render();
    }
  }

  /** Whether `log` is the game scene `id` lays out, untouched (see DemoState.sceneGame). */
  private judgeGame(
    id: SceneId,
    log: { readonly events: readonly unknown[]; readonly cursor: number; readonly window?: unknown } | undefined,
  ): void {
    // The game as it stands: what its cursor has played (a *New game* undone is the example again).
    const played =
      log && log.window === undefined ? { events: log.events.slice(0, log.cursor), cursor: log.cursor } : undefined;
    const sceneGame = untouchedScene(sceneRef(id)!.system, played) === id;
    if (sceneGame !== this.state.sceneGame) this.set({ sceneGame });
  }

  private followTimer = 0;
  /** The stored game changed: reads it again (once for a burst of writes) and judges it against the scene on screen. */
  private followGame(): void {
    if (this.followTimer) return;
    this.followTimer = window.setTimeout(() => {
      this.followTimer = 0;
      void this.send<StoreAnswer>({ type: 'store/load' }).then((loaded) => {
        const board = this.state.board;
        if (!loaded?.ok || !board) return;
        const held = applyChange(null, loaded.change);
        this.judgeGame(sceneOfBoard(board), held === 'behind' ? undefined : held.games[board.system]?.log);
      });
    }, FOLLOW_GAME_MS);
  }

  private ask(system: SystemId): Promise<boolean> {
    return new Promise((resolve) =>
      this.set({
        asking: {
          system,
          answer: (yes) => {
            this.set({ asking: null });
            resolve(yes);
          },
        },
      }),
    );
  }

  /** Puts a board on screen (and fits it when it is another scene). */
  private show(board: DemoBoard, notice: Notice | null, fit: boolean): void {
    const scene = sceneOfBoard(board);
    const moved = !this.state.board || sceneOfBoard(this.state.board) !== scene;
    const other = moved || fit;
    // Another scene, or the example laid out again: its moves start a history of their own.
    if (other) this.edits.forget();
    this.boards = { ...this.boards, [scene]: board };
    this.shown = { ...this.shown, [board.system]: scene };
    this.set({ board, notice, selected: other ? null : this.state.selected });
    this.render();
    if (other) this.fit();
    // Another scene: is the stored game still its own?
    if (moved) this.followGame();
  }

  /** Fits the board in view: its tokens and the rings drawn around them. */
  fit(): void {
    const rings = this.last?.view.rings ?? [];
    const around = rings.map((g) => ({
      x: g.x,
      y: g.y,
      r: g.outline
        ? Math.max(...g.outline.flat().map((p) => Math.hypot(p.x - g.x, p.y - g.y)))
        : g.shape.kind === 'circle'
          ? g.shape.radius
          : Math.max(...g.shape.points.map((p) => Math.hypot(p.x, p.y))),
    }));
    this.fittedKey = this.state.legend ? this.live.keySize : null;
    this.view?.fit(around, this.fittedKey);
  }

  private setUrl(id: SceneId): void {
    const url = new URL(location.href);
    if (url.searchParams.get('scene') === id) return;
    url.searchParams.set('scene', id);
    history.replaceState(null, '', url);
  }

  /** The game the worker publishes changed: redraw; the popup switched to another system: show its scene. */
  private onInput(raw: unknown): void {
    this.live.setInput(raw);
    const system = this.live.system;
    const board = this.state.board;
    if (this.busy === 0 && board && isSystemId(system) && system !== board.system) {
      const id = this.sceneFor(system);
      this.show(this.boards[id] ?? sceneBoard(id), null, true);
      this.setUrl(id);
    }
    this.render();
  }

  /** Another demo tab saved: take its board for this scene unless ours is being written. */
  private onStored(raw: unknown): void {
    if (this.saving > 0 || this.edits.dragging) return;
    const read = readDemo(raw);
    const board = this.state.board;
    const theirs = board ? read.boards[sceneOfBoard(board)] : undefined;
    this.boards = { ...this.boards, ...read.boards };
    if (board && theirs && canonicalJson(theirs) !== canonicalJson(board)) {
      // Moved from another tab: this page's history no longer leads back to its own boards.
      this.edits.forget();
      this.set({ board: theirs });
      this.render();
    }
  }

  /** Whether the scene's tokens stand for pieces of the stored game. */
  get bound(): boolean {
    const board = this.state.board;
    if (!board || this.live.system !== board.system) return false;
    const links = this.live.binding.links;
    return board.tokens.some((t) => links[t.id] !== undefined);
  }

  /** The key's size the last fit left room for. */
  private fittedKey: { readonly w: number; readonly h: number } | null = null;
  private last: BoardRun | null = null;

  /** Recomputes the view and draws it: the board's tokens, the overlay's marks, in this same task. */
  render(): void {
    const board = this.state.board;
    if (!board) return;
    this.view?.update(board, this.state.selected);
    this.live.setOptions({ overlay: true, labels: this.state.labels, names: true, legend: this.state.legend });
    this.live.setFocus(this.focused());
    this.live.setVisibility({ show: board.show ?? 'all', gmOnly: false }, true);
    this.last = this.live.render(this.tables.table(board), true);
    const out = this.last ? finderStops(this.last.view).length : 0;
    if (out !== this.state.out) this.set({ out });
    // Not while a figure is dragged (the panels wait for the drop).
    const said = this.edits.dragging ? this.state.said : this.saidOf(this.state.selected);
    if (said !== this.state.said) this.set({ said });
    if (this.view) this.live.setCamera(this.view.camera());
    // Fitted before the key was laid out (a page just loaded), or the key changed size: fit again,
    // so that the key has its column and hides no figure.
    const key = this.state.legend ? this.live.keySize : null;
    if (this.view?.isFitted && (key?.w ?? 0) > (this.fittedKey?.w ?? 0)) this.fit();
    this.report();
    // A scene whose game is elsewhere says so (and offers to load it).
    const unbound = !this.bound && this.live.system === board.system && this.busy === 0;
    if (unbound && this.state.notice === null) this.set({ notice: { kind: 'unbound' } });
    else if (!unbound && this.state.notice?.kind === 'unbound') this.set({ notice: null });
  }

  /** A figure's status and words in full, as the board last laid them out (see DemoState.said). */
  private saidOf(id: string | null): string | null {
    const mark = id === null ? undefined : this.last?.view.marks.find((m) => m.id === id);
    if (!mark) return null;
    const status = this.tr(text(`board_status_${mark.status}`));
    const words = this.live.wordsOf(mark.id);
    return words ? `${status} — ${words}` : status;
  }

  private report(): void {
    this.host.report();
  }

  private save(): void {
    const board = this.state.board;
    if (!board) return;
    this.boards = { ...this.boards, [sceneOfBoard(board)]: board };
    if (this.saveTimer) clearTimeout(this.saveTimer);
    else this.saving++;
    this.saveTimer = window.setTimeout(() => {
      this.saveTimer = 0;
      // A figure still being dragged is saved where it is dropped.
      if (this.edits.dragging) return void this.saving--;
      const latest = this.state.board;
      const done = () => window.setTimeout(() => this.saving--, 50);
      if (!latest) return done();
      void this.send({ type: 'demo/save', board: latest }).then(done);
    }, SAVE_MS);
  }

  /**
   * The finder: centres the next figure out of command (or leader who cannot command) after the one
   * selected (`step` -1: the one before), selects it so that its words open, and says who and why.
   */
  find(step: 1 | -1 = 1): void {
    const view = this.last?.view;
    if (!view || !this.view) return;
    const stops = finderStops(view);
    const next = nextStop(stops, this.state.selected, step);
    this.set({ found: sayStop(next, stops.length, this.tr, this.tr(text(LOCALE_KEY)) || 'en') });
    if (!next) return;
    const { stop } = next;
    this.view.centreOn(stop.x, stop.y);
    // Focusing the figure selects it (the board view's focusin): its words open, its panel shows.
    this.view.focus(stop.token);
  }

  select(id: string | null): void {
    if (id === this.state.selected) return;
    this.set({ selected: id });
    this.render();
  }

  add(spec: Omit<NewToken, 'x' | 'y'>): string | null {
    const board = this.state.board;
    if (!board || !this.view) return null;
    const added = addToken(board, { ...spec, ...this.view.centre() });
    if (!added) return null;
    this.edits.change(added.board, added.id);
    return added.id;
  }

  /** The sides whose turn it is, as the board says (null: no one's now). */
  turnSides(): ReadonlySet<string> | null {
    return this.last ? turnSides(this.last.view, this.last.bound) : null;
  }

  setLabels(labels: boolean): void {
    this.set({ labels });
    this.render();
  }

  /** The key opened or folded by the player: his choice, whatever the screen's width does next. */
  private legendChosen = false;

  setLegend(legend: boolean, chosen = true): void {
    this.legendChosen ||= chosen;
    this.set({ legend });
    this.render();
  }

  /** The token under the pointer: its words are said on the board, whatever the zoom. */
  hover(id: string | null): void {
    if (id === this.hovered) return;
    this.hovered = id;
    this.live.setFocus(this.focused());
  }

  private focused(): string[] {
    return [this.state.selected, this.hovered].filter((id): id is string => id !== null);
  }

  camera(): void {
    if (this.view) this.live.setCamera(this.view.camera());
  }

  private names: { board: DemoBoard; run: BoardRun | null; names: UnitName[] } | null = null;

  /** The board's units and what to call each (the game's name, never a made-up id), as the popup does. */
  unitNames(): readonly UnitName[] {
    const board = this.state.board;
    if (!board) return [];
    if (this.names?.board !== board || this.names.run !== this.last)
      this.names = { board, run: this.last, names: unitNames(this.tables.table(board), this.last?.bound ?? null) };
    return this.names.names;
  }
}
