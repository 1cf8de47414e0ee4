// The Owlbear part of the popover, above the rule panels every tabletop shares: who this player is,
// which sides he may act for, the game master's seating of the table, this player's actions not on
// the table yet (pending, then failed, with a way to try again: never shown as done), and what the
// scene holds that could not be read or was refused — for the game master, whose key it came from.
// Names come from Owlbear (players type them): rendered as text.
import { useEffect, useState } from 'preact/hooks';
import { GAME_KEY, OPS_PREFIX, OWLBEAR_KEYS, connectionKey } from '../src/adapters/owlbear/keys';
import { SharedGame } from '../src/shared-game/sync';
import { errorText } from '../src/i18n/errors';
import { plural, text } from '../src/i18n/text';
import { DESCRIPTORS } from '../src/rules';
import { playerOf } from './frame-bridge';
import { FinderRow } from './Finder';
import { readVisibility } from '../src/board/visibility-schema';
import { GameMasterVisibility, SaidVisibility } from '../popup/board/Visibility';
import { UnvouchedQuestion } from '../popup/board/Unvouched';
import { followLegend, showLegend } from './legend-setting';
import type { SceneSession } from './session';

export function useSession(session: SceneSession): number {
  const [tick, setTick] = useState(0);
  useEffect(() => session.onChange(() => setTick((n) => n + 1)), [session]);
  return tick;
}

/** The panel's words: Owlbear's locale, a counted one in its plural form. */
function wordsOf(session: SceneSession) {
  const tr = (key: string, ...subs: (string | number)[]) => session.strings.t(text(key, ...subs));
  const trn = (key: string, count: number, ...subs: (string | number)[]) =>
    session.strings.t(plural(key, count, ...subs));
  return { tr, trn };
}

export function TablePanel({ session }: { session: SceneSession }) {
  useSession(session);
  const [legend, setShown] = useState(true);
  useEffect(() => void followLegend(setShown), []);
  const setLegend = (on: boolean) => {
    setShown(on);
    void showLegend(on);
  };
  const { tr, trn } = wordsOf(session);
  const state = session.state;
  if (!session.sceneReady || !state)
    return (
      <p class="hint" data-testid="owlbear-no-scene">
        {tr('owlbear_no_scene')}
      </p>
    );
  const me = playerOf(session)!;
  const size = SharedGame.size(OWLBEAR_KEYS, session.metadataNow);
  const gm = session.me.role === 'GM';
  return (
    <section class="owlbear-table" aria-labelledby="owlbear-table-title" data-testid="owlbear-table">
      <h2 id="owlbear-table-title">{tr('owlbear_table_title')}</h2>
      <p data-testid="owlbear-me">
        {tr(gm ? 'owlbear_me_gm' : 'owlbear_me_player', session.me.name)}{' '}
        {!me.seated
          ? tr('owlbear_open_table')
          : gm
            ? tr('owlbear_gm_all')
            : me.sides.length
              ? tr('owlbear_my_sides', me.sides.join(', '))
              : tr('owlbear_no_sides')}
      </p>
      <label class="owlbear-key">
        <input
          type="checkbox"
          data-testid="owlbear-legend"
          checked={legend}
          onChange={(e) => setLegend(e.currentTarget.checked)}
        />{' '}
        {tr('board_key_show')}
      </label>
      <FinderRow session={session} />
      <VisibilityRow session={session} gm={gm} />
      {gm && <Seating session={session} state={state} />}
      <Unsent session={session} state={state} />
      {state.ownKeyWrittenOver && (
        <p class="hint" role="status" data-testid="owlbear-own-key">
          {tr('owlbear_own_key_written')}
        </p>
      )}
      {state.unvouched && (
        <UnvouchedQuestion
          unvouched={state.unvouched}
          gm={gm}
          choose={(choice) => void session.choose(choice)}
          tr={tr}
          testid="owlbear-unvouched"
        />
      )}
      {gm && state.unproven && <UnprovenQuestion session={session} unproven={state.unproven} />}
      <Problems session={session} state={state} gm={gm} />
      {/* Figures for the curious, folded: the game comes first. */}
      <details class="owlbear-figures">
        <summary>{tr('owlbear_figures')}</summary>
        <p class="hint" data-testid="owlbear-size">
          {trn('owlbear_size', state.pendingOps, (size.total / 1024).toFixed(1))}
        </p>
      </details>
    </section>
  );
}

