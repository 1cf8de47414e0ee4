// What a game file or a backup puts in place of the stored games, decided on the root in memory:
// the root to write, the backups of what it replaces (one per game and per links), and what to say.
// No storage here: the service writes what these return, in one write.
import { ok, refuse, type Result } from '../game/result';
import { DESCRIPTORS } from '../rules';
import { isSystemId, type SystemId } from '../rules/ids';
import { checkGame, type Backup } from './load';
import { checkedBinding } from './requests';
import { restoreFrom, type RestoreReport } from './restore';
import { BACKUP_KEY_PREFIX, RECENT_IDS, type StoredGame, type StoreRoot } from './root';
import type { GameStates } from './states';

/** A new root and the backups of what it replaces. */
export interface Replacement {
  readonly next: StoreRoot;
  readonly keep: readonly Backup[];
}

const remember = (recent: readonly string[], id: string | undefined): readonly string[] =>
  id === undefined ? recent : [...recent, id].slice(-RECENT_IDS);

/** `root` one revision on, with the request's id among those applied. */
export const revised = (root: StoreRoot, id: string | undefined): StoreRoot => ({
  ...root,
  revision: root.revision + 1,
  recent: remember(root.recent, id),
});

/** The game (and its links) a request replaces, kept as a backup under `<at>.<system>.<why>`. */
function keptGame(root: StoreRoot, system: SystemId, at: string, why: string): Backup[] {
  const game = root.games[system];
  return game
    ? [
        {
          key: `${BACKUP_KEY_PREFIX}${at}.${system}.${why}`,
          value: { system, game, binding: root.bindings[system] ?? null },
        },
      ]
    : [];
}

/** A game file, checked like a stored game, and its links to the board (absent: a file of version 1). */
export interface ImportedGame {
  readonly system: SystemId;
  readonly game: StoredGame<SystemId>;
  readonly bindings: StoreRoot['bindings'] | null;
}

/** Checks a game file before the root is read: a refusal's `detail` says what is wrong, for the user. */
export function checkImport(
  system: SystemId,
  raw: unknown,
  rawBinding: unknown,
  states: GameStates,
): Result<ImportedGame> {
  const invalid = (detail: string) => refuse('import-invalid', { detail: detail.slice(0, 300) });
  const game = checkGame(system, raw);
  if (!game.ok) return invalid(String(game.error.params?.detail ?? game.error.code));
  if (rawBinding === undefined) return ok({ system, game: game.value, bindings: null });
  const state = states.stateOf(system, DESCRIPTORS[system].rules, game.value);
  const binding = state.ok ? checkedBinding(system, game.value, state.value, rawBinding) : state;
  if (!binding.ok)
    return invalid(
      `its links to the board: ${String(binding.error.params?.piece ?? binding.error.params?.side ?? binding.error.code)}`,
    );
  return ok({ system, game: game.value, bindings: binding.value });
}

/** The checked game in place of the stored one, which is kept as a backup. */
export function importInto(root: StoreRoot, imported: ImportedGame, at: string, id: string | undefined): Replacement {
  const { system, game, bindings } = imported;
  const next: StoreRoot = { ...revised(root, id), games: { ...root.games, [system]: game } };
  return {
    next: bindings === null ? next : { ...next, bindings: { ...root.bindings, ...bindings } },
    keep: keptGame(root, system, at, 'before-import'),
  };
}

/** A game backup put back (./restore.ts reads it): the games and links it replaces kept as backups. */
export function restoreInto(
  kind: Parameters<typeof restoreFrom>[0],
  found: unknown,
  root: StoreRoot,
  now: Date,
  id: string | undefined,
): Result<Replacement & { readonly report: RestoreReport }> {
  const restored = restoreFrom(kind, found, root, now);
  if (!restored.ok) return restored;
  const at = now.toISOString();
  const { games, bindings, report } = restored.value;
  const keep: Backup[] = [];
  for (const system of Object.keys(games) as SystemId[]) keep.push(...keptGame(root, system, at, 'before-restore'));
  for (const system of Object.keys(bindings)) {
    if (isSystemId(system) && !(system in games) && root.bindings[system])
      keep.push({
        key: `${BACKUP_KEY_PREFIX}${at}.${system}.binding.before-restore`,
        value: { system, binding: root.bindings[system] },
      });
  }
  const next: StoreRoot = {
    ...revised(root, id),
    games: { ...root.games, ...games },
    bindings: { ...root.bindings, ...bindings },
  };
  return ok({ next, keep, report });
}
