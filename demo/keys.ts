// The page's keyboard and what it said: Ctrl+Z / Ctrl+Y undo and redo on the board (their words kept
// for the line under the tools), N and Shift+N the figure finder.
import { useEffect, useState } from 'preact/hooks';
import { historyShortcut } from '../popup/keyboard';
import type { DemoState, DemoTable } from './table';
import type { Tr } from './words';

export interface History {
  readonly undone: string | null;
  readonly setUndone: (said: string | null) => void;
  /** Undo or redo one change, and say what came of it. */
  readonly history: (wanted: 'undo' | 'redo') => void;
}

export function useHistory(table: DemoTable, state: DemoState, tr: Tr): History {
  // What the last Ctrl+Z or Ctrl+Y did, said where the player looks and to assistive technology.
  const [undone, setUndone] = useState<string | null>(null);
  const history = (wanted: 'undo' | 'redo') => {
    const done = wanted === 'undo' ? table.edits.undo() : table.edits.redo();
    setUndone(
      tr(
        done
          ? wanted === 'undo'
            ? 'demo_undone'
            : 'demo_redone'
          : wanted === 'undo'
            ? 'demo_nothing_to_undo'
            : 'demo_nothing_to_redo',
      ),
    );
  };
  // Ctrl+Z undoes the last change on the board (a move, a figure added, removed or killed, a setting);
  // Ctrl+Y or Ctrl+Shift+Z plays it again (⌘ on a Mac). In a text field they stay the field's own.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const wanted = historyShortcut(e);
      if (!wanted || state.asking) return;
      e.preventDefault();
      history(wanted);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  return { undone, setUndone, history };
}

/** N centres the next figure out of command, Shift+N the one before (never while typing in a field). */
export function useFinderKey(table: DemoTable, state: DemoState): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'n' || e.ctrlKey || e.metaKey || e.altKey || state.asking) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      e.preventDefault();
      table.find(e.shiftKey ? -1 : 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}
