// Roll20's one game for the table, in the Roll20 tab (content-table.js, a module content-roll20.js
// loads in its isolated world once the table has a game: ./roll20-table-loader.ts). It plays the shared game from the ledger characters the
// page script reports (src/adapters/roll20/shared.ts `LedgerGame`, over src/shared-game/, the module
// Owlbear's scene plays), and gives the content script what to draw (the shared game's board input),
// what to tell the popup (its root, who acts for which side) and what to save on the ledgers. It keeps
// nothing in the page's storage: the page's own scripts could read it.
import { browserCodec } from './codec';
import {
  LEDGER_PREFIX,
  ledgersToCreate,
  playersIn,
  seatedOn,
  type AttributeWrite,
  type Journal,
} from '../src/adapters/roll20/ledger';
import { LedgerGame } from '../src/adapters/roll20/shared';
import { actAnswerSchema, gmClickSchema, type ActAnswer, type GmClick } from '../src/adapters/roll20/tabs';
import * as v from 'valibot';
import type { BoardInput } from '../src/board/model';
import type { BoardSummary } from '../src/board/summary';
import type { Response } from '../src/messages';
import { parseRequest } from '../src/store/requests';
import { DESCRIPTORS } from '../src/rules';
import { toSceneRequest } from '../src/shared-game/requests';
import { boardInputOf } from '../src/store/board';
import { GameStates } from '../src/store/states';
import type { StoreRoot } from '../src/store/root';
import type { Visibility } from '../src/board/visibility';
import { readVisibility } from '../src/board/visibility-schema';

