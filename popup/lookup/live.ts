import { useEffect, useState } from 'preact/hooks';
import { replay } from '../../src/game/log';
import type { TopicNumbers } from '../../src/lookup/numbers';
import type { AnyDescriptor } from '../../src/rules/descriptor';
import type { SystemId } from '../../src/rules/ids';
import { LOADERS, NUMBERS } from '../../src/rules/load';
import type { StoredGame, StoreRoot } from '../../src/store/root';

/*
 * The current games' numbers for the rule lookup. A system's rules (the same chunks as its panel) and
 * its numbers (src/rules/<id>/lookup.ts, pure functions of the replayed state) load only when one of
 * its topics is found and a game of it is stored.
 */

/** Numbers already computed, by stored game (a new game object is a new log: computed again). */
const cache = new WeakMap<object, TopicNumbers>();

/** A stored game's numbers; none if its log were ever refused (the worker repairs such a store). */
export async function gameNumbers(system: SystemId, game: StoredGame<SystemId>): Promise<TopicNumbers> {
  const known = cache.get(game);
  if (known) return known;
  // The registries pair each system with its own types; TypeScript cannot follow the pairing through an indexed lookup.
  const [descriptor, numbers] = await Promise.all([
    (LOADERS[system] as () => Promise<AnyDescriptor>)(),
    (NUMBERS[system] as () => Promise<(state: unknown) => TopicNumbers>)(),
  ]);
  const rules = descriptor.rules;
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
    void Promise.all(
      wanted.map(async (id) => [id, await gameNumbers(id, root!.games[id] as StoredGame<SystemId>)] as const),
    ).then(
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
