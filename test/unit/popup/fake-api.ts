import type { PopupApi } from '../../../popup/api';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { seededRoller } from '../../../src/dice';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import type { StoreChange } from '../../../src/messages';
import { changeOf, exportOf, historyOf, snapshotOf, unchanged } from '../../../src/store/answer';
import { applyRequest, parseRequest } from '../../../src/store/requests';
import { GameStates } from '../../../src/store/states';
import { freshRoot, type StoreRoot } from '../../../src/store/root';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';

export const english = loadCatalogue('en') as Catalogue;
export const french = loadCatalogue('fr') as Catalogue;
export const russian = loadCatalogue('ru') as Catalogue;

/**
 * The popup's API with the real core behind it, as the background worker runs it, but in memory:
 * requests go through the same validation and rules, answers carry what changed as the worker's do
 * (src/store/answer.ts), and subscribers hear of each new revision.
 */
export function fakeApi(
  initial: StoreRoot = freshRoot(),
  seed = 1,
  catalogue: Catalogue = english,
): PopupApi & { root(): StoreRoot } {
  let root = initial;
  const states = new GameStates();
  const listeners = new Set<(change: StoreChange) => void>();
  return {
    root: () => root,
    async send(raw) {
      const request = parseRequest(structuredClone(raw));
      if (!request.ok) return request;
      const r = request.value;
      if (r.type === 'store/load') return { ok: true, change: structuredClone(snapshotOf(root, states)) };
      if (r.type === 'store/export') {
        const data = exportOf(root, r.system, r.from);
        return data.ok ? { ok: true, change: unchanged(root), data: structuredClone(data.value) } : data;
      }
      if (r.type === 'store/history') {
        const page = historyOf(root, r.system, r.before, states);
        return page.ok ? { ok: true, change: unchanged(root), data: structuredClone(page.value) } : page;
      }
      const next = applyRequest(root, r, states);
      if (!next.ok) return next;
      const before = root;
      root = next.value;
      const change = changeOf(before, root, states);
      // Heard at once, as a change (the browser would say the revision and the popup ask for it):
      // the popup shows it before the answer arrives, within the event that made it.
      for (const listener of listeners) listener(change);
      // Copied as the browser copies a message: nothing is shared with the popup by identity.
      return { ok: true, change: structuredClone(change) };
    },
    subscribe(on, known) {
      // As in the browser: a write this popup already holds is not announced again.
      const listener = (change: StoreChange) => {
        if (change.revision > known()) on({ change: structuredClone(change) });
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
export function serviceApi(
  storage = new MemoryStorage(),
  now = () => new Date('2026-11-30T10:00:00.000Z'),
): PopupApi & { store: StoreService; storage: MemoryStorage } {
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
