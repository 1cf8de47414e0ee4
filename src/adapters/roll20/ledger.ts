// The shared game on Roll20 (docs/roll20.md, "One game for the table"): its keys are attributes of
// **ledger characters**, which Roll20 syncs to everyone at the table. Roll20 records no author for an
// attribute, but its own permission says who may edit a character: `controlledby` (the players named,
// `all`, and the game masters always). So:
//
// - `Command Post · table` (controlled by no player: game masters only) holds the table's id, the
//   checkpoint's head and parts, and each game master's pages and record;
// - `Command Post · <side>`, one per side of the game (controlled by the players seated there), holds
//   each of those players' pages (`cp_ops_<player id>`, then `.1` … `.7`) and record (`cp_record_<player id>`).
//
// A player's pages and record count only on his **home** ledger: the table's for a game master, else
// the first side ledger he controls. Anything under his name on another ledger is nobody's (said to the
// game master). Where Roll20 enforces `controlledby` (what "Check this table" measures), a player can
// then neither write for another side's players nor sign as a game master; where it does not, the
// table trusts its players, as on Owlbear. Every value is capped in size and checked before use: a
// ledger's value is JSON text in the attribute's `current`, and whatever else it holds is dropped and
// counted, never played. The rest — records, play order, checkpoints — is src/shared-game/, the same
// module Owlbear's scene uses: this file gives it only its key names and its party.
import * as v from 'valibot';
import type { PageName, TableKeys } from '../../shared-game/keys';
import { LIMITS, type Dropped, type Member } from '../../shared-game/model';

/** What every ledger character's name starts with (the rest is its side, or "table"). */
export const LEDGER_PREFIX = 'Command Post · ';
/** The attribute that says what a ledger is: `table`, or `side.<index into the system's sides>`. */
export const LEDGER_ATTR = 'cp_ledger';
/**
 * On the table's ledger: the ids of the side ledgers, in the sides' order (JSON). Only a game master
 * writes the table's ledger, so a character a player makes and names like a side's ledger is not one.
 */
export const SIDES_ATTR = 'cp_sides';
const SCENE_ATTR = 'cp_scene';
const HEAD_ATTR = 'cp_game';
export const OPS_ATTR = 'cp_ops_';
const RECORD_ATTR = 'cp_record_';
/** Sides a game may have ledgers for. */
export const MAX_SIDES = 8;
/**
 * The longest attribute value read (characters): a key's JSON and its room to spare. A longer one is
 * dropped whole (a flood must not cost every reader its parse).
 */
export const MAX_ATTRIBUTE_CHARS = LIMITS.keyChars + 500;
/** Ledger-like characters read (a game master's journal may hold several copies). */
export const MAX_LEDGERS = 32;

export type LedgerRole = 'table' | `side.${number}`;

/** A Roll20 player as the page reads him (`Campaign.players`). */
export interface JournalPlayer {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
}

/** A character whose name starts with LEDGER_PREFIX, with its attributes once loaded (`null`: not yet). */
export interface JournalCharacter {
  readonly id: string;
  readonly name: string;
  readonly controlledby: string;
  readonly inplayerjournals: string;
  readonly attribs: Readonly<Record<string, string>> | null;
}

/** What the page script reports of the journal: who this browser is, who is at the table, and the ledgers. */
export interface Journal {
  readonly me: { readonly player: string; readonly gm: boolean };
  readonly players: readonly JournalPlayer[];
  readonly characters: readonly JournalCharacter[];
}

const PLAYER_ID = /^[A-Za-z0-9_-]{1,48}$/;
const id = v.pipe(v.string(), v.regex(PLAYER_ID));
const short = (n: number) => v.pipe(v.string(), v.maxLength(n));
export const journalSchema = v.strictObject({
  me: v.strictObject({ player: id, gm: v.boolean() }),
  players: v.pipe(v.array(v.strictObject({ id, name: short(200), online: v.boolean() })), v.maxLength(500)),
  characters: v.pipe(
    v.array(
      v.strictObject({
        id,
        name: short(200),
        controlledby: short(4000),
        inplayerjournals: short(4000),
        // Values past the cap arrive cut to a marker (the page script does not post them whole).
        attribs: v.nullable(
          v.pipe(
            v.record(short(100), short(MAX_ATTRIBUTE_CHARS + 1)),
            v.check((r) => Object.keys(r).length <= 200, 'at most 200 attributes'),
          ),
        ),
      }),
    ),
    v.maxLength(MAX_LEDGERS),
  ),
});

