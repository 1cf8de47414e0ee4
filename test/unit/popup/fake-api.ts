import type { PopupApi } from '../../../popup/api';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { seededRoller } from '../../../src/dice';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import { applyRequest, parseRequest } from '../../../src/store/requests';
import { freshRoot, type StoreRoot } from '../../../src/store/root';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';

export const english = loadCatalogue('en') as Catalogue;
export const french = loadCatalogue('fr') as Catalogue;
export const russian = loadCatalogue('ru') as Catalogue;

/**
 * The popup's API with the real core behind it, as the background worker runs it, but in memory:
 * requests go through the same validation and rules, and subscribers see each new root.
 */
export function fakeApi(initial: StoreRoot = freshRoot(), seed = 1, catalogue: Catalogue = english): PopupApi & { root(): StoreRoot } {
  let root = initial;
  const listeners = new Set<(root: StoreRoot) => void>();
  return {
    root: () => root,
    async send(raw) {
      const request = parseRequest(structuredClone(raw));
      if (!request.ok) return request;
      const next = applyRequest(root, request.value);
      if (!next.ok) return next;
      root = next.value;
      for (const listener of listeners) listener(root);
      return { ok: true, root };
    },
    subscribe(onRoot, known) {
      // As in the browser: a write this popup already holds is not announced again.
      const listener = (next: StoreRoot) => {
        if (next.revision > known()) onRoot(next);
      };
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    t: (t) => formatText(catalogue, t) || t.key,
    dice: seededRoller(seed),
  };
}

/**
 * The popup's API over the worker's own store service and an in-memory storage: backups, restore,
 * export and import behave as in the extension.
 */
export function serviceApi(storage = new MemoryStorage(), now = () => new Date('2026-11-30T10:00:00.000Z')): PopupApi & { store: StoreService; storage: MemoryStorage } {
  const store = new StoreService(storage, now);
  return {
    store,
    storage,
    async send(raw) {
      const request = parseRequest(structuredClone(raw));
      return request.ok ? store.handle(request.value) : request;
    },
    subscribe: () => () => undefined,
    t: (t) => formatText(english, t) || t.key,
    dice: seededRoller(1),
  };
}
