import browser from 'webextension-polyfill';
import { fairRoller, type DiceRoller } from '../src/dice';
import type { RuleError } from '../src/game/result';
import type { Text } from '../src/i18n/text';
import type { Request, Response } from '../src/messages';
import { STORE_KEY, loadStore, type StoreRoot } from '../src/store/root';

/** What the popup needs from the browser; tests pass a fake built on the same core. */
export interface PopupApi {
  send(request: Request): Promise<Response>;
  /** Calls back with each new root the worker writes; returns the unsubscribe function. */
  subscribe(onRoot: (root: StoreRoot) => void): () => void;
  t(text: Text): string;
  /** Where rolled dice come from: the fair roller in the extension, a seeded one in tests. */
  dice: DiceRoller;
}

const unreachable: RuleError = { code: 'worker-unreachable' };

export function browserApi(): PopupApi {
  return {
    async send(request) {
      try {
        return ((await browser.runtime.sendMessage(request)) as Response | undefined) ?? { ok: false, error: unreachable };
      } catch {
        return { ok: false, error: unreachable };
      }
    },
    subscribe(onRoot) {
      const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
        const change = changes[STORE_KEY];
        if (area !== 'local' || !change) return;
        // The worker wrote it, but a view never trusts storage blindly: an unusable value is ignored here
        // and repaired by the worker on its next read.
        const { root, backup } = loadStore(change.newValue, new Date());
        if (!backup) onRoot(root);
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
    t: (t) => browser.i18n.getMessage(t.key, t.subs?.map(String)) || t.key,
    dice: fairRoller(() => crypto.getRandomValues(new Uint32Array(1))[0]!),
  };
}
