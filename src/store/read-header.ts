// The header (`commandPost`) read back: its layout version, then each of its fields on its own, so
// that a damaged field takes its default and is named; a damaged binding is kept as a backup.
import * as v from 'valibot';
import type { Binding } from '../board/model';
import { isSystemId, type SystemId } from '../rules';
import { noticeSchema, readBinding } from './load';
import type { Kept } from './read-kept';
import { isStoreKey } from './read-keys';
import { READ_LIMITS, isCount, isObject } from './read-values';
import { BACKUP_KEY_PREFIX, LAYOUT_VERSION, RECENT_IDS, type StoreNotice } from './root';

export type Header =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'damaged';
      readonly reason: 'not-json' | 'wrong-shape' | 'too-large';
      readonly detail: string;
      readonly value: Record<string, unknown> | null;
    }
  | { readonly kind: 'newer'; readonly version: number; readonly value: Record<string, unknown> }
  | { readonly kind: 'layout'; readonly version: 1 | 2 | 3 | 4; readonly value: Record<string, unknown> };

const damaged = (
  reason: 'not-json' | 'wrong-shape' | 'too-large',
  detail: string,
  value: Record<string, unknown> | null = null,
): Header => ({ kind: 'damaged', reason, detail, value });

export function readHeader(raw: unknown): Header {
  if (raw === undefined) return { kind: 'none' };
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > READ_LIMITS.headerChars) return damaged('too-large', `stored text of ${raw.length} characters`);
    try {
      value = JSON.parse(raw);
    } catch {
      return damaged('not-json', `stored text is not JSON (${raw.length} characters)`);
    }
  }
  if (!isObject(value))
    return damaged(
      'wrong-shape',
      `the header is ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}`,
    );
  if (Object.keys(value).length > READ_LIMITS.headerKeys)
    return damaged('too-large', `the header has ${Object.keys(value).length} fields`);
  const version = value.schemaVersion;
  if (typeof version === 'number' && Number.isFinite(version) && version > LAYOUT_VERSION)
    return { kind: 'newer', version, value };
  if (version === 1 || version === 2 || version === 3 || version === 4) return { kind: 'layout', version, value };
  return damaged('wrong-shape', `schema version ${JSON.stringify(version ?? null).slice(0, 40)}`, value);
}

/** The header's fields, each read on its own: a damaged one takes its default and is named. */
export interface Fields {
  revision: number | null;
  activeSystem: SystemId | null;
  bindings: Partial<Record<SystemId, Binding>>;
  notices: StoreNotice[];
  recent: string[];
  /** Game keys and chunks a write no longer used (named so that a removal that failed is not taken for damage). */
  superseded: string[];
  damaged: string[];
}

const HEADER_FIELDS = [
  'schemaVersion',
  'revision',
  'activeSystem',
  'games',
  'bindings',
  'notices',
  'recent',
  'writer',
  'notice',
  'superseded',
];

/** The fields of the header's value (each its default when there is none to read). */
export function readFields(header: Header, kept: Kept): Fields {
  const value = header.kind === 'none' ? null : header.value;
  if (!value)
    return { revision: null, activeSystem: null, bindings: {}, notices: [], recent: [], superseded: [], damaged: [] };
  const damaged: string[] = [];
  for (const key of Object.keys(value)) if (!HEADER_FIELDS.includes(key)) damaged.push(key.slice(0, 40));
  const revision = isCount(value.revision, Number.MAX_SAFE_INTEGER) ? value.revision : null;
  if (revision === null && value.revision !== undefined) damaged.push('revision');
  const activeSystem = isSystemId(value.activeSystem) ? value.activeSystem : null;
  if (activeSystem === null) damaged.push('activeSystem');
  const bindings = readBindings(value.bindings, damaged, kept);
  const stored: StoreNotice[] = [];
  const list = value.notices ?? (value.notice ? [value.notice] : []);
  if (Array.isArray(list) && list.length <= READ_LIMITS.notices) {
    for (const n of list) {
      const one = v.safeParse(noticeSchema, n);
      if (one.success) stored.push(one.output as StoreNotice);
      else damaged.push('notices');
    }
  } else if (value.notices !== undefined) damaged.push('notices');
  const recent: string[] = [];
  if (Array.isArray(value.recent) && value.recent.length <= READ_LIMITS.recent) {
    for (const id of value.recent) {
      if (typeof id === 'string' && id.length <= 64) recent.push(id);
      else damaged.push('recent');
    }
  } else if (value.recent !== undefined) damaged.push('recent');
  const superseded: string[] = [];
  if (Array.isArray(value.superseded) && value.superseded.length <= READ_LIMITS.superseded) {
    for (const key of value.superseded) if (typeof key === 'string' && isStoreKey(key)) superseded.push(key);
  } else if (value.superseded !== undefined) damaged.push('superseded');
  return {
    revision,
    activeSystem,
    bindings,
    notices: stored,
    recent: recent.slice(-RECENT_IDS),
    superseded,
    damaged: [...new Set(damaged)],
  };
}

/** The links to the board of each game: a damaged one is kept as a backup (unless nothing is written), and said. */
function readBindings(raw: unknown, damaged: string[], kept: Kept): Partial<Record<SystemId, Binding>> {
  const bindings: Partial<Record<SystemId, Binding>> = {};
  if (isObject(raw) && Object.keys(raw).length <= READ_LIMITS.games) {
    for (const id of Object.keys(raw)) {
      const value = raw[id];
      if (!isSystemId(id)) {
        damaged.push('bindings');
        continue;
      }
      const binding = readBinding(value);
      if (binding) bindings[id] = binding;
      else if (!kept.readOnly) {
        const key = kept.free(`${BACKUP_KEY_PREFIX}${kept.at}.${id}.binding`);
        kept.backups.push({ key, value: { system: id, binding: value } });
        kept.notices.push({
          kind: 'game-reset',
          system: id,
          reason: 'wrong-shape',
          detail: 'its links to the board',
          backupKey: key,
          at: kept.at,
        });
      }
    }
  } else if (raw !== undefined) damaged.push('bindings');
  return bindings;
}
