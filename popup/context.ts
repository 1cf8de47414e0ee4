import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Roll20Settings } from '../src/adapters/roll20/settings';
import { EMPTY_BINDING, type Binding } from '../src/board/model';
import type { SystemId } from '../src/rules/ids';
import type { BoardSummary } from '../src/board/summary';
import type { Text } from '../src/i18n/text';
import { plural, text } from '../src/i18n/text';
import type { Request } from '../src/messages';
import type { LiveApi, PopupApi } from './api';

/** Sends a request to the worker; on refusal the popup shows the reason and keeps the root it had. */
export type Send = (request: Request) => Promise<boolean>;

/** A rule panel's way to play one event of its system. */
export type Dispatch<E> = (event: E) => Promise<boolean>;

export const ApiContext = createContext<PopupApi | null>(null);

export function useApi(): PopupApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('PopupApi missing: render inside <ApiContext.Provider>');
  return api;
}

/** `tr(messageKey, …subs)`: the translated string. */
export function useTr(): (key: string, ...subs: (string | number)[]) => string {
  const { t } = useApi();
  return (key, ...subs) => t(text(key, ...subs));
}

/** `trn(familyKey, count, …subs)`: "1 fighter", "2 fighters" — the form the language needs for `count` (its $1). */
export function useTrn(): (key: string, count: number, ...subs: (string | number)[]) => string {
  const { t } = useApi();
  return (key, count, ...subs) => t(plural(key, count, ...subs));
}

export function useT(): (t: Text) => string {
  return useApi().t;
}

/** The active tab's live board, when there is one: what it shows, its Roll20 settings, and how to reach it. */
export interface BoardData {
  readonly summary: BoardSummary;
  readonly settings: Roll20Settings;
  readonly live: LiveApi;
}

export const BoardContext = createContext<BoardData | null>(null);

/** The live board of the active tab, or null (no tabletop open). */
export const useBoard = (): BoardData | null => useContext(BoardContext);

/** The game on screen's binding to the board (panels link their pieces from it). */
export interface GameBoard {
  readonly system: SystemId;
  readonly binding: Binding;
  readonly send: Send;
}

export const GameBoardContext = createContext<GameBoard | null>(null);

/** How many actions have succeeded: a field's message goes with the next one (./fields.tsx). */
export const ActionsContext = createContext(0);

export const useGameBoard = (): GameBoard | null => useContext(GameBoardContext);

export { EMPTY_BINDING };
