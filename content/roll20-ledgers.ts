// The page-world half of the shared game on Roll20 (bundled into roll20-page.js): the ledger
// characters read and written as public code running on the live client does it (docs/roll20.md,
// "One game for the table"). Characters come from `Campaign.characters`, a Backbone collection; a
// character's attributes stay unloaded until asked for, the way Beyond20 asks
// (`new BackboneFirebase(character.attribs)`, then `reference.once('value')`), and are then followed
// through the collection's own add/remove/change events. Writes go through the models' own `save`
// (an existing attribute) or `attribs.create` (a new one), as Beyond20 and betteR20 write; a save the
// server refuses comes back as the old value, which the next report carries. Only characters whose
// name starts with the ledger prefix are read or written, and only their `cp_` attributes.
import {
  LEDGER_ATTR,
  LEDGER_PREFIX,
  MAX_ATTRIBUTE_CHARS,
  MAX_LEDGERS,
  SIDES_ATTR,
  playersIn,
  type AttributeWrite,
  type Journal,
  type JournalCharacter,
} from '../src/adapters/roll20/ledger';
import { get, modelsOf, safe, str, type Any } from './page-reads';

const ID = /^[A-Za-z0-9_-]{1,48}$/;

export interface Ledgers {
  /** Starts following (once the content script has said hello); reports at once. */
  start(): void;
  save(writes: readonly AttributeWrite[]): void;
  /** The game master's one click: each ledger made, then marked with its kind. */
  create(ledgers: readonly { name: string; role: string; controlledby: string; inplayerjournals: string }[]): void;
}

export function ledgers(w: Any, report: (journal: Journal) => void): Ledgers {
  const campaign = (): Any => safe(() => w.Campaign);
  const isLedger = (c: Any) => str(get(c, 'name'), 300).startsWith(LEDGER_PREFIX);
  const ledgerModels = (): Any[] =>
    modelsOf(safe(() => campaign()?.characters))
      .filter(isLedger)
      .slice(0, MAX_LEDGERS);
  const loaded = new WeakSet<object>();
  const followed = new WeakSet<object>();
  let timer = 0;
  let started = false;
  let followedCollection: Any = null;

  let reported = '';
  /** Reports the journal if it changed since the last report (and once Roll20 says who this player is). */
  const reportNow = () => {
    const j = journal();
    if (!ID.test(j.me.player)) return;
    const text = JSON.stringify(j);
    if (text === reported) return;
    reported = text;
    report(j);
  };
  const schedule = () => {
    if (!started || timer) return;
    // Coalesced: a burst of saves (a checkpoint's parts) is one report.
    timer = w.setTimeout(() => {
      timer = 0;
      safe(reportNow);
    }, 50);
  };

  /** Loads a character's attributes once, as Beyond20 does; reports when they are in. */
  const load = (c: Any) => {
    if (loaded.has(c)) return;
    loaded.add(c);
    loadAttributes(w, c, schedule, followed);
  };

  const journal = (): Journal => journalOf(w, ledgerModels(), load);

  /** The characters collection (and the players'), followed; a replaced collection is followed again. */
  function follow(): void {
    const chars = safe(() => campaign()?.characters);
    if (chars && chars !== followedCollection) {
      followedCollection = chars;
      safe(() => chars.on('add remove reset change:name change:controlledby change:inplayerjournals', schedule));
      safe(() => campaign()?.players?.on?.('add remove change', schedule));
    }
  }

  return {
    start() {
      started = true;
      follow();
      // Roll20 may replace its collections (a reconnect), load the game after the page, or change a
      // model without an event we follow: looked at again every second, reported only if it changed.
      w.setInterval(() => {
        follow();
        schedule();
      }, 1000);
      schedule();
    },
    save(writes) {
      saveWrites(ledgerModels(), writes);
      schedule();
    },
    create(list) {
      const made = createLedgers(w, list, load);
      if (!made) return;
      // The table's ledger lists the side ledgers (only a game master writes it): those just made, and
      // those it listed already.
      listSides(ledgerModels(), made, list);
      schedule();
    },
  };
}

/** A character's attributes asked for (`new BackboneFirebase(character.attribs)`, then `reference.once('value')`), and followed. */
function loadAttributes(w: Any, c: Any, changed: () => void, followed: WeakSet<object>): void {
  const attribs = safe(() => c.attribs);
  if (!attribs) return;
  if (!followed.has(attribs)) {
    followed.add(attribs);
    safe(() => attribs.on('add remove reset change', changed));
  }
  const BackboneFirebase = safe(() => w.BackboneFirebase);
  if (!attribs.backboneFirebase && typeof BackboneFirebase === 'function') {
    safe(() => {
      attribs.backboneFirebase = new BackboneFirebase(attribs);
      const once = attribs.backboneFirebase?.reference?.once?.('value');
      if (once && typeof once.then === 'function') once.then(changed, changed);
    });
  }
  changed();
}

/** The journal as the page holds it: who this player is, the players, the ledgers (each loaded once: `load`). */
function journalOf(w: Any, ledgers: readonly Any[], load: (c: Any) => void): Journal {
  const me = safe(() => w.currentPlayer);
  const characters: JournalCharacter[] = [];
  for (const c of ledgers) {
    load(c);
    const read = characterOf(c);
    if (read) characters.push(read);
  }
  return {
    me: {
      player: str(
        safe(() => me?.id),
        64,
      ),
      gm: safe(() => w.is_gm) === true,
    },
    players: playersOf(safe(() => w.Campaign)),
    characters,
  };
}

