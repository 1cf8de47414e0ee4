import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { canRedo, canUndo, replay, type EventLog } from '../../src/game/log';
import type { Result } from '../../src/game/result';
import type { RuleSystem } from '../../src/game/system';
import type { SystemId } from '../../src/rules/ids';
import type { Send } from '../context';
import { useTr } from '../context';

/*
 * What every rule panel shares: replaying the stored log with its history, the undo/redo bar, and the
 * history list. Each panel keeps only what is its own: how to word a history line, and its controls.
 */

/** The stored game folded through its rules, with one history line per applied event. */
export function useReplay<S, E, C, L>(
  system: RuleSystem<S, E, C>,
  game: { readonly config: C; readonly log: EventLog<E> },
  describe: (before: S, event: E, after: S) => L,
): { replayed: Result<S>; history: L[] } {
  return useMemo(() => {
    const history: L[] = [];
    const replayed = replay(system, game.config, game.log, (before, event, after) => history.push(describe(before, event, after)));
    return { replayed, history };
  }, [system, game, describe]);
}

/** Shown instead of a panel if its saved log were ever refused by the rules (the worker repairs such a store). */
export function RefusedLog() {
  const tr = useTr();
  return <p role="alert">{tr('error_log_event_refused')}</p>;
}

/** Undo and redo for one system's log, followed by the panel's own buttons. */
export function UndoBar({ system, log, send, children }: { system: SystemId; log: EventLog<unknown>; send: Send; children?: ComponentChildren }) {
  const tr = useTr();
  return (
    <nav class="undo-bar" aria-label={tr('history_controls')}>
      <button type="button" data-testid="undo" disabled={!canUndo(log)} onClick={() => void send({ type: 'game/undo', system })}>
        {tr('undo')}
      </button>
      <button type="button" data-testid="redo" disabled={!canRedo(log)} onClick={() => void send({ type: 'game/redo', system })}>
        {tr('redo')}
      </button>
      {children}
    </nav>
  );
}

/** The history, newest first; `collapsed` puts it in a closed disclosure for panels that are already long. */
export function HistoryList({ lines, id, collapsed = false }: { lines: readonly string[]; id: string; collapsed?: boolean }) {
  const tr = useTr();
  const list =
    lines.length === 0 ? (
      <p class="hint">{tr('history_empty')}</p>
    ) : (
      <ol reversed data-testid="history">
        {lines
          .map((line, index) => <li key={index}>{line}</li>)
          .reverse()}
      </ol>
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
