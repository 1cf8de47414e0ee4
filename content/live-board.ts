// A live board on any tabletop page: the active game's view of the tokens (the descriptor's board,
// from src/rules/boards.ts), laid out for the screen (src/board/layout.ts: what is said, where, the
// key), drawn over the board and summarised for the popup. The tabletop's own script (Roll20's
// content script, the demo table page) hands it tables and a camera; the game's side arrives from
// storage as the worker publishes it (BOARD_KEY).
import { layoutBoard, type BoardLayout } from '../src/board/layout';
import { EMPTY_BINDING, type BoardInput, type BoardView } from '../src/board/model';
import { BoardRunner, type BoardRun } from '../src/board/run';
import { parseBoardInput } from '../src/board/schema';
import { summaryOf, type BoardSummary, type TabletopStatus } from '../src/board/summary';
import type { AnyBoard } from '../src/board/system';
import { DEFAULT_VISIBILITY, visibleView, type Visibility } from '../src/board/visibility';
import { LOCALE_KEY, text, type Text } from '../src/i18n/text';
import { BOARDS } from '../src/rules/boards';
import { SYSTEM_IDS, isSystemId } from '../src/rules/ids';
import type { Table } from '../src/table/model';
import { Overlay, type Camera } from './overlay';

const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Before the worker has published anything: the store's first system, no game. */
const FIRST = SYSTEM_IDS[0];
const NO_GAME: BoardInput = { system: FIRST, binding: EMPTY_BINDING, pieces: [], facts: BOARDS[FIRST].defaultFacts };

export interface DrawOptions {
  /** Draw at all (the user's switch). */
  readonly overlay: boolean;
  /** Words beside figures out of command. */
  readonly labels: boolean;
  /** The tokens' names (a tabletop that does not write them itself). */
  readonly names?: boolean;
  /** The key in the board's corner. */
  readonly legend?: boolean;
}

export class LiveBoard {
  readonly overlay: Overlay;
  private input: BoardInput = NO_GAME;
  private board: AnyBoard = BOARDS[FIRST];
  private readonly runner = new BoardRunner();
  private table: Table | null = null;
  private last: BoardRun | null = null;
  private layout: BoardLayout | null = null;
  private options: DrawOptions = { overlay: true, labels: true };
  private focus: ReadonlySet<string> = new Set();
  private visibility: Visibility = DEFAULT_VISIBILITY;
  private gm = true;
  private seen: { from: BoardView; view: BoardView } | null = null;
  private readonly locale: string;
  private drawn = false;

  constructor(
    private readonly tr: (t: Text) => string,
    parent?: Element,
  ) {
    this.overlay = new Overlay(parent);
    this.locale = tr(text(LOCALE_KEY)) || 'en';
  }

  /** The board input as stored; anything unusable is replaced by "no game" (a damaged store never breaks the page). */
  setInput(raw: unknown): void {
    const input = parseBoardInput(raw);
    this.input = input && isSystemId(input.system) ? input : NO_GAME;
    this.board = BOARDS[isSystemId(this.input.system) ? this.input.system : FIRST];
  }

  get system(): string {
    return this.input.system;
  }

  get binding(): BoardInput['binding'] {
    return this.input.binding;
  }

  /** What was laid out last (tests and the Owlbear painter read it). */
  get laidOut(): BoardLayout | null {
    return this.layout;
  }

  setOptions(options: DrawOptions): void {
    this.options = options;
  }

  /** The pieces the popup has ticked for a choice of `system` not sent yet (drawn while that system is the game's). */
  setTicks(system: string, ticks: readonly string[]): void {
    this.runner.setTicks(system, ticks);
  }

  /** Figures hovered, focused or selected: their words are said whatever the zoom or the crowd. */
  setFocus(ids: readonly string[]): void {
    const next = new Set(ids);
    if (next.size === this.focus.size && [...next].every((id) => this.focus.has(id))) return;
    this.focus = next;
    this.relayout();
  }

  /** Where a scene point stands in the client (the page's px), through the camera; null with no camera. The inverse of tokenAt's reading. */
  clientOf(x: number, y: number): { readonly x: number; readonly y: number } | null {
    const c = this.overlay.currentCamera;
    return c ? { x: c.x + c.ox + x * c.sx + y * (c.kx ?? 0), y: c.y + c.oy + y * c.sy + x * (c.ky ?? 0) } : null;
  }

