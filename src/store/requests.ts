import { append, redo, replay, undo } from '../game/log';
import { ok, refuse, type Result } from '../game/result';
import type { AnyRuleSystem } from '../game/system';
import { parseWith } from '../game/validate';
import { requestSchema, type Request } from '../messages';
import { SYSTEMS, type SystemId } from '../rules';
import { gameOf } from './load';
import type { StoredGame, StoreRoot } from './root';

/** Validates an untrusted message: its envelope, then (for game events) the event's shape. */
export function parseRequest(raw: unknown): Result<Request> {
  const envelope = parseWith(requestSchema, raw, 'bad-message');
  if (!envelope.ok) return envelope;
  const request = envelope.value;
  if (request.type !== 'game/dispatch') return ok(request as Request);
  const event = SYSTEMS[request.system].parseEvent(request.event);
  if (!event.ok) return refuse('bad-message', event.error.params);
  return ok({ ...request, event: event.value } as Request);
}

const withGame = <K extends SystemId>(root: StoreRoot, system: K, game: StoredGame<K>): StoreRoot => ({
  ...root,
  games: { ...root.games, [system]: game },
});

/** The next root for a validated request; a refusal leaves the root as it was. */
export function applyRequest(root: StoreRoot, request: Request): Result<StoreRoot> {
  switch (request.type) {
    case 'store/load':
      return ok(root);
    case 'store/dismiss-notice':
      return ok({ ...root, notice: null });
    case 'store/select-system':
      return ok({ ...root, activeSystem: request.system });
    case 'game/undo':
    case 'game/redo': {
      const game = gameOf(root, request.system);
      const moved = request.type === 'game/undo' ? undo(game.log) : redo(game.log);
      return moved.ok ? ok(withGame(root, request.system, { ...game, log: moved.value })) : moved;
    }
    case 'game/dispatch': {
      const system: AnyRuleSystem = SYSTEMS[request.system]; // one system's types, whichever it is
      const game = gameOf(root, request.system);
      const replayed = replay(system, game.config, game.log);
      if (!replayed.ok) return replayed;
      const appended = append(system, replayed.value, game.log, request.event);
      return appended.ok ? ok(withGame(root, request.system, { ...game, log: appended.value.log })) : appended;
    }
  }
}
