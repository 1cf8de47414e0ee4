// A game file: what Export saves and Import reads. It carries the game (its settings, its events and
// its place in the history) and its links to the board (which token stands for which piece, which
// tabletop side is which of the game's), so that a game comes back as it was played. Written compact
// and in parts (the events page by page, as the worker sends them), so that any game the store can
// hold is saved and read again, however long; read back from the files of every version (the first
// ones, `{system, game}`, had no links). Pure and without any rule system: the popup's first load
// does not carry it.
import type { Binding } from '../board/model';
import { isSystemId, type SystemId } from '../rules/ids';
import { QUOTA_BYTES } from './quota';

export const FILE_FORMAT = 'command-post/game';
/** 1: `{system, game}`; 2: the format named, the links to the board beside the game. */
export const FILE_VERSION = 2;

/**
 * A file larger than this is no game the store could hold: a game takes in storage what its compact
 * file takes (within a few bytes), and the store holds QUOTA_BYTES in all; a file written by hand or
 * by an earlier version may be pretty-printed, which at most triples its size.
 */
export const MAX_FILE_BYTES = 3 * QUOTA_BYTES;

/** One page of a game as the worker sends it for a file (`store/export` from `from`). */
export interface ExportPage {
  readonly system: SystemId;
  readonly revision: number;
  readonly config: unknown;
  readonly cursor: number;
  readonly length: number;
  readonly from: number;
  readonly events: readonly unknown[];
  readonly binding: Binding | null;
}

/** Events per page of an export: a few hundred kilobytes a message. */
export const EXPORT_PAGE = 5000;

/**
 * The file's text in parts, compact: its header and settings, then each page's events, then its
 * links. Joined (a Blob of them), they are the JSON of `{format, version, system, game, binding}`.
 */
export function fileParts(first: ExportPage, pages: readonly ExportPage[]): string[] {
  const head = { format: FILE_FORMAT, version: FILE_VERSION, system: first.system, binding: first.binding };
  const parts = [
    `${JSON.stringify(head).slice(0, -1)},"game":{"config":${JSON.stringify(first.config)},"log":{"cursor":${first.cursor},"events":[`,
  ];
  let written = 0;
  for (const page of pages) {
    if (page.events.length === 0) continue;
    const list = JSON.stringify(page.events);
    parts.push(`${written ? ',' : ''}${list.slice(1, -1)}`);
    written += page.events.length;
  }
  parts.push(']}}}');
  return parts;
}

export interface GameFile {
  readonly system: SystemId;
  readonly game: unknown;
  /** The game's links to the board (null: none); absent from files of version 1, whose import leaves the links as they are. */
  readonly binding?: unknown;
}

/** What a parsed file holds, or why it is no game file (`no-game`: not one of ours, or no game in it). */
export function readGameFile(parsed: unknown): GameFile | 'no-game' | 'newer' {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'no-game';
  const file = parsed as { format?: unknown; version?: unknown; system?: unknown; game?: unknown; binding?: unknown };
  if (file.format !== undefined) {
    if (file.format !== FILE_FORMAT) return 'no-game';
    if (typeof file.version === 'number' && file.version > FILE_VERSION) return 'newer';
  }
  if (!isSystemId(file.system) || file.game === undefined) return 'no-game';
  return { system: file.system, game: file.game, ...(file.binding === undefined ? {} : { binding: file.binding }) };
}
