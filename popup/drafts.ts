/*
 * What a player has half done in the popup (the units ticked for an activation, the dice typed, a
 * signal's order, a form half filled) is kept while the popup is closed: a toolbar popup closes each
 * time the player clicks the board. It is not game state, so the worker is not its writer: the popup
 * keeps it itself in storage.session (gone with the browser session), one value per tab, and in it one
 * entry per system and field. An entry goes when its action is sent or the player clears the field.
 */
import { createContext } from 'preact';
import type { SystemId } from '../src/rules/ids';

/** A field's draft: its value and the game position it was made for (a choice of units belongs to one activation). */
export interface Draft {
  readonly value: DraftValue;
  readonly scope?: string | number;
}

export type DraftValue = string | number | boolean | readonly string[] | { readonly [key: string]: string };

export interface DraftStore {
  get(system: SystemId | 'shell', name: string): Draft | undefined;
  /** Keeps `draft` (undefined: forgets it). Written soon, once for a burst of keys. */
  set(system: SystemId | 'shell', name: string, draft: Draft | undefined): void;
  /** Forgets every draft of `system` made for a game position (an undo took that position back). */
  clearScoped(system: SystemId | 'shell'): void;
}

/** Where the drafts of a tab are kept. */
export const draftKey = (tab: number | undefined): string => `commandPost.draft.${tab ?? 'none'}`;

/** A bound on what one draft may hold, so that a 10,000-character paste cannot fill the session's quota. */
const MAX_TEXT = 50_000;
const MAX_ITEMS = 200;
const MAX_FIELDS = 400;
const WRITE_MS = 150;

type Entries = Record<string, Record<string, Draft>>;

/** A value as a draft may hold it, or undefined: anything else read back is ignored. */
function cleanValue(raw: unknown): DraftValue | undefined {
  if (typeof raw === 'string') return raw.slice(0, MAX_TEXT);
  if (typeof raw === 'boolean' || (typeof raw === 'number' && Number.isFinite(raw))) return raw;
  if (Array.isArray(raw))
    return raw.every((x) => typeof x === 'string')
      ? (raw as string[]).slice(0, MAX_ITEMS).map((x) => x.slice(0, MAX_TEXT))
      : undefined;
  if (typeof raw === 'object' && raw !== null) {
    const entries = Object.entries(raw);
    if (entries.length > MAX_ITEMS || !entries.every(([, x]) => typeof x === 'string')) return undefined;
    return Object.fromEntries(entries.map(([k, x]) => [k.slice(0, 200), (x as string).slice(0, MAX_TEXT)]));
  }
  return undefined;
}

function cleanDraft(raw: unknown): Draft | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { value, scope } = raw as { value?: unknown; scope?: unknown };
  const clean = cleanValue(value);
  if (clean === undefined) return undefined;
  return typeof scope === 'string' || typeof scope === 'number' ? { value: clean, scope } : { value: clean };
}

/** What storage.session held for a tab, each entry checked alone: a bad one is dropped, never the rest. */
export function readDrafts(raw: unknown): Entries {
  const out: Entries = Object.create(null);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  let fields = 0;
  for (const [system, names] of Object.entries(raw)) {
    if (typeof names !== 'object' || names === null || Array.isArray(names)) continue;
    for (const [name, draft] of Object.entries(names)) {
      const clean = cleanDraft(draft);
      if (!clean || ++fields > MAX_FIELDS) continue;
      (out[system] ??= Object.create(null))[name] = clean;
    }
  }
  return out;
}

/** Drafts held in memory only (tests, the Owlbear popover, where no extension storage is there). */
export function memoryDrafts(initial: Entries = {}, onWrite?: (entries: Entries) => void): DraftStore {
  const entries: Entries = readDrafts(initial);
  return {
    get: (system, name) => entries[system]?.[name],
    set(system, name, draft) {
      const clean = draft && cleanDraft(draft);
      if (clean) (entries[system] ??= Object.create(null))[name] = clean;
      else if (entries[system]) delete entries[system][name];
      onWrite?.(entries);
    },
    clearScoped(system) {
      const names = entries[system];
      if (!names) return;
      for (const [name, draft] of Object.entries(names)) if (draft.scope !== undefined) delete names[name];
      onWrite?.(entries);
    },
  };
}

interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The drafts of one tab in storage.session, read once when the popup opens and written as they change. */
export async function sessionDrafts(area: SessionArea, tab: Promise<number | undefined>): Promise<DraftStore> {
  const key = draftKey(await tab);
  const stored = await area.get(key).catch(() => ({}) as Record<string, unknown>);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: Entries = {};
  const write = () => {
    timer = null;
    const empty = Object.values(latest).every((names) => Object.keys(names).length === 0);
    void (empty ? area.remove(key) : area.set({ [key]: latest })).catch(() => undefined);
  };
  const store = memoryDrafts(readDrafts(stored[key]), (entries) => {
    latest = entries;
    timer ??= setTimeout(write, WRITE_MS);
  });
  // A popup closes at once when the player clicks away: what is still waiting is written then.
  addEventListener('pagehide', () => {
    if (timer !== null) {
      clearTimeout(timer);
      write();
    }
  });
  return store;
}

export const DraftContext = createContext<{ store: DraftStore; system: SystemId | 'shell' }>({
  store: memoryDrafts(),
  system: 'shell',
});
