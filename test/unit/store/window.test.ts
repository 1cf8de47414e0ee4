// The popup holds the end of a long game: the state at a checkpoint, sent by the worker as JSON (the
// browser's message format), and the events after it. For every rule system, a long game played from
// its own scenarios' events: whatever checkpoint the window starts from, the popup's state and history
// lines are those of the whole game replayed, and the worker's changes applied to the window keep it so.
import { describe, expect, it } from 'vitest';
import { LogFollower } from '../../../src/game/follow';
import { replay, type EventLog } from '../../../src/game/log';
import type { AnyRuleSystem } from '../../../src/game/system';
import { DESCRIPTORS, SYSTEM_IDS, type SystemId } from '../../../src/rules';
import { describeEvent as bdcLine } from '../../../src/rules/bdc/history';
import { describeEvent as crLine } from '../../../src/rules/cr/history';
import { describeEvent as dcLine } from '../../../src/rules/dc/history';
import { describeEvent as hdLine } from '../../../src/rules/hd-command/history';
import { describeEvent as hdmLine } from '../../../src/rules/hd-modifiers/history';
import { changeOf, windowOf } from '../../../src/store/answer';
import { applyChange } from '../../../src/store/change';
import { applyRequest } from '../../../src/store/requests';
import { freshRoot, type StoredGame, type StoreRoot } from '../../../src/store/root';
import { GameStates } from '../../../src/store/states';
import { scenarioEvents } from '../../support/long-games';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each system's lines take its own types
const LINES: Record<SystemId, (before: any, event: any, after: any) => unknown> = {
  bdc: bdcLine,
  cr: crLine,
  dc: dcLine,
  'hd-command': hdLine,
  'hd-modifiers': hdmLine,
};
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A game of `length` events of `system`: each drawn (seeded) among its scenarios' events, the first the rules accept. */
function longGame(system: SystemId, length: number): StoreRoot {
  const pool = scenarioEvents(system);
  let root = freshRoot();
  const states = new GameStates();
  let seed = 11;
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let tries = 0; (root.games[system]?.log.events.length ?? 0) < length && tries < length * 200; tries++) {
    const next = applyRequest(
      root,
      { type: 'game/dispatch', system, event: pool[Math.floor(rand() * pool.length)] } as never,
      states,
    );
    if (next.ok) root = next.value;
  }
  return root;
}

describe.each(SYSTEM_IDS)('%s: a window on the end of a long game', (system) => {
  const rules: AnyRuleSystem = DESCRIPTORS[system].rules;
  const root = longGame(system, 400);
  const game = root.games[system] as StoredGame<SystemId>;
  const whole = new LogFollower(rules, LINES[system]).follow(game);

  it('shows the state and the history lines of the whole game, from any checkpoint, its base sent as JSON', () => {
    expect(game.log.events.length).toBeGreaterThan(150);
    const states = new GameStates();
    for (let offset = 64; offset < game.log.cursor; offset += 64) {
      const base = json(states.stateAt(system, rules, game, offset));
      expect(base.ok).toBe(true);
      const log: EventLog<unknown> = {
        events: json(game.log.events.slice(offset)),
        cursor: game.log.cursor - offset,
        window: { offset, base: base.ok ? base.value : null, length: game.log.events.length },
      };
      const held = { config: json(game.config), log };
      expect(json(replay(rules, held.config, log))).toEqual(json(replay(rules, game.config, game.log)));
      const seen = new LogFollower(rules, LINES[system]).follow(held);
      expect(json(seen.history)).toEqual(json(whole.history.slice(offset)));
    }
  });

  it("a popup holding the window follows the worker's changes: undos, redos and new events", () => {
    const states = new GameStates();
    let worker = root;
    let view = applyChange(
      null,
      json({
        since: null,
        revision: worker.revision,
        activeSystem: system,
        notices: [],
        bindings: {},
        games: { [system]: windowOf(system, game, states) },
      }),
    );
    expect(view).not.toBe('behind');
    const pool = scenarioEvents(system);
    for (let step = 0; step < 60; step++) {
      const request =
        step % 5 === 1
          ? { type: 'game/undo', system }
          : step % 5 === 3
            ? { type: 'game/redo', system }
            : { type: 'game/dispatch', system, event: pool[step % pool.length] };
      const next = applyRequest(worker, request as never, states);
      if (!next.ok || next.value === worker) continue;
      const change = json(changeOf(worker, next.value, states));
      worker = next.value;
      view = applyChange(view as StoreRoot, change);
      expect(view).not.toBe('behind');
      if (step % 10 !== 9) continue;
      const held = (view as StoreRoot).games[system]!;
      const stored = worker.games[system]!;
      expect(json(replay(rules, held.config, held.log as EventLog<unknown>))).toEqual(
        json(replay(rules, stored.config, stored.log as EventLog<unknown>)),
      );
    }
  }, 20_000);
});
