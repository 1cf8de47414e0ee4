// A live board on any tabletop page: the active game's view of the tokens (the descriptor's board,
// from src/rules/boards.ts), drawn over the board and summarised for the popup. The tabletop's own
// script (Roll20's content script, the demo table page, Owlbear's bridge) hands it tables and a
// camera; the game's side arrives from storage as the worker publishes it (BOARD_KEY).
import { EMPTY_BINDING, type BoardInput } from '../src/board/model';
import { BoardRunner, type BoardRun } from '../src/board/run';
import { parseBoardInput } from '../src/board/schema';
import { summaryOf, type BoardSummary, type TabletopStatus } from '../src/board/summary';
import type { AnyBoard } from '../src/board/system';
import type { Text } from '../src/i18n/text';
import { reasonText } from '../src/i18n/reasons';
import { BOARDS } from '../src/rules/boards';
import { SYSTEM_IDS, isSystemId } from '../src/rules/ids';
import type { Table } from '../src/table/model';
import { Overlay, type Camera } from './overlay';

/** Before the worker has published anything: the store's first system, no game. */
const FIRST = SYSTEM_IDS[0];
const NO_GAME: BoardInput = { system: FIRST, binding: EMPTY_BINDING, pieces: [], facts: BOARDS[FIRST].defaultFacts };

export interface DrawOptions {
  /** Draw at all (the user's switch). */
  readonly overlay: boolean;
  /** Words beside figures out of command. */
  readonly labels: boolean;
}

export class LiveBoard {
  readonly overlay: Overlay;
  private input: BoardInput = NO_GAME;
  private board: AnyBoard = BOARDS[FIRST];
  private readonly runner = new BoardRunner();
  private table: Table | null = null;
  private last: BoardRun | null = null;
  private options: DrawOptions = { overlay: true, labels: true };

  constructor(
    private readonly tr: (t: Text) => string,
    parent?: Element,
  ) {
    this.overlay = new Overlay(parent);
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

  setOptions(options: DrawOptions): void {
    this.options = options;
  }

  setCamera(camera: Camera | null): void {
    this.overlay.setCamera(camera);
  }

  /** Recomputes the view of `table` (null: nothing readable) and draws it when `drawable`. */
  render(table: Table | null, drawable: boolean): BoardRun | null {
    this.table = table;
    this.last = table ? this.runner.run(this.board, table, this.input) : null;
    this.overlay.setVisible(this.options.overlay && drawable && this.last !== null);
    if (!this.last || !drawable) this.overlay.clear();
    else {
      const label = this.options.labels ? (reason: Parameters<typeof reasonText>[0]) => this.tr(reasonText(reason)) : null;
      this.overlay.draw(this.last.view, label, this.last.view.notes.map((n) => this.tr(n)));
    }
    return this.last;
  }

  /** The popup's summary of what was last rendered. */
  summary(status: TabletopStatus): BoardSummary {
    return summaryOf(status, this.table, this.last, this.table ? this.input.system : null);
  }
}