/** A ledger character as read (its `cp_` attributes; null until they are loaded). */
function characterOf(c: Any): JournalCharacter | null {
  const id = str(
    safe(() => c.id),
    64,
  );
  if (!ID.test(id)) return null;
  const attribs = safe(() => c.attribs);
  const models = modelsOf(attribs);
  // Not loaded yet: no attributes at all (a ledger always holds its kind).
  let values: Record<string, string> | null = null;
  if (models.length) {
    values = {};
    for (const a of models.slice(0, 200)) {
      const name = str(get(a, 'name'), 100);
      if (!name.startsWith('cp_')) continue;
      const current = get(a, 'current');
      // Past the cap, a value is cut just past it: the reader drops it whole, and says so.
      values[name] =
        typeof current === 'string'
          ? current.slice(0, MAX_ATTRIBUTE_CHARS + 1)
          : current === undefined || current === null
            ? ''
            : str(current, 100);
    }
  }
  return {
    id,
    name: str(get(c, 'name'), 200),
    controlledby: str(get(c, 'controlledby'), 4000),
    inplayerjournals: str(get(c, 'inplayerjournals'), 4000),
    attribs: values,
  };
}

/** The campaign's players, as read. */
function playersOf(campaign: Any): Journal['players'] {
  return modelsOf(safe(() => campaign?.players))
    .slice(0, 500)
    .map((p) => ({
      id: str(
        safe(() => p.id),
        64,
      ),
      name: str(get(p, 'displayname'), 200),
      online: get(p, 'online') === true || get(p, '_online') === true,
    }))
    .filter((p) => ID.test(p.id));
}

/** Each write through the attribute model's own `save`, or `attribs.create` for a new one; only a ledger's `cp_` attributes. */
function saveWrites(ledgers: readonly Any[], writes: readonly AttributeWrite[]): void {
  const byId = new Map(
    ledgers.map((c) => [
      str(
        safe(() => c.id),
        64,
      ),
      c,
    ]),
  );
  for (const x of writes) {
    const c = byId.get(x.character);
    if (!c || !x.name.startsWith('cp_') || x.value.length > MAX_ATTRIBUTE_CHARS) continue;
    const attribs = safe(() => c.attribs);
    const existing = modelsOf(attribs).find((a) => get(a, 'name') === x.name);
    if (existing) safe(() => existing.save({ current: x.value }));
    else safe(() => attribs.create({ name: x.name, current: x.value, max: '' }));
  }
}

/** The game master's ledgers made, each marked with its kind (`load`ed as they are made): by role, or null for a player's page. */
function createLedgers(
  w: Any,
  list: Parameters<Ledgers['create']>[0],
  load: (c: Any) => void,
): Map<string, Any> | null {
  const chars = safe(() => w.Campaign?.characters);
  if (!chars || safe(() => w.is_gm) !== true) return null;
  const made = new Map<string, Any>();
  for (const l of list) {
    if (!l.name.startsWith(LEDGER_PREFIX)) continue;
    const c = safe(() =>
      chars.create({ name: l.name, controlledby: l.controlledby, inplayerjournals: l.inplayerjournals }),
    );
    const attribs = safe(() => c?.attribs);
    if (!attribs) continue;
    load(c);
    safe(() => attribs.create({ name: LEDGER_ATTR, current: l.role, max: '' }));
    made.set(l.role, c);
  }
  return made;
}

/** The table's ledger lists the side ledgers: those just made (`made`, by role), and those it listed already. */
function listSides(ledgers: readonly Any[], made: ReadonlyMap<string, Any>, list: readonly { role: string }[]): void {
  const roleOf = (c: Any) =>
    str(
      get(
        modelsOf(safe(() => c.attribs)).find((a) => get(a, 'name') === LEDGER_ATTR),
        'current',
      ),
      20,
    );
  const table =
    made.get('table') ??
    ledgers.find((c) => roleOf(c) === 'table' && playersIn(str(get(c, 'controlledby'), 4000)).ids.size === 0);
  if (!table) return;
  const attribs = safe(() => table.attribs);
  const existing = modelsOf(attribs).find((a) => get(a, 'name') === SIDES_ATTR);
  let listed: unknown[] = [];
  try {
    listed = JSON.parse(str(get(existing, 'current'), 4000) || '[]') as unknown[];
  } catch {
    listed = [];
  }
  const sides: string[] = [];
  for (let i = 0; i < 8; i++) {
    const c = made.get(`side.${i}`);
    const id = c
      ? str(
          safe(() => c.id),
          64,
        )
      : Array.isArray(listed) && typeof listed[i] === 'string'
        ? (listed[i] as string)
        : '';
    if (!id && !list.some((l) => l.role === `side.${i}`)) break;
    sides.push(id);
  }
  const value = JSON.stringify(sides);
  if (existing) safe(() => existing.save({ current: value }));
  else safe(() => attribs.create({ name: SIDES_ATTR, current: value, max: '' }));
}
