import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * What the last action did that a player may not have seen or meant ("Undone: Caporal added",
 * "Removed: Fusilier C"), with the way back: shown under the header until the next action.
 */
export interface ActionNotice {
  readonly text: string;
  /** A button that takes it back: its label's message key and what it does. */
  readonly back?: { readonly label: string; readonly run: () => void };
}

export const NoticeContext = createContext<(notice: ActionNotice | null) => void>(() => undefined);

export const useNotify = (): ((notice: ActionNotice | null) => void) => useContext(NoticeContext);
