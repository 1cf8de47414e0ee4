import { useEffect, useState } from 'preact/hooks';
import { replay } from '../../src/game/log';
import type { AnyRuleSystem, RuleSystem } from '../../src/game/system';
import type { TopicNumbers } from '../../src/lookup/numbers';
import type { SystemId } from '../../src/rules/ids';
import type { ConfigOf, EventOf, StateOf } from '../../src/rules/types';
import type { StoredGame, StoreRoot } from '../../src/store/root';

/*
 * The current games' numbers for the rule lookup. A system's rules (the same chunks as its panel) and
 * its numbers (src/rules/<id>/lookup.ts, pure functions of the replayed state) load only when one of
 * its topics is found and a game of it is stored.
 */

interface Live<K extends SystemId> {
  readonly rules: RuleSystem<StateOf<K>, EventOf<K>, ConfigOf<K>>;
  readonly numbers: (state: StateOf<K>) => TopicNumbers;
}

const live = <K extends SystemId>(rules: Promise<Live<K>['rules']>, numbers: Promise<Live<K>['numbers']>): Promise<Live<K>> =>
  Promise.all([rules, numbers]).then(([r, n]) => ({ rules: r, numbers: n }));

const LIVE: { readonly [K in SystemId]: () => Promise<Live<K>> } = {
  'hd-command': () => live(import('../../src/rules/hd-command').then((m) => m.hdCommand), import('../../src/rules/hd-command/lookup').then((m) => m.hdCommandNumbers)),
  'hd-modifiers': () =>
    live(import('../../src/rules/hd-modifiers').then((m) => m.hdModifiers), import('../../src/rules/hd-modifiers/lookup').then((m) => m.hdModifiersNumbers)),
  bdc: () => live(import('../../src/rules/bdc').then((m) => m.bdc), import('../../src/rules/bdc/lookup').then((m) => m.bdcNumbers)),
  dc: () => live(import('../../src/rules/dc').then((m) => m.dc), import('../../src/rules/dc/lookup').then((m) => m.dcNumbers)),
  cr: () => live(import('../../src/rules/cr').then((m) => m.commandRoll), import('../../src/rules/cr/lookup').then((m) => m.crNumbers)),
};

/** Numbers already computed, by stored game (a new game object is a new log: computed again). */
const cache = new WeakMap<object, TopicNumbers>();

/** A stored game's numbers; none if its log were ever refused (the worker repairs such a store). */
export async function gameNumbers(system: SystemId, game: StoredGame<SystemId>): Promise<TopicNumbers> {
  const known = cache.get(game);
  if (known) return known;
  // LIVE pairs each system with its own types; TypeScript cannot follow the pairing through an indexed lookup.
  const { rules, numbers } = await (LIVE[system] as () => Promise<{ rules: AnyRuleSystem; numbers: (state: unknown) => TopicNumbers }>)();
  const state = replay(rules, game.config, game.log);
  const result = state.ok ? numbers(state.value) : {};
  cache.set(game, result);
  return result;
}

export type LiveNumbers = { readonly [K in SystemId]?: TopicNumbers };

/** The numbers of the stored games of `systems` (those the results show), following the stored root. */
export function useLiveNumbers(root: StoreRoot | null, systems: readonly SystemId[]): LiveNumbers {
  const [live, setLive] = useState<LiveNumbers>({});
  const wanted = systems.filter((id) => root?.games[id]);
  const key = wanted.join(' ');
  useEffect(() => {
    let current = true;
    void Promise.all(wanted.map(async (id) => [id, await gameNumbers(id, root!.games[id] as StoredGame<SystemId>)] as const)).then(
      (entries) => current && setLive(Object.fromEntries(entries)),
      () => current && setLive({}),
    );
    return () => {
      current = false;
    };
    // The games themselves are compared by identity: a new root with the same games changes nothing.
  }, [key, ...wanted.map((id) => root!.games[id])]);
  return live;
}