  /**
   * The figure under a client point (the pointer), read through the camera: the topmost marked token
   * whose footprint holds it; null off every figure, or with no camera.
   */
  tokenAt(clientX: number, clientY: number): string | null {
    const c = this.overlay.currentCamera;
    const run = this.last;
    if (!c || !run || !this.drawn) return null;
    // screen − (x, y) − (ox, oy) = [sx kx; ky sy] · p, solved for p.
    const u = clientX - c.x - c.ox;
    const w = clientY - c.y - c.oy;
    const kx = c.kx ?? 0;
    const ky = c.ky ?? 0;
    const det = c.sx * c.sy - kx * ky;
    if (Math.abs(det) < 1e-12) return null;
    const px = (u * c.sy - w * kx) / det;
    const py = (w * c.sx - u * ky) / det;
    const marked = new Set(run.view.marks.map((m) => m.id));
    const tokens = this.table?.tokens ?? [];
    for (let i = tokens.length - 1; i >= 0; i--) {
      const t = tokens[i]!;
      if (!marked.has(t.id)) continue;
      if (Math.abs(px - t.center.x) <= t.footprint.width / 2 && Math.abs(py - t.center.y) <= t.footprint.height / 2)
        return t.id;
    }
    return null;
  }

  setCamera(camera: Camera | null): void {
    const before = this.overlay.currentCamera;
    this.overlay.setCamera(camera);
    if (!sameCamera(before, camera)) this.relayout();
  }

  /** Recomputes the view of `table` (null: nothing readable) and draws it when `drawable`. */
  render(table: Table | null, drawable: boolean): BoardRun | null {
    this.table = table;
    this.last = table ? this.runner.run(this.board, table, this.input) : null;
    this.overlay.setVisible(this.options.overlay && drawable && this.last !== null);
    this.drawn = !!this.last && drawable;
    if (!this.drawn) {
      this.overlay.clear();
      this.layout = null;
    } else {
      this.overlay.setNotes(this.last!.view.notes.map((n) => this.tr(n)));
      this.relayout(true);
    }
    return this.last;
  }

  /** What the board shows, and to whom (src/board/visibility.ts); `gm`: this board's viewer is a game master, or the table is his own. */
  setVisibility(visibility: Visibility, gm: boolean): void {
    if (visibility.show === this.visibility.show && visibility.gmOnly === this.visibility.gmOnly && gm === this.gm)
      return;
    this.visibility = visibility;
    this.gm = gm;
    this.relayout();
  }

  /** The view as this viewer sees it: the system's, cut by the table's visibility (the same object while nothing changes). */
  private seenView(run: BoardRun): BoardView {
    const seen = visibleView(run.view, run.bound, this.visibility, { focus: this.focus, gm: this.gm });
    const last = this.seen;
    // A cut that keeps the same marks, rings and links is the same view (no redraw).
    if (
      last &&
      last.from === run.view &&
      same(last.view.marks, seen.marks) &&
      same(last.view.rings, seen.rings) &&
      same(last.view.edges, seen.edges) &&
      last.view.notes === seen.notes
    )
      return last.view;
    this.seen = { from: run.view, view: seen };
    return seen;
  }

  /** Places the words for the current camera (a pan, a zoom, a focus) and draws them; `shapes`: the view changed too. */
  private relayout(shapes = false): void {
    const run = this.last;
    const camera = this.overlay.currentCamera;
    if (!this.drawn || !run) return;
    const o = this.options;
    const before = this.seen?.view;
    const view = this.seenView(run);
    if (view !== before) shapes = true;
    if (camera) {
      this.layout = layoutBoard(view, run.bound, {
        reasons: o.labels,
        names: o.names ?? false,
        legend: o.legend ?? true,
        say: this.tr,
        locale: this.locale,
        measure: this.overlay.measure.width,
        camera,
        width: camera.w,
        height: camera.h,
        focus: this.focus,
        reserved: this.overlay.reserved(),
        previous: this.layout,
      });
    }
    if (shapes) this.overlay.draw(view, this.layout?.words);
    if (this.layout) this.overlay.drawLayout(this.layout);
  }

  /**
   * A figure's words (its reason, its unit's note) in full, as last laid out, whether the board found
   * them room or not: a small screen may have none to open them, and a tabletop's page can say them.
   */
  wordsOf(id: string): string | null {
    return this.layout?.words.get(id) ?? null;
  }

  /** The whole key's size as last laid out (null: no key): the room the demo's fit leaves it. */
  get keySize(): { readonly w: number; readonly h: number } | null {
    return this.layout?.keySize ?? null;
  }

  /** The popup's summary of what was last rendered. */
  summary(status: TabletopStatus): BoardSummary {
    return summaryOf(status, this.table, this.last, this.table ? this.input.system : null);
  }
}

const sameCamera = (a: Camera | null, b: Camera | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.x === b.x &&
    a.y === b.y &&
    a.w === b.w &&
    a.h === b.h &&
    a.sx === b.sx &&
    a.sy === b.sy &&
    a.ox === b.ox &&
    a.oy === b.oy &&
    a.kx === b.kx &&
    a.ky === b.ky);