/** The players a `controlledby` (or `inplayerjournals`) names; `all` for everyone. */
export const playersIn = (list: string): { readonly all: boolean; readonly ids: ReadonlySet<string> } => {
  const parts = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { all: parts.includes('all'), ids: new Set(parts.filter((p) => p !== 'all')) };
};

/** Which ledger is which, from the journal: the first character (lowest id: Roll20's push ids sort by creation) of each role. */
export interface LedgerLayout {
  readonly table: JournalCharacter | null;
  readonly sides: readonly (JournalCharacter | null)[];
  /** Ledger-named characters that are not used (a second copy of a role, no role, a malformed role): said to the game master. */
  readonly extra: readonly JournalCharacter[];
  /** Sides whose ledger the table's ledger lists but the journal no longer holds (deleted, or renamed): the game master makes them again. */
  readonly missing: readonly number[];
  /** Players whose record is on the table ledger, and this browser's player if Roll20 says he is a game master. */
  readonly gms: ReadonlySet<string>;
  readonly me: Journal['me'];
  characterOf(role: LedgerRole): JournalCharacter | null;
  /** The ledger where a player's pages and record count: the table's for a game master, else the first side ledger he controls. */
  homeOf(player: string): LedgerRole | null;
  /** The side indexes a player controls the ledger of (every side's when one says `all`). */
  sidesOf(player: string): readonly number[];
}

