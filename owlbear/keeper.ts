// What this browser keeps of its own writing to a room's shared game (src/shared-game/sync.ts
// `Keeper`), in the Command Post pages' localStorage, where no one else at the table can write: the
// connection's pages (so that a background page that reloads takes back its actions even if someone
// wrote over its key meanwhile) and, on a game master's browser, each scene's last checkpoint (so
// that one deleted or forged while he was away is put back); its signing key and the game masters' keys
// it saw proven on each scene (a refresh is a new connection: the same browser still signs and checks
// as before). A browser that blocks storage for pages embedded in Owlbear keeps nothing: the shared
// game still works, without that second line.
import type { Written } from '../src/shared-game/checkpoint';
import { LIMITS } from '../src/shared-game/model';
import type { KeptSigned, Keeper } from '../src/shared-game/sync';
import { KEPT_CONNECTIONS, keptAfterSaving } from '../src/shared-game/kept';
import { NAMESPACE, connectionKey } from '../src/adapters/owlbear/keys';

/** Scenes whose checkpoint one browser keeps per room (the oldest goes first). */
const SCENES = 8;

const read = (storage: Storage | null, key: string): unknown => {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

const write = (storage: Storage | null, key: string, value: unknown): void => {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked: the table still holds the game; this was the second copy.
  }
};

export function localKeeper(roomId: string, connectionId: string): Keeper {
  let storage: Storage | null = null;
  try {
    storage = globalThis.localStorage ?? null;
  } catch {
    storage = null;
  }
  const room = `${NAMESPACE}/keep/${roomId.slice(0, 100)}`;
  const pagesKey = (scene: string) => `${room}/pages/${connectionKey(connectionId)}/${scene}`;
  const checkpointKey = (scene: string) => `${room}/checkpoint/${scene}`;
  const index = `${room}/scenes`;
  const gmKeysKey = (scene: string) => `${room}/gm-keys/${scene}`;
  // (One key a scene, shared by this browser's connections; scenes of a room come and go with its checkpoints.)
  const signedKey = (scene: string) => `${room}/signed/${scene}`;
  const signedPages = (scene: string): KeptSigned[] => {
    const x = read(storage, signedKey(scene));
    return Array.isArray(x)
      ? x
          .filter((k): k is KeptSigned => typeof k?.writer === 'string' && Array.isArray(k.pages))
          .slice(0, KEPT_CONNECTIONS)
      : [];
  };
  return {
    pages(scene) {
      const x = read(storage, pagesKey(scene)) as { pages?: unknown; seq?: unknown; covered?: unknown } | null;
      return x && Array.isArray(x.pages) && typeof x.seq === 'number'
        ? { pages: x.pages, seq: x.seq, covered: Array.isArray(x.covered) ? x.covered : [] }
        : null;
    },
    savePages(scene, pages, seq, covered) {
      write(storage, pagesKey(scene), { pages, seq, covered });
    },
    checkpoint(scene) {
      const x = read(storage, checkpointKey(scene)) as { head?: unknown; parts?: unknown } | null;
      return x && typeof x.parts === 'object' && x.parts !== null
        ? { head: x.head, parts: x.parts as Record<string, string> }
        : null;
    },
    secretKey: () => read(storage, `${room}/signing-key`),
    saveSecretKey: (secret) => write(storage, `${room}/signing-key`, secret),
    gmKeys(scene) {
      const x = read(storage, gmKeysKey(scene));
      return Array.isArray(x) ? x.filter((k): k is string => typeof k === 'string').slice(-LIMITS.keptKeys) : [];
    },
    saveGmKeys: (scene, keys) => write(storage, gmKeysKey(scene), keys),
    signedPages,
    saveSignedPages(scene, kept) {
      write(storage, signedKey(scene), keptAfterSaving(signedPages(scene), kept));
    },
    saveCheckpoint(scene: string, written: Written) {
      const scenes = ((read(storage, index) as string[] | null) ?? []).filter(
        (s) => typeof s === 'string' && s !== scene,
      );
      for (const old of scenes.splice(SCENES - 1)) {
        try {
          storage?.removeItem(checkpointKey(old));
          storage?.removeItem(signedKey(old));
        } catch {
          // Nothing to do.
        }
      }
      write(storage, index, [scene, ...scenes]);
      write(storage, checkpointKey(scene), { head: written.head, parts: Object.fromEntries(written.parts) });
    },
  };
}