type TableState = NonNullable<SceneSession['state']>;

/** The game master's seating: who may act for which side; seated players who are not here now stay listed (their seats stand). */
function Seating({ session, state }: { session: SceneSession; state: TableState }) {
  const { tr } = wordsOf(session);
  const sides = DESCRIPTORS[state.root.activeSystem].sides;
  const seats = state.game.seats;
  const players = [
    { id: session.me.id, name: session.me.name },
    ...session.party.filter((p) => p.id !== session.me.id).map((p) => ({ id: p.id, name: p.name })),
  ].filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
  for (const [id, s] of Object.entries(seats))
    if (!players.some((p) => p.id === id)) players.push({ id, name: s.name });
  const seat = (player: { id: string; name: string }, index: number, on: boolean) => {
    const now = seats[player.id]?.seats ?? [];
    const next = on ? [...now, index] : now.filter((i) => i !== index);
    void session.submit({ type: 'scene/seats', player: player.id, name: player.name.slice(0, 200), seats: next });
  };
  const sideNames = sides.length ? sides : [tr('owlbear_any_side')];
  return (
    <details data-testid="owlbear-seats">
      <summary>{tr('owlbear_seats')}</summary>
      <p class="hint">{tr('owlbear_seats_hint')}</p>
      <table class="roster">
        <thead>
          <tr>
            <th>{tr('owlbear_player')}</th>
            {sideNames.map((s) => (
              <th key={s}>{s}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.id} data-player={p.id}>
              <td>{p.name}</td>
              {sideNames.map((s, i) => (
                <td key={s}>
                  <input
                    type="checkbox"
                    aria-label={tr('owlbear_seat_label', p.name, s)}
                    data-testid={`seat-${p.id}-${i}`}
                    checked={(seats[p.id]?.seats ?? []).includes(i)}
                    onChange={(e) => seat(p, i, (e.currentTarget as HTMLInputElement).checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** This player's actions not on the table yet: pending, then failed with a way to try again (never shown as done). */
function Unsent({ session, state }: { session: SceneSession; state: TableState }) {
  const { tr, trn } = wordsOf(session);
  const unsent = state.unsent;
  if (!unsent.length) return null;
  const failed = unsent.some((u) => u.status === 'failed');
  return (
    <p
      class={failed ? 'owlbear-problems owlbear-unsent' : 'hint owlbear-unsent'}
      role="status"
      data-testid="owlbear-unsent"
      data-status={failed ? 'failed' : 'pending'}
    >
      {trn(failed ? 'owlbear_unsent_failed' : 'owlbear_unsent_pending', unsent.length)}{' '}
      {failed && (
        <button type="button" data-testid="owlbear-retry" onClick={() => session.retry()}>
          {tr('owlbear_retry')}
        </button>
      )}
    </p>
  );
}

/** The game master asked about pages of an earlier connection signed by a key no one here can prove. */
function UnprovenQuestion({
  session,
  unproven,
}: {
  session: SceneSession;
  unproven: NonNullable<TableState['unproven']>;
}) {
  const { tr } = wordsOf(session);
  return (
    <div class="owlbear-problems" role="status" data-testid="owlbear-unproven">
      <p>
        {tr(
          unproven.gm ? 'table_unproven_gm' : 'table_unproven_player',
          unproven.player,
          unproven.actions,
          unproven.key,
        )}
      </p>
      <p>
        <button type="button" data-testid="owlbear-unproven-take" onClick={() => session.chooseUnproven('take')}>
          {tr(unproven.gm ? 'table_unproven_take' : 'table_unproven_player_take')}
        </button>{' '}
        <button type="button" data-testid="owlbear-unproven-leave" onClick={() => session.chooseUnproven('leave')}>
          {tr(unproven.gm ? 'table_unproven_leave' : 'table_unproven_player_leave')}
        </button>
      </p>
    </div>
  );
}

/** What the scene holds that was refused or could not be read: this player's own refusals, and for the game master whose key each came from. */
function Problems({ session, state, gm }: { session: SceneSession; state: TableState; gm: boolean }) {
  const { tr, trn } = wordsOf(session);
  // Whose key a problem came from: Owlbear's name for the connection it names.
  const whose = (key: string): string => {
    if (key === GAME_KEY || OWLBEAR_KEYS.isPart(key)) return tr('owlbear_key_game');
    if (!key.startsWith(OPS_PREFIX)) return key.slice(0, 100);
    // The connection a key names (a page of it, or a name no page of it writes).
    const connection = key.slice(OPS_PREFIX.length).split('.')[0]!;
    if (connection === connectionKey(session.me.connectionId)) return session.me.name;
    return session.party.find((p) => connectionKey(p.connectionId) === connection)?.name ?? tr('owlbear_key_stranger');
  };
  const unreadable = state.dropped.filter((d) => d.kind === 'unreadable');
  const refusedKeys = state.refusedLately;
  const unread = session.read?.dropped ?? [];
  return (
    <>
      {gm && refusedKeys.length > 0 && (
        <details class="owlbear-problems" data-testid="owlbear-refused-table">
          <summary>{trn('owlbear_refused_table', refusedKeys.length, state.refusedCount)}</summary>
          <ul>
            {[...refusedKeys].reverse().map((d, i) => (
              <li key={i}>
                {whose(d.key)} ({d.key.slice(OPS_PREFIX.length, OPS_PREFIX.length + 60)}):{' '}
                {d.error ? `${d.problem}: ${session.strings.t(errorText(d.error))}` : d.problem}
              </li>
            ))}
          </ul>
        </details>
      )}
      {state.refused.length > 0 && (
        <ul class="owlbear-problems" data-testid="owlbear-refused">
          {state.refused.slice(-3).map((r) => (
            <li key={r.id}>{tr('owlbear_refused', session.strings.t(errorText(r.error)))}</li>
          ))}
        </ul>
      )}
      {(unreadable.length > 0 || unread.length > 0 || state.damaged.length > 0) && (
        <details class="owlbear-problems" data-testid="owlbear-dropped">
          <summary>{trn('owlbear_dropped', unreadable.length + unread.length + state.damaged.length)}</summary>
          <ul>
            {[
              ...state.damaged.map((d) => `${tr('owlbear_damaged')}: ${d}`),
              ...unreadable.map((d) => `${whose(d.key)} (${d.key}): ${d.problem}`),
              ...unread.map((d) => `${d.id ?? '?'}: ${d.problem}`),
            ]
              .slice(0, 20)
              .map((line, i) => (
                <li key={i}>{line}</li>
              ))}
          </ul>
        </details>
      )}
    </>
  );
}

/**
 * What the board shows, and to whom: the game master's to say for the whole table (one action of
 * the shared game, `scene/visibility`, refused from anyone else); a player sees what he said.
 */
function VisibilityRow({ session, gm }: { session: SceneSession; gm: boolean }) {
  const { tr } = wordsOf(session);
  const v = readVisibility(session.state?.game.visibility);
  if (!gm) return <SaidVisibility value={v} tr={tr} prefix="owlbear" />;
  return (
    <GameMasterVisibility
      value={v}
      onChange={(next) => void session.submit({ type: 'scene/visibility', ...next })}
      tr={tr}
      prefix="owlbear"
    />
  );
}