/** The side ledgers' ids the table's ledger lists (empty when it lists none, or not as it should). */
function listedSides(table: JournalCharacter | null): string[] {
  try {
    const ids = JSON.parse(table?.attribs?.[SIDES_ATTR] ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.slice(0, MAX_SIDES).map((x) => (typeof x === 'string' ? x : '')) : [];
  } catch {
    return [];
  }
}

export function layoutOf(journal: Journal): LedgerLayout {
  const sorted = [...journal.characters].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // The table's ledger: controlled by no player (game masters only). One a player made (Roll20 makes
  // him its controller) or was given is not the table's, whatever its name and attributes say.
  const controlledByNoPlayer = (c: JournalCharacter) => {
    const who = playersIn(c.controlledby);
    return who.ids.size === 0 && !who.all;
  };
  const table = sorted.find((c) => c.attribs?.[LEDGER_ATTR] === 'table' && controlledByNoPlayer(c)) ?? null;
  // The side ledgers: those the table's ledger lists, each marked with its own side.
  const listed = listedSides(table);
  const sides: (JournalCharacter | null)[] = listed.map(
    (id, i) => sorted.find((c) => c.id === id && c.attribs?.[LEDGER_ATTR] === `side.${i}`) ?? null,
  );
  while (sides.length && sides[sides.length - 1] === null) sides.pop();
  const present = new Set(journal.characters.map((c) => c.id));
  const missing = listed.flatMap((id, i) => (id && !present.has(id) ? [i] : []));
  const used = new Set([table, ...sides].filter(Boolean));
  const extra = sorted.filter((c) => c.attribs && !used.has(c));
  const gms = new Set<string>();
  if (journal.me.gm) gms.add(journal.me.player);
  for (const name of Object.keys(table?.attribs ?? {})) {
    if (name.startsWith(RECORD_ATTR)) gms.add(name.slice(RECORD_ATTR.length));
  }
  const controls = (c: JournalCharacter | null, player: string) => {
    if (!c) return false;
    const p = playersIn(c.controlledby);
    return p.all || p.ids.has(player);
  };
  const sidesOf = (player: string) => sides.flatMap((c, i) => (controls(c, player) ? [i] : []));
  return {
    table,
    sides,
    extra,
    missing,
    gms,
    me: journal.me,
    characterOf: (role) => (role === 'table' ? table : (sides[Number(role.slice(5))] ?? null)),
    homeOf(player) {
      if (gms.has(player)) return table ? 'table' : null;
      const first = sidesOf(player)[0];
      return first === undefined ? null : `side.${first}`;
    },
    sidesOf,
  };
}

/** A flat key: `<role>/<attribute>`. */
const keyOf = (role: LedgerRole, attr: string): string => `${role}/${attr}`;
const PAGE = /^(table|side\.[0-7])\/cp_ops_([A-Za-z0-9_-]{1,48})(?:\.([1-9]))?$/;

/** Roll20's key names for the shared game, over the ledgers as they stand (a player's home moves with his seat). */
export function roll20Keys(layout: () => LedgerLayout): TableKeys {
  return {
    scene: keyOf('table', SCENE_ATTR),
    head: keyOf('table', HEAD_ATTR),
    part: (name) => keyOf('table', `${HEAD_ATTR}.${name}`),
    isPart: (key) => key.startsWith(`table/${HEAD_ATTR}.`),
    isWriterKey: (key) => /^(table|side\.[0-7])\/cp_ops_/.test(key),
    pageOf(key): PageName {
      const m = PAGE.exec(key);
      const page = m ? Number(m[3] ?? 0) : -1;
      if (!m || page >= LIMITS.pagesPerWriter || layout().homeOf(m[2]!) !== m[1]) return { kind: 'not-a-page' };
      return { kind: 'page', writer: m[2]!, holder: m[2]!, page };
    },
    // A writer with no home (a player who controls no ledger) has no page: ./game.ts refuses his actions first.
    page: (writer, page) => keyOf(layout().homeOf(writer) ?? 'side.0', `${OPS_ATTR}${writer}${page ? `.${page}` : ''}`),
    writerOf: (holder) => holder,
    holderOf: (writer) => writer,
  };
}

/** The attribute a player's record is kept in (on his home ledger). */
export const recordAttr = (player: string): string => `${RECORD_ATTR}${player}`;

/** What the shared game reads from the ledgers: its keys, the party, and what was dropped on the way. */
export interface LedgerRead {
  readonly keys: Readonly<Record<string, unknown>>;
  readonly members: readonly Member[];
  /** This browser's own record as the ledgers hold it (Roll20's echo of what it wrote). */
  readonly ownRecord: unknown;
  readonly dropped: readonly Dropped[];
}

/** A value as the shared game takes it: JSON text parsed, an empty one absent, anything else kept as the text (the game says it is malformed). */
function valueOf(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function readLedgers(journal: Journal, layout: LedgerLayout = layoutOf(journal)): LedgerRead {
  const keys: Record<string, unknown> = {};
  const dropped: Dropped[] = [];
  const records = new Map<string, unknown>();
  const roles: [LedgerRole, JournalCharacter | null][] = [
    ['table', layout.table],
    ...layout.sides.map((c, i) => [`side.${i}` as LedgerRole, c] as [LedgerRole, JournalCharacter | null]),
  ];
  for (const [role, c] of roles) {
    for (const [name, text] of Object.entries(c?.attribs ?? {})) {
      // The ledger's own marks, and "Check this table"'s attributes (./check.ts), are not the game's.
      if (!name.startsWith('cp_') || name === LEDGER_ATTR || name === SIDES_ATTR || name.startsWith('cp_check'))
        continue;
      const key = keyOf(role, name);
      if (text.length > MAX_ATTRIBUTE_CHARS) {
        dropped.push({ key, problem: `larger than ${MAX_ATTRIBUTE_CHARS} characters`, kind: 'unreadable' });
        // The game sees it as malformed (a writer then puts his own back), never as absent.
        keys[key] = 'too-large';
        continue;
      }
      if (name.startsWith(RECORD_ATTR)) {
        const player = name.slice(RECORD_ATTR.length);
        if (layout.homeOf(player) !== role)
          dropped.push({
            key,
            problem: 'a record on a ledger that is not its player’s',
            kind: 'refused',
            forged: true,
          });
        else records.set(player, valueOf(text));
        continue;
      }
      const value = valueOf(text);
      if (value !== undefined) keys[key] = value;
    }
  }
  for (const c of layout.extra)
    dropped.push({
      key: c.name.slice(0, 200),
      problem: 'a character named like a ledger that the table’s ledger does not list: not read',
      kind: 'refused',
    });
  const present = new Set(journal.players.filter((p) => p.online).map((p) => p.id));
  present.add(journal.me.player);
  const members: Member[] = [...present].map((player) => ({
    holder: player,
    player,
    gm: layout.gms.has(player),
    record: records.get(player),
  }));
  return { keys, members, ownRecord: records.get(journal.me.player) ?? null, dropped };
}

/** One attribute write: `value` is the attribute's new `current` ('' empties it). */
export interface AttributeWrite {
  readonly character: string;
  readonly name: string;
  readonly value: string;
}

/** The shared game's writes as attribute writes on the ledgers; a key with no ledger to hold it is left out (and said). */
export function attributeWrites(
  updates: readonly Readonly<Record<string, unknown>>[],
  layout: LedgerLayout,
): { writes: AttributeWrite[]; homeless: string[] } {
  const writes: AttributeWrite[] = [];
  const homeless: string[] = [];
  for (const update of updates) {
    for (const [key, value] of Object.entries(update)) {
      const slash = key.indexOf('/');
      const character = layout.characterOf(key.slice(0, slash) as LedgerRole);
      if (!character) {
        homeless.push(key);
        continue;
      }
      writes.push({
        character: character.id,
        name: key.slice(slash + 1),
        value: value === null || value === undefined ? '' : JSON.stringify(value),
      });
    }
  }
  return { writes, homeless };
}

/** The write of a player's record, on his home ledger (null: he has none). */
export function recordWrite(record: unknown, layout: LedgerLayout): AttributeWrite | null {
  const home = layout.homeOf(layout.me.player);
  const character = home ? layout.characterOf(home) : null;
  return character
    ? { character: character.id, name: recordAttr(layout.me.player), value: JSON.stringify(record) }
    : null;
}

/** The game's seats (`scene/seats`, src/shared-game/): the sides each player acts for. */
export type Seats = Readonly<Record<string, { readonly seats: readonly number[] }>>;

/** The players the game seats on side `side`, sorted. */
export const seatedOn = (seats: Seats, side: number): string[] =>
  Object.keys(seats)
    .filter((p) => PLAYER_ID.test(p) && seats[p]!.seats.includes(side))
    .sort();

/**
 * The ledgers a game master's one click creates: the table's, then one per side (named after the
 * side), anyone's until he names players on it. A side's ledger gone from the journal is made again
 * controlled by the players the game seats there, so that they act again as before.
 */
export function ledgersToCreate(
  sides: readonly string[],
  layout: LedgerLayout,
  seats: Seats = {},
): { name: string; role: LedgerRole; controlledby: string; inplayerjournals: string }[] {
  const out: { name: string; role: LedgerRole; controlledby: string; inplayerjournals: string }[] = [];
  if (!layout.table)
    out.push({ name: `${LEDGER_PREFIX}table`, role: 'table', controlledby: '', inplayerjournals: 'all' });
  sides.slice(0, MAX_SIDES).forEach((side, i) => {
    const seated = layout.missing.includes(i) ? seatedOn(seats, i).join(',') : '';
    if (!layout.sides[i])
      out.push({
        name: `${LEDGER_PREFIX}${side}`.slice(0, 200),
        role: `side.${i}`,
        controlledby: seated || 'all',
        inplayerjournals: 'all',
      });
  });
  return out;
}

/**
 * Seating on Roll20 is Roll20's own permission: the game master names who controls each side's ledger
 * (in our popup or on the character's sheet), and his client turns that into the game's seats, one
 * `scene/seats` per player whose sides differ (played in order like any action, so history holds).
 * A ledger that says `all` seats nobody in particular; while no ledger names anyone, the table is open.
 * A side whose ledger is gone from the journal keeps its seats: the game master makes it again with them.
 */
export function seatChanges(
  layout: LedgerLayout,
  players: readonly JournalPlayer[],
  seats: Seats,
): { type: 'scene/seats'; player: string; name: string; seats: number[] }[] {
  const named = new Set<string>();
  for (const c of layout.sides) for (const p of playersIn(c?.controlledby ?? '').ids) named.add(p);
  const nameOf = (p: string) => players.find((x) => x.id === p)?.name ?? p;
  const out: { type: 'scene/seats'; player: string; name: string; seats: number[] }[] = [];
  for (const p of [...new Set([...named, ...Object.keys(seats)])].sort()) {
    const have = [...(seats[p]?.seats ?? [])].sort((a, b) => a - b);
    const kept = have.filter((i) => layout.missing.includes(i));
    const want = [...new Set([...(named.has(p) ? layout.sidesOf(p) : []), ...kept])].sort((a, b) => a - b);
    if (want.join() !== have.join())
      out.push({ type: 'scene/seats', player: p, name: nameOf(p).slice(0, 200), seats: want });
  }
  return out;
}
