// Storage's keys sorted by what they hold (each game's own key, its chunks in layout v4 or v3), read
// from their names alone; every other key is one the store does not use.
import { EVENTS_KEY_PREFIX } from './persist';
import { BACKUP_KEY_PREFIX, BOARD_KEY, STORE_KEY } from './root';

/** Storage's keys by what they hold; everything else is a key the store does not use. */
export interface Keys {
  readonly gameKeys: Map<string, string>;
  readonly chunks4: Map<string, Map<number, string>>;
  readonly chunks3: Map<string, Map<number, string>>;
  readonly unknown: string[];
}

const CHUNK_KEY = /^(?:commandPost\.events\.|commandPost\.log\.)([A-Za-z0-9_-]{1,40})\.(0|[1-9]\d{0,6})$/;
const GAME_KEY = /^commandPost\.game\.([A-Za-z0-9_-]{1,40})$/;

/** A key of a game's own (its settings, a chunk of its events, in any layout): the only keys a header may name as superseded. */
export const isStoreKey = (key: string): boolean => GAME_KEY.test(key) || CHUNK_KEY.test(key);

export function sortKeys(items: Readonly<Record<string, unknown>>, beside: readonly string[]): Keys {
  const keys: Keys = { gameKeys: new Map(), chunks4: new Map(), chunks3: new Map(), unknown: [] };
  for (const key of Object.keys(items)) {
    if (key === STORE_KEY || key === BOARD_KEY || key.startsWith(BACKUP_KEY_PREFIX) || beside.includes(key)) continue;
    const game = GAME_KEY.exec(key);
    if (game) {
      keys.gameKeys.set(game[1]!, key);
      continue;
    }
    const chunk = CHUNK_KEY.exec(key);
    if (chunk) {
      const byLayout = key.startsWith(EVENTS_KEY_PREFIX) ? keys.chunks4 : keys.chunks3;
      const of = byLayout.get(chunk[1]!) ?? byLayout.set(chunk[1]!, new Map()).get(chunk[1]!)!;
      of.set(Number(chunk[2]), key);
      continue;
    }
    keys.unknown.push(key);
  }
  return keys;
}
