// "Check this table": what only a live game can tell of Roll20's server, measured on the game
// master's own game with a player connected (docs/roll20.md, "Check this table"). The game master's
// tab writes a check on the table's ledger: an id and a value as long as the longest the shared game
// writes. Each player's tab that sees it answers twice: on his own ledger (which he controls) and on
// the table's ledger (which only game masters may edit). Then the game master's tab reads:
// - whether the answers reached him at all, and how long the round trip took;
// - whether a player's write on a ledger he does not control stood — then Roll20 does not enforce
//   "controlled by" here, and the table trusts its players, as on Owlbear;
// - whether the players received the long value whole.
// Every answer is checked like anything in the ledgers; the answers and the check are not the game's.
// Roll20 keeps no order between two attributes: a check may reach a player before its long value (the
// last check's still there), and an answer may come late. So the long value ends with its check's id,
// every answer names the check it answers and the check whose long value it read, and the game master
// counts only answers to the check he runs, waiting for every seated player online to answer.
import { digestText } from '../../shared-game/records';
import { MAX_ATTRIBUTE_CHARS, type AttributeWrite, type Journal, type LedgerLayout } from './ledger';

export const CHECK_ATTR = 'cp_check';
export const CHECK_BIG_ATTR = 'cp_check_big';
const ANSWER_PREFIX = 'cp_check_';
/** The long value: as long as the longest attribute the shared game writes. */
export const CHECK_CHARS = MAX_ATTRIBUTE_CHARS;
/**
 * How long the game master waits for answers, and once every player he waits for answered, how long
 * more for their writes on the table's ledger (they may come after the answers, or never).
 */
export const CHECK_WAIT_MS = 15_000;
export const CHECK_SETTLE_MS = 3000;
/** How long a player's tab waits for the check's long value before saying it did not come whole. */
export const CHECK_LONG_WAIT_MS = 5000;
/** The long value's tail: its check's id, padded. */
const ID_TAIL = 40;

export interface CheckResult {
  readonly state: 'running' | 'done';
  /** Players whose tab answered. */
  readonly answered: number;
  /** Whether Roll20 refused a player's write on the table's ledger: `no` means the table trusts its players. */
  readonly enforced: 'yes' | 'no' | 'unknown';
  /** From the check's write to the first answer read back, ms (null: none came). */
  readonly roundTripMs: number | null;
  /** Whether the players received the long value whole. */
  readonly longValue: 'whole' | 'cut' | 'unknown';
}

// Every attribute of the check starts with `cp_check`: ./ledger.ts `readLedgers` never reads those as the game's.

const answerAttr = (player: string) => `${ANSWER_PREFIX}${player}`;
/** The id of the check a long value belongs to (null: not a whole long value). */
const checkOfLong = (text: string): string | null =>
  text.length === CHECK_CHARS ? text.slice(-ID_TAIL).replace(/\.+$/, '') || null : null;
const parse = (text: string | undefined): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(text ?? '') as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export class TableCheck {
  private running: { id: string; at: number; firstAnswer: number | null; allAnswered: number | null } | null = null;
  private last: CheckResult | null = null;
  /** Checks this (player's) tab has answered. */
  private readonly answered = new Set<string>();
  /** The check this (player's) tab saw and waits for the long value of. */
  private awaiting: { id: string; since: number } | null = null;

  constructor(private readonly random: () => string) {}

  get result(): CheckResult | null {
    return this.last;
  }

  /** Something waits on time alone: the game master's check running, or a player's answer waiting for the long value. */
  get pending(): boolean {
    return this.running !== null || this.awaiting !== null;
  }

  /** The game master's click: the check written on the table's ledger (null: no ledger to write it on). */
  start(layout: LedgerLayout, now: number): AttributeWrite[] | null {
    if (!layout.table || !layout.me.gm) return null;
    const id =
      this.random()
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 24) || String(now);
    this.running = { id, at: now, firstAnswer: null, allAnswered: null };
    this.last = { state: 'running', answered: 0, enforced: 'unknown', roundTripMs: null, longValue: 'unknown' };
    const big = 'x'.repeat(CHECK_CHARS - ID_TAIL) + id.padEnd(ID_TAIL, '.');
    return [
      { character: layout.table.id, name: CHECK_BIG_ATTR, value: big },
      { character: layout.table.id, name: CHECK_ATTR, value: JSON.stringify({ id, big: digestText(big) }) },
    ];
  }

  /** Each read of the journal: a player's tab answers a new check; the game master's reads the answers. */
  observe(journal: Journal, layout: LedgerLayout, now: number): AttributeWrite[] {
    const table = layout.table;
    if (!table?.attribs) return [];
    const me = journal.me.player;
    if (!journal.me.gm) {
      const check = parse(table.attribs[CHECK_ATTR]);
      const id = typeof check?.id === 'string' ? check.id.slice(0, 24) : null;
      const home = layout.homeOf(me);
      const mine = home ? layout.characterOf(home) : null;
      if (!id || this.answered.has(id) || !mine) return [];
      const big = table.attribs[CHECK_BIG_ATTR] ?? '';
      const of = checkOfLong(big);
      if (of !== id) {
        // Not this check's long value (not here yet, or the last check's): waited for, a while.
        if (this.awaiting?.id !== id) this.awaiting = { id, since: now };
        if (now - this.awaiting.since < CHECK_LONG_WAIT_MS) return [];
      }
      this.awaiting = null;
      this.answered.add(id);
      const answer = JSON.stringify({ id, of, whole: of === id && digestText(big) === check!.big });
      // On his own ledger, and on the table's, which Roll20 should not let him write.
      return [
        { character: mine.id, name: answerAttr(me), value: answer },
        { character: table.id, name: answerAttr(me), value: JSON.stringify({ id }) },
      ];
    }
    const run = this.running;
    if (!run) return [];
    const answers: { player: string; whole: boolean }[] = [];
    let onTable = 0;
    let expected = 0;
    for (const p of journal.players) {
      if (p.id === me || layout.gms.has(p.id)) continue;
      const home = layout.homeOf(p.id);
      // Those who answer: online, with a ledger of their own.
      if (home && p.online) expected++;
      const ledger = home ? layout.characterOf(home) : null;
      const a = parse(ledger?.attribs?.[answerAttr(p.id)]);
      // Only an answer to this check, whole only of this check's long value.
      if (a?.id === run.id) answers.push({ player: p.id, whole: a.whole === true && a.of === run.id });
      if (parse(table.attribs[answerAttr(p.id)])?.id === run.id) onTable++;
    }
    if (answers.length && run.firstAnswer === null) run.firstAnswer = now;
    if (expected > 0 && answers.length >= expected) run.allAnswered ??= now;
    const settled = run.allAnswered !== null && (onTable >= answers.length || now - run.allAnswered >= CHECK_SETTLE_MS);
    const over = settled || now - run.at >= CHECK_WAIT_MS;
    this.last = {
      state: over ? 'done' : 'running',
      answered: answers.length,
      enforced: answers.length === 0 ? 'unknown' : onTable > 0 ? 'no' : over ? 'yes' : 'unknown',
      roundTripMs: run.firstAnswer === null ? null : run.firstAnswer - run.at,
      longValue: answers.length === 0 ? 'unknown' : answers.every((a) => a.whole) ? 'whole' : 'cut',
    };
    if (over) this.running = null;
    return [];
  }
}
