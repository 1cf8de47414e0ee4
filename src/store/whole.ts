// A root held whole (an Owlbear scene's: its games are small) as the change a view applies
// (./change.ts): what the popup does with the scene's answers. Apart from ./change.ts, so that the
// popup loads it only on an Owlbear tab.
import type { GameChange, Response, StoreAnswer, StoreChange } from '../messages';
import type { SystemId } from '../rules/ids';
import type { StoredGame, StoreRoot } from './root';

/** A root held whole (an Owlbear scene's) as a change that replaces what a view holds. */
export function changeOfRoot(root: StoreRoot): StoreChange {
  const games: Partial<Record<SystemId, GameChange>> = {};
  for (const [system, game] of Object.entries(root.games) as [SystemId, StoredGame<SystemId>][]) {
    games[system] = {
      kind: 'window',
      config: game.config,
      offset: 0,
      base: null,
      events: game.log.events,
      length: game.log.events.length,
      cursor: game.log.cursor,
    };
  }
  return {
    since: null,
    revision: root.revision,
    activeSystem: root.activeSystem,
    notices: root.notices,
    bindings: root.bindings,
    games,
  };
}

/** An answer with a root whole (an Owlbear scene's) as one that carries the change. */
export const answerOfRoot = (answer: Response): StoreAnswer =>
  answer.ok
    ? { ok: true, change: changeOfRoot(answer.root), ...(answer.data === undefined ? {} : { data: answer.data }) }
    : answer;
