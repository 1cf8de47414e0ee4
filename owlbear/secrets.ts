// Where this browser keeps the secret values its player sealed (src/shared-game/sync.ts
// `SecretKeeper`). Nothing of it ever goes into the scene's metadata but the seals. The pages of one
// player in this browser (the popover that sealed a roster, the background page that opens its
// numbers as they come up) share them directly, same origin to same origin, over a BroadcastChannel,
// and keep them in localStorage where the browser allows it to a page embedded in Owlbear (per room
// and player: two players may share a browser). A browser that blocks storage for embedded pages
// keeps them as long as one of the player's Command Post pages is open (docs/owlbear.md).
import * as v from 'valibot';
import { NAMESPACE } from '../src/adapters/owlbear/keys';
import type { SecretKeeper } from '../src/shared-game/secrets';

const entry = v.strictObject({
  seal: v.pipe(v.string(), v.startsWith('sealed:'), v.maxLength(100)),
  salt: v.pipe(v.string(), v.maxLength(100)),
  value: v.pipe(v.string(), v.maxLength(64)),
});
const messageSchema = v.union([
  v.strictObject({ ask: v.literal(true) }),
  v.strictObject({ secrets: v.pipe(v.array(entry), v.maxLength(10_000)) }),
]);

export function localSecrets(roomId: string, playerId: string): SecretKeeper {
  const key = `${NAMESPACE}/secrets/${roomId}/${playerId}`;
  const memory = new Map<string, { salt: string; value: string }>();
  let storage: Storage | null = null;
  try {
    storage = globalThis.localStorage;
    const stored = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, unknown>;
    for (const [seal, x] of Object.entries(stored)) {
      const r = v.safeParse(entry, { seal, ...(x as object) });
      if (r.success) memory.set(seal, { salt: r.output.salt, value: r.output.value });
    }
  } catch {
    storage = null;
  }
  const save = () => {
    try {
      storage?.setItem(key, JSON.stringify(Object.fromEntries(memory)));
    } catch {
      // Storage full or blocked: the other pages still have them.
    }
  };
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(key) : null;
  const all = () => [...memory].map(([seal, x]) => ({ seal, ...x }));
  if (channel) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const m = v.safeParse(messageSchema, event.data);
      if (!m.success) return;
      if ('ask' in m.output) {
        if (memory.size) channel.postMessage({ secrets: all() });
        return;
      }
      let added = false;
      for (const x of m.output.secrets) {
        if (memory.has(x.seal)) continue;
        memory.set(x.seal, { salt: x.salt, value: x.value });
        added = true;
      }
      if (added) save();
    };
    // A page that starts (a reload) asks the player's other pages for what they hold.
    channel.postMessage({ ask: true });
  }
  return {
    get: (seal) => memory.get(seal),
    put: (seal, salt, value) => {
      memory.set(seal, { salt, value });
      save();
      channel?.postMessage({ secrets: [{ seal, salt, value }] });
    },
    values: () => new Map([...memory].map(([k, x]) => [k, x.value])),
  };
}
