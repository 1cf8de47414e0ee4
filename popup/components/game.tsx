import type { ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { LogFollower } from '../../src/game/follow';
import { canRedo, canUndo, type EventLog } from '../../src/game/log';
import type { Result } from '../../src/game/result';
import type { RuleSystem } from '../../src/game/system';
import type { SystemId } from '../../src/rules/ids';
import type { Send } from '../context';
import { useGameBoard, useTr, useTrn } from '../context';
import { historyShortcut } from '../keyboard';
import { useNotify } from '../notice';
import { DraftContext } from '../drafts';
import { useHeldHistory } from '../store';

/*
 * What every rule panel shares: replaying the stored log with its history, the undo/redo bar, and the
 * history list. Each panel keeps only what is its own: how to word a history line, and its controls.
 */

/**
 * The stored game folded through its rules, with one history line per applied event. It follows the
 * game from one root to the next: a move of a long game replays the move, not the game.
 */
export function useReplay<S, E, C, L>(
  system: RuleSystem<S, E, C>,
  game: { readonly config: C; readonly log: EventLog<E> },
  describe: (before: S, event: E, after: S) => L,
): { replayed: Result<S>; history: L[] } {
  const follower = useRef<LogFollower<S, E, C, L> | null>(null);
  return useMemo(() => {
    if (!follower.current) follower.current = new LogFollower(system, describe);
    return follower.current.follow(game);
  }, [system, game, describe]);
}

/** Shown instead of a panel if its saved log were ever refused by the rules (the worker repairs such a store). */
export function RefusedLog() {
  const tr = useTr();
  return <p role="alert">{tr('error_log_event_refused')}</p>;
}

/**
 * Undo and redo for one system's log, followed by the panel's own buttons; Ctrl+Z and Ctrl+Y (⌘Z,
 * ⌘⇧Z on macOS) outside text fields do the same. Each says what it took back or played again, in the
 * words of the history: `last` is the history's newest line as the panel words it.
 */
export function UndoBar({
  system,
  log,
  send,
  last,
  children,
}: {
  system: SystemId;
  log: EventLog<unknown>;
  send: Send;
  last: string | null;
  children?: ComponentChildren;
}) {
  const tr = useTr();
  const notify = useNotify();
  const drafts = useContext(DraftContext);
  // A redo's line is known once the game it plays arrives.
  const redone = useRef<number | null>(null);
  // The log on screen now (a notice's Redo runs after the undo that made it).
  const now = useRef(log);
  now.current = log;
  const undo = async () => {
    const line = last;
    // A choice in progress belonged to the position taken back: forgotten before the game moves, so
    // that what the popup draws for the position it goes back to starts afresh.
    drafts.store.clearScoped(system);
    if (await send({ type: 'game/undo', system }))
      notify({ text: tr('undone', line ?? '—'), back: { label: 'redo', run: () => void redo() } });
  };
  const redo = async () => {
    redone.current = now.current.cursor + 1;
    drafts.store.clearScoped(system);
    if (!(await send({ type: 'game/redo', system }))) redone.current = null;
  };
  useEffect(() => {
    if (redone.current === null || log.cursor !== redone.current) return;
    redone.current = null;
    notify({ text: tr('redone', last ?? '—') });
  }, [log.cursor, last]);
  const latest = useRef({ undo, redo, log });
  latest.current = { undo, redo, log };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const wanted = historyShortcut(e);
      // An open question answers first.
      if (!wanted || document.querySelector('[data-testid="confirm"]')) return;
      e.preventDefault();
      const { log: now, undo: back, redo: again } = latest.current;
      if (wanted === 'undo' ? canUndo(now) : canRedo(now)) void (wanted === 'undo' ? back() : again());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <nav class="undo-bar" aria-label={tr('history_controls')}>
      {/* The keys listened for (popup/keyboard.ts), said to assistive technology and in the tooltip. */}
      <button
        type="button"
        data-testid="undo"
        disabled={!canUndo(log)}
        aria-keyshortcuts="Control+Z Meta+Z"
        title={tr('undo_keys')}
        onClick={() => void undo()}
      >
        {tr('undo')}
      </button>
      <button
        type="button"
        data-testid="redo"
        disabled={!canRedo(log)}
        aria-keyshortcuts="Control+Y Control+Shift+Z Meta+Shift+Z Meta+Y"
        title={tr('undo_keys')}
        onClick={() => void redo()}
      >
        {tr('redo')}
      </button>
      {children}
    </nav>
  );
}

/**
 * Removing a piece (a fighter, a unit, a leader) is one click, and said with the way back: "Removed:
 * Fusilier C", Undo. Resolves as the removal does.
 */
export function useRemove<E>(dispatch: (event: E) => Promise<boolean>): (event: E, name: string) => Promise<boolean> {
  const tr = useTr();
  const notify = useNotify();
  const game = useGameBoard();
  return async (event, name) => {
    const done = await dispatch(event);
    if (done && game)
      notify({
        text: tr('removed_piece', name),
        back: { label: 'undo', run: () => void game.send({ type: 'game/undo', system: game.system }) },
      });
    return done;
  };
}

/** Lines shown at first; each "older" click shows this many more (a game of thousands of events opens at once). */
export const HISTORY_PAGE = 50;

/**
 * The history, newest first, a page at a time: only the lines shown are worded. `collapsed` puts it
 * in a closed disclosure for panels that are already long.
 */
export function HistoryList<L>({
  lines,
  format,
  id,
  collapsed = false,
}: {
  lines: readonly L[];
  format: (line: L) => string;
  id: string;
  collapsed?: boolean;
}) {
  const tr = useTr();
  const trn = useTrn();
  const [shown, setShown] = useState(HISTORY_PAGE);
  // Of a long game the popup holds the end (popup/store.ts): `offset` lines come before `lines`, loaded when wanted.
  const { offset, older } = useHeldHistory();
  useEffect(() => {
    if (offset > 0 && lines.length < shown) older(shown);
  }, [offset, lines.length, shown]);
  const from = Math.max(0, lines.length - shown);
  const hidden = offset + from;
  const list =
    lines.length + offset === 0 ? (
      <p class="hint">{tr('history_empty')}</p>
    ) : (
      <>
        {/* It scrolls: focusable, so that the keyboard can scroll it too, and named by its heading. */}
        <ol reversed start={offset + lines.length} data-testid="history" tabIndex={0} aria-label={tr('history')}>
          {lines
            .slice(from)
            .map((line, index) => <li key={from + index}>{format(line)}</li>)
            .reverse()}
        </ol>
        {hidden > 0 && (
          <button
            type="button"
            class="small"
            data-testid="history-older"
            onClick={() => setShown(shown + HISTORY_PAGE * 4)}
          >
            {trn('history_older', Math.min(hidden, HISTORY_PAGE * 4), hidden)}
          </button>
        )}
      </>
    );
  return collapsed ? (
    <details class="history">
      <summary>{tr('history')}</summary>
      {list}
    </details>
  ) : (
    <section class="history" aria-labelledby={id}>
      <h2 id={id}>{tr('history')}</h2>
      {list}
    </section>
  );
}