const randomId = (): string =>
  [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');

export interface Roll20Table {
  /** The ledgers exist and their game is read: the popup and the board play it instead of the browser's own. */
  readonly active: boolean;
  receive(journal: Journal): Promise<void>;
  tick(): Promise<void>;
  /** The table's game as this tab plays it (null: no shared game). */
  root(): StoreRoot | null;
  /** The shared game's board input (null: no shared game), the same object while its game does not change. */
  boardInput(): BoardInput | null;
  /** A request of the popup's, checked as the worker checks it, played on the table's game as this player. */
  send(raw: unknown): Promise<Response>;
  /** What the popup shows of the shared game (BoardSummary `shared`), null before the page reported the journal. */
  summary(): BoardSummary['shared'] | null;
  /** The game master's click: "Check this table" (false: no ledgers, or not a game master). */
  startCheck(): boolean;
  /** The game master's answer about a checkpoint no one at the table stands behind (false: nothing to answer). */
  choose(choice: 'take' | 'fresh'): Promise<boolean>;
  /** What the table's game says the board shows, and to whom, and whether this player is a game master (null: no shared game). */
  visibility(): { readonly visibility: Visibility; readonly gm: boolean } | null;
  /** The game master's say on what the board shows, for the whole table (false: refused, or no shared game). */
  setVisibility(visibility: Visibility): Promise<boolean>;
  /** The ledgers a game master's click makes (none when they exist, or he is not one); a deleted side's with its seats. */
  toCreate(sides: readonly string[]): Promise<ReturnType<typeof ledgersToCreate>>;
  /** An action of `player`'s made in another tab of his (BG→CS `roll20/act`): played here if this tab writes for him, else undefined. */
  act(player: string, raw: unknown): Promise<ActAnswer> | undefined;
  /** Whether this tab writes for `player`, or is about to (BG→CS `roll20/ping`). */
  writesFor(player: string): boolean;
}

/** How this tab finds its player's other tabs in this browser (src/adapters/roll20/tabs.ts). */
export interface OtherTabs {
  /** CS→BG: may this tab write for `player`? (undefined: the worker did not answer.) */
  claim(player: string): Promise<unknown>;
  /** CS→BG: an action of `player`'s for the tab that writes for him; its answer (undefined: none came). */
  forward(player: string, request: unknown): Promise<unknown>;
}

export function roll20Table(
  save: (writes: readonly AttributeWrite[]) => void,
  changed: () => void,
  tabs: OtherTabs | null = null,
): Roll20Table {
  // Without the worker to ask (the tests' own tables), every tab writes, as before.
  const game = new LedgerGame({
    codec: browserCodec,
    save,
    random: randomId,
    writes: !tabs,
    onError: (error) => console.error('Command Post: reading the ledgers failed', error),
  });
  const states = new GameStates();
  let input: { key: unknown[]; input: BoardInput } | null = null;
  let journal: Journal | null = null;
  const active = () => game.ready && game.state !== null;
  /**
   * Whether this tab writes for its player, asked of the worker once his id is known, then each
   * second while another tab of his does: at once if none did, after the handover's wait once the
   * one that did is gone.
   */
  let decided: Promise<void> | null = null;
  let claiming = false;
  const claim = async (player: string, first: boolean): Promise<void> => {
    if (!tabs || !game.handsOver) return;
    claiming = true;
    const answer = (await tabs.claim(player).catch(() => undefined)) as { ok?: unknown; writes?: unknown } | undefined;
    claiming = false;
    // No answer at all: a tab starting writes (as every tab did before); a reading tab goes on reading.
    if (answer?.ok === true ? answer.writes !== true : !first) return;
    game.writeHere(first ? 0 : undefined);
  };
  /** Whether another tab of this player's writes for him: a click here is handed to it. */
  const handsOver = () => game.handsOver && !!tabs && !!journal;
  const handOver = async (request: unknown): Promise<ActAnswer> => {
    const answer = v.safeParse(actAnswerSchema, await tabs!.forward(journal!.me.player, request));
    return answer.success ? answer.output : { ok: false, error: { code: 'roll20-other-tab' } };
  };
  /** The game master's click on the table's game: played here, or handed to the tab of his that writes for him. */
  const gmClick = async (click: GmClick): Promise<boolean> => {
    if (handsOver()) return (await handOver(click)).ok;
    const done =
      click.type === 'roll20/choose'
        ? await game.choose(click.choice)
        : (await game.submit({ type: 'scene/visibility', show: click.show, gmOnly: click.gmOnly })).ok;
    changed();
    return done;
  };
  return {
    get active() {
      return active();
    },
    async receive(j) {
      journal = j;
      await (decided ??= claim(j.me.player, true));
      await game.receive(j);
      changed();
    },
    async tick() {
      if (journal && !claiming) await claim(journal.me.player, false);
      const before = [game.sync?.revisionNow, JSON.stringify(game.checkResult)];
      await game.tick();
      // News for the board and the popup: the game moved, or a check found something on time alone.
      if (game.sync?.revisionNow !== before[0] || JSON.stringify(game.checkResult) !== before[1]) changed();
    },
    root: () => (active() ? game.state!.root : null),
    boardInput() {
      const root = game.state?.root;
      if (!root) return null;
      const key = [root.activeSystem, root.games[root.activeSystem], root.bindings[root.activeSystem]];
      if (input && input.key.every((k, i) => k === key[i])) return input.input;
      input = { key, input: boardInputOf(root, states) };
      return input.input;
    },
    async send(raw) {
      const parsed = parseRequest(raw);
      if (!parsed.ok) return parsed;
      const request = parsed.value;
      const root = game.state?.root;
      if (request.type === 'store/load' || request.type === 'store/dismiss-notice')
        return root ? { ok: true, root } : { ok: false, error: { code: 'roll20-no-ledgers' } };
      const scene = toSceneRequest(request, 'roll20-not-shared');
      if (!scene.ok) return scene;
      // Another tab of this player's writes for him: the action goes there, and comes back with the journal.
      if (handsOver()) {
        const r = await handOver(raw);
        return r.ok ? (root ? { ok: true, root } : { ok: false, error: { code: 'roll20-no-ledgers' } }) : r;
      }
      const r = await game.submit(scene.value);
      changed();
      return r.ok ? { ok: true, root: game.state!.root } : r;
    },
    writesFor: (player) => journal?.me.player === player && (!game.handsOver || claiming),
    act(player, raw) {
      if (!game.writes || journal?.me.player !== player) return undefined;
      const click = v.safeParse(gmClickSchema, raw);
      if (click.success)
        return gmClick(click.output).then((done): ActAnswer =>
          done ? { ok: true } : { ok: false, error: { code: 'roll20-click-refused' } },
        );
      return this.send(raw).then((r): ActAnswer => (r.ok ? { ok: true } : { ok: false, error: r.error }));
    },
    summary: () => (journal ? summaryOf(game, journal, active()) : null),
    setVisibility: (visibility) => gmClick({ type: 'roll20/visibility', ...visibility }),
    visibility() {
      const state = active() ? game.state : null;
      return state && journal ? { visibility: readVisibility(state.game.visibility), gm: journal.me.gm } : null;
    },
    startCheck() {
      const started = game.startCheck();
      changed();
      return started;
    },
    choose: (choice) => gmClick({ type: 'roll20/choose', choice }),
    async toCreate(sides) {
      const layout = game.ledgers;
      return layout && journal?.me.gm ? ledgersToCreate(sides, layout, game.seats) : [];
    },
  };
}

/** What the popup shows of the shared game (BoardSummary `shared`): the sides and who sits at each, this player's, what went missing or wrong. */
function summaryOf(game: LedgerGame, journal: Journal, ready: boolean): BoardSummary['shared'] | null {
  const layout = game.ledgers;
  if (!layout) return null;
  const names = new Map(journal.players.map((p) => [p.id, p.name]));
  const system = game.state?.root.activeSystem;
  const sideNames: readonly string[] = system ? DESCRIPTORS[system].sides : [];
  return {
    state: ready ? 'ready' : 'none',
    gm: journal.me.gm,
    sides: layout.sides.flatMap((c, i) => {
      if (!c) return [];
      const who = playersIn(c.controlledby);
      return [
        {
          label: c.name.startsWith(LEDGER_PREFIX)
            ? c.name.slice(LEDGER_PREFIX.length)
            : (sideNames[i] ?? String(i + 1)),
          players: [...who.ids].map((p) => names.get(p) ?? p),
          anyone: who.all,
        },
      ];
    }),
    mine: journal.me.gm ? layout.sides.flatMap((c, i) => (c ? [i] : [])) : [...layout.sidesOf(journal.me.player)],
    // A side's ledger deleted: the game master is told and makes it again; its players are told why they cannot act.
    ...(layout.missing.length
      ? {
          missing: layout.missing.map((i) => ({
            side: i,
            players: seatedOn(game.seats, i)
              .slice(0, 50)
              .map((p) => names.get(p) ?? p),
            mine: game.seatsMissing.includes(i),
          })),
        }
      : {}),
    // What the ledgers could not read now, and every write refused since the tab opened (a forgery
    // its victim's tab has undone is gone from the ledgers, not from this count).
    dropped:
      game.ledgerDropped.length +
      (game.state ? game.state.dropped.filter((d) => d.kind !== 'refused').length + game.state.refusedCount : 0),
    ...(game.writtenOver ? { writtenOver: true } : {}),
    ...(game.checkResult ? { check: game.checkResult } : {}),
    ...(game.state?.unvouched ? { unvouched: game.state.unvouched } : {}),
    ...(game.state ? { visibility: readVisibility(game.state.game.visibility) } : {}),
  };
}
