import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { isSealed } from '../../src/game/seal';
import {
  awaitingRoll,
  currentSlot,
  LIMITS,
  SIDE_IDS,
  turnOver,
  type CrState,
  type CurrentSlot,
  type SideId,
  type Slot,
} from '../../src/rules/cr';
import { planText } from '../../src/rules/cr/history';
import { DiceEntry } from '../components/DiceEntry';
import { sayReason } from '../../src/i18n/reasons';
import { LOCALE_KEY, text } from '../../src/i18n/text';
import { useBoard, useGameBoard, useT, useTr, useTrn } from '../context';
import { useDraft } from '../use-draft';
import { FieldInput, useTextField } from '../fields';
import { RosterSelects, SecretRoster } from './Roster';
import type { Dispatch } from './Setup';
import { PieceStatus } from '../board/PieceStatus';
import { useSideName } from '../board/sides';

/** One turn: the duel roll, the queue of numbers, the slot being resolved, and each army's state. */
export function Play({ state, dispatch }: { state: CrState; dispatch: Dispatch }) {
  const tr = useTr();
  const round = state.round!;
  const slot = currentSlot(state);
  return (
    <section aria-labelledby="cr-turn">
      <div class="turn-bar">
        <h2 id="cr-turn" data-testid="cr-turn">
          {tr('cr_turn', state.turn)}
        </h2>
        <button
          type="button"
          class="primary"
          data-testid="cr-next-turn"
          data-next
          disabled={!turnOver(round)}
          onClick={() => void dispatch({ type: 'nextTurn' })}
        >
          {tr('cr_next_turn')}
        </button>
      </div>
      <Duel state={state} dispatch={dispatch} />
      {round.queue.length > 0 && <Queue state={state} />}
      {slot && <SlotCard key={`${state.turn}-${slot.index}`} state={state} slot={slot} dispatch={dispatch} />}
      {turnOver(round) && (
        <p class="hint" data-testid="cr-turn-over">
          {tr('cr_turn_over')}
        </p>
      )}
      {SIDE_IDS.map((id) => (
        <Army key={id} sideId={id} state={state} dispatch={dispatch} />
      ))}
    </section>
  );
}

function Duel({ state, dispatch }: { state: CrState; dispatch: Dispatch }) {
  const tr = useTr();
  const round = state.round!;
  const named = useSideName();
  const A = { name: named('A', state.sides.A.name) };
  const B = { name: named('B', state.sides.B.name) };
  const count = (side: SideId) => round.queue.filter((q) => q.side === side).length;
  return (
    <div class="cr-duel" data-testid="cr-duel">
      {round.rolls && <p data-testid="cr-rolls">{tr('cr_rolls', A.name, round.rolls.A, B.name, round.rolls.B)}</p>}
      {round.queue.length > 0 ? (
        <p class="hint" data-testid="cr-plan">
          {tr('cr_plan', planText(state), A.name, count('A'), B.name, count('B'))}
        </p>
      ) : (
        round.rolls && (
          <p role="status" class="cr-tie" data-testid="cr-tie">
            {tr(state.config.houseRules.tie === 'weather-reroll' ? 'cr_tie_weather' : 'cr_tie', round.weather)}
          </p>
        )
      )}
      {awaitingRoll(round) && (
        <>
          <DiceEntry
            sides={6}
            count={2}
            testId="cr-roll"
            scope={state.turn}
            next
            rollLabel={tr('cr_roll', A.name, B.name)}
            onDice={(d) => dispatch({ type: 'commandRoll', A: d[0]!, B: d[1]! })}
          />
          <p class="hint">{tr('cr_roll_order', A.name, B.name)}</p>
        </>
      )}
    </div>
  );
}

/** The numbers of the turn, strictly descending; who stands on a number is revealed only when it comes up. */
function Queue({ state }: { state: CrState }) {
  const tr = useTr();
  const round = state.round!;
  const named = useSideName();
  return (
    <ol class="cr-queue" aria-label={tr('cr_queue')} data-testid="cr-queue">
      {round.queue.map((q, i) => {
        const status = round.skipped.includes(i)
          ? 'skipped'
          : i < round.cursor
            ? 'done'
            : i === round.cursor
              ? 'current'
              : 'next';
        return (
          <li
            key={i}
            class={`cr-q-${status}`}
            aria-current={status === 'current' ? 'step' : undefined}
            title={tr(`cr_q_${status}`)}
          >
            {named(q.side, state.sides[q.side].name)} {q.slot}
            <span class="visually-hidden"> ({tr(`cr_q_${status}`)})</span>
          </li>
        );
      })}
    </ol>
  );
}

function UnitChecks({
  state,
  side,
  chosen,
  setChosen,
  prefix,
}: {
  state: CrState;
  side: SideId;
  chosen: readonly string[];
  setChosen: (ids: string[]) => void;
  prefix: string;
}) {
  const tr = useTr();
  const acted = state.round!.acted[side];
  const once = state.config.houseRules.unitActsOnce;
  const done = (id: string) => once && acted.includes(id) && !chosen.includes(id);
  const item = (u: CrState['sides'][SideId]['units'][number]) => (
    <li key={u.id}>
      <label>
        <input
          type="checkbox"
          disabled={done(u.id)}
          checked={chosen.includes(u.id)}
          onChange={(e) =>
            setChosen(
              (e.currentTarget as HTMLInputElement).checked ? [...chosen, u.id] : chosen.filter((x) => x !== u.id),
            )
          }
        />
        {u.name}
      </label>
      <PieceStatus piece={u.id} countWord={'board_piece_can_order'} />
    </li>
  );
  const units = state.sides[side].units;
  const spent = units.filter((u) => done(u.id));
  return (
    <>
      <ul class="cr-list" data-testid={`${prefix}-units`}>
        {units.filter((u) => !done(u.id)).map(item)}
      </ul>
      {/* A whole army's units that have acted this turn: folded, below those that may still be ordered. */}
      {spent.length > 0 && (
        <details class="subform" data-testid={`${prefix}-acted`}>
          <summary>{tr('cr_units_acted', spent.length)}</summary>
          <ul class="cr-list">{spent.map(item)}</ul>
        </details>
      )}
    </>
  );
}

function SlotCard({ state, slot, dispatch }: { state: CrState; slot: CurrentSlot; dispatch: Dispatch }) {
  const tr = useTr();
  const side = state.sides[slot.side];
  const named = useSideName();
  const used = slot.activation.used;
  const who = slot.leader?.name ?? '';
  // A choice in progress belongs to this number of this turn.
  const at = `${state.turn}-${slot.index}`;
  return (
    <article class="side cr-slot" aria-labelledby="cr-slot-title" data-testid="cr-slot">
      {/* Done in the number's own title bar: in view whatever the army's length. */}
      <div class="turn-bar">
        <h3 id="cr-slot-title">{tr('cr_slot_title', slot.slot, named(slot.side, side.name))}</h3>
        <button
          type="button"
          class="primary"
          data-testid="cr-done"
          data-next
          onClick={() => void dispatch({ type: 'slotDone' })}
        >
          {tr('cr_done')}
        </button>
      </div>
      <p data-testid="cr-slot-who">{tr(`cr_kind_${slot.kind.replaceAll('-', '_')}`, who)}</p>
      {slot.kind === 'unit' && !used && <UnitSlot state={state} side={slot.side} dispatch={dispatch} at={at} />}
      {slot.kind === 'leader' && used !== 'direct' && used !== 'signal' && (
        <Orders state={state} slot={slot} dispatch={dispatch} at={at} />
      )}
      {slot.kind === 'c-in-c' && !used && <Rewrite state={state} sideId={slot.side} dispatch={dispatch} at={at} />}
      {used && (
        <p class="hint" data-testid="cr-slot-used">
          {tr(
            `cr_used_${used}`,
            slot.activation.units.map((u) => side.units.find((x) => x.id === u)?.name ?? u).join(', ') || '—',
          )}
        </p>
      )}
      {slot.kind === 'leader' && <p class="hint">{tr('cr_activation_note')}</p>}
    </article>
  );
}

function UnitSlot({ state, side, dispatch, at }: { state: CrState; side: SideId; dispatch: Dispatch; at: string }) {
  const tr = useTr();
  const once = state.config.houseRules.unitActsOnce;
  const free = state.sides[side].units.filter((u) => !(once && state.round!.acted[side].includes(u.id)));
  const [kept, setUnit] = useDraft('cr-unit-pick', free[0]?.id ?? '', at);
  const unit = free.some((u) => u.id === kept) ? kept : (free[0]?.id ?? '');
  return (
    <div class="row">
      <label for="cr-unit-pick">{tr('cr_unit_acts')}</label>
      <select id="cr-unit-pick" value={unit} onChange={(e) => setUnit((e.currentTarget as HTMLSelectElement).value)}>
        {free.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        data-testid="cr-activate"
        data-next
        disabled={!unit}
        onClick={() => void dispatch({ type: 'unitActivated', unit })}
      >
        {tr('cr_activate')}
      </button>
    </div>
  );
}

/**
 * The ticked units the live board measures out of reach (every figure of one marked out), each with
 * the board's words for why: an order to them is given only on the players' word, asked once.
 */
function useOutOfReach(
  state: CrState,
  side: SideId,
  units: readonly string[],
): { readonly id: string; readonly said: string }[] {
  const t = useT();
  const board = useBoard();
  const game = useGameBoard();
  if (!board || !game || board.summary.system !== game.system || game.system !== 'cr') return [];
  const out: { id: string; said: string }[] = [];
  for (const id of units) {
    const figures = board.summary.figures.filter((f) => f.piece === id);
    if (figures.length === 0 || !figures.every((f) => f.status === 'out')) continue;
    const reason = figures.find((f) => f.reason)?.reason;
    const name = state.sides[side].units.find((u) => u.id === id)?.name ?? id;
    out.push({ id, said: reason ? `${name} ${sayReason(reason, t, t(text(LOCALE_KEY)))}` : name });
  }
  return out;
}

/** "Give the orders", asking once when the board puts some of the ticked units out of reach. */
function GiveOrders({
  state,
  side,
  chosen,
  setChosen,
  give,
  label,
  testId,
}: {
  state: CrState;
  side: SideId;
  chosen: readonly string[];
  setChosen: (ids: string[]) => void;
  give: (word?: { out: string[] }) => Promise<boolean>;
  label: string;
  testId: string;
}) {
  const tr = useTr();
  const out = useOutOfReach(state, side, chosen);
  const [asking, setAsking] = useState(false);
  // The question opens where the button was, often at the popup's bottom edge: brought into view
  // whole, the focus on its safe answer.
  const askBox = useRef<HTMLDivElement>(null);
  const untick = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!asking) return;
    askBox.current?.scrollIntoView?.({ block: 'nearest' });
    untick.current?.focus({ preventScroll: true });
  }, [asking]);
  const done = (ok: boolean) => {
    if (ok) setChosen([]);
    setAsking(false);
  };
  if (asking && out.length > 0)
    return (
      <div
        ref={askBox}
        class="confirm"
        role="group"
        aria-live="polite"
        aria-labelledby={`${testId}-ask`}
        data-testid={`${testId}-ask`}
      >
        <p id={`${testId}-ask`}>{tr('cr_ask_out', out.map((o) => o.said).join('; '))}</p>
        <div class="row">
          <button
            type="button"
            data-testid={`${testId}-anyway`}
            onClick={() => void give({ out: out.map((o) => o.id) }).then(done)}
          >
            {tr('cr_order_anyway')}
          </button>
          <button
            type="button"
            ref={untick}
            data-testid={`${testId}-untick`}
            onClick={() => {
              setChosen(chosen.filter((id) => !out.some((o) => o.id === id)));
              setAsking(false);
            }}
          >
            {tr('cr_untick_out')}
          </button>
        </div>
      </div>
    );
  return (
    <button
      type="button"
      data-testid={testId}
      data-next
      onClick={() => (out.length > 0 ? setAsking(true) : void give().then(done))}
    >
      {label}
    </button>
  );
}

function Orders({ state, slot, dispatch, at }: { state: CrState; slot: CurrentSlot; dispatch: Dispatch; at: string }) {
  const tr = useTr();
  const rules = state.config.houseRules;
  const signal = slot.activation.signal;
  // A live board of this game measures the distances: the hints say so, rather than leave them to the players.
  const board = useBoard();
  const game = useGameBoard();
  const measured = !!board && !!game && board.summary.system === 'cr' && game.system === 'cr';
  // The mode, the units ticked and the order typed stay while the popup is closed, for this number only.
  const [picked, setMode] = useDraft<string>('cr-mode', signal ? 'signal' : 'direct', at);
  const mode = signal ? 'signal' : picked === 'signal' ? 'signal' : 'direct';
  const [kept, setChosen] = useDraft<readonly string[]>(`cr-chosen-${mode}`, [], `${at}-${signal ? 'signal' : ''}`);
  const chosen = kept.filter((id) => state.sides[slot.side].units.some((u) => u.id === id));
  const order = useTextField(
    'cr-order',
    { label: tr('cr_order'), max: LIMITS.orderLength },
    tr('cr_order_attack'),
    'cr-order',
    at,
  );
  const unit = rules.signalUnit === 'in' ? '″' : ` ${tr('cr_cm')}`;
  return (
    <div>
      <fieldset class="row cr-modes">
        <legend class="visually-hidden">{tr('cr_order_mode')}</legend>
        {(['direct', 'signal'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="cr-mode"
              checked={mode === m}
              disabled={!!signal && m === 'direct'}
              data-testid={`cr-mode-${m}`}
              onChange={() => setMode(m)}
            />
            {tr(`cr_mode_${m}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'direct' ? (
        <>
          <p class="hint" data-testid="cr-direct-hint">
            {tr(measured ? 'cr_direct_hint_board' : 'cr_direct_hint', slot.leader?.name ?? '')}
          </p>
          <UnitChecks state={state} side={slot.side} chosen={chosen} setChosen={setChosen} prefix="cr-direct" />
          <GiveOrders
            state={state}
            side={slot.side}
            chosen={chosen}
            setChosen={setChosen}
            testId="cr-direct-give"
            label={tr('cr_give_orders', chosen.length)}
            give={(word) => dispatch({ type: 'directOrders', units: chosen, ...(word ? { word } : {}) })}
          />
        </>
      ) : signal ? (
        <>
          <p data-testid="cr-signal-radius">
            {tr('cr_signal_radius', signal.order, signal.die, `${signal.radius}${unit}`)}
          </p>
          {signal.order.toLowerCase() === tr('cr_order_attack').toLowerCase() && (
            <p class="hint">{tr('cr_attack_hint')}</p>
          )}
          <p class="hint">{tr(measured ? 'cr_signal_hint_board' : 'cr_signal_hint')}</p>
          <UnitChecks state={state} side={slot.side} chosen={chosen} setChosen={setChosen} prefix="cr-signal" />
          <GiveOrders
            state={state}
            side={slot.side}
            chosen={chosen}
            setChosen={setChosen}
            testId="cr-signal-obey"
            label={tr('cr_signal_obey', chosen.length)}
            give={(word) => dispatch({ type: 'signalObeyed', units: chosen, ...(word ? { word } : {}) })}
          />
        </>
      ) : (
        <>
          <div class="row">
            <label for="cr-order">{tr('cr_order')}</label>
            <FieldInput field={order} maxLength={LIMITS.orderLength} />
          </div>
          <DiceEntry
            sides={rules.signalDie}
            count={1}
            testId="cr-signal"
            scope={at}
            next
            rollLabel={tr('cr_signal_roll')}
            onDice={(d) => {
              const o = order.check();
              return o === null ? false : dispatch({ type: 'signalRolled', order: o, die: d[0]! });
            }}
          />
        </>
      )}
    </div>
  );
}

function Rewrite({ state, sideId, dispatch, at }: { state: CrState; sideId: SideId; dispatch: Dispatch; at: string }) {
  const tr = useTr();
  const side = state.sides[sideId];
  const [kept, setDraft] = useDraft<readonly string[]>('cr-rewrite', [...side.slots], at);
  const draft: Slot[] = kept.length === side.slots.length ? [...kept] : [...side.slots];
  return (
    <details data-testid="cr-rewrite">
      <summary>{tr('cr_rewrite')}</summary>
      <p class="hint">{tr('cr_rewrite_hint')}</p>
      <SecretRoster sideId={`rewrite-${sideId}`} side={side}>
        <RosterSelects
          side={side}
          slots={draft}
          prefix="cr-rewrite-slot"
          leaderOnce={state.config.houseRules.leaderOnce}
          onChange={setDraft}
        />
        <button
          type="button"
          data-testid="cr-rewrite-apply"
          onClick={() => void dispatch({ type: 'rosterRewritten', slots: draft })}
        >
          {tr('cr_rewrite_apply')}
        </button>
      </SecretRoster>
    </details>
  );
}

/** Leaders (present, disordered), units (acted this turn), and the secret roster of one army. */
function Army({ sideId, state, dispatch }: { sideId: SideId; state: CrState; dispatch: Dispatch }) {
  const tr = useTr();
  const trn = useTrn();
  const side = state.sides[sideId];
  const named = useSideName();
  const acted = state.round!.acted[sideId];
  return (
    <details class="side" data-testid={`cr-army-${sideId}`}>
      <summary>{trn('cr_army', acted.length, named(sideId, side.name), side.units.length)}</summary>
      <h3>{tr('cr_leaders')}</h3>
      <ul class="cr-list">
        {side.leaders.map((l) => (
          <li key={l.id}>
            <span>
              {l.name}
              {l.id === side.cInC ? ` (${tr('cr_c_in_c_short')})` : ''}
            </span>
            <label>
              <input
                type="checkbox"
                checked={l.present}
                onChange={(e) =>
                  void dispatch({
                    type: 'leaderStatus',
                    side: sideId,
                    leader: l.id,
                    present: (e.currentTarget as HTMLInputElement).checked,
                  })
                }
              />
              {tr('cr_present')}
            </label>
            <label>
              <input
                type="checkbox"
                checked={l.disordered}
                data-testid={`cr-disordered-${l.id}`}
                onChange={(e) =>
                  void dispatch({
                    type: 'leaderStatus',
                    side: sideId,
                    leader: l.id,
                    disordered: (e.currentTarget as HTMLInputElement).checked,
                  })
                }
              />
              {tr('cr_disordered')}
            </label>
          </li>
        ))}
      </ul>
      <h3>{tr('cr_units')}</h3>
      <ul class="cr-list" data-testid={`cr-acted-${sideId}`}>
        {side.units.map((u) => (
          <li key={u.id} data-acted={acted.includes(u.id) ? 'yes' : 'no'}>
            <span>{u.name}</span>
            {acted.includes(u.id) ? (
              <span class="cr-acted">✓ {tr('cr_acted')}</span>
            ) : (
              <button type="button" class="small" onClick={() => void dispatch({ type: 'unitMarked', unit: u.id })}>
                {tr('cr_mark_acted')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <h3>{tr('cr_roster')}</h3>
      <SecretRoster sideId={`play-${sideId}`} side={side}>
        <ol class="cr-roster">
          {side.slots.map((s, i) => (
            <li key={i}>
              {i + 1}:{' '}
              {s === 'unit'
                ? tr('cr_slot_unit')
                : isSealed(s)
                  ? tr('cr_slot_sealed')
                  : (side.leaders.find((l) => l.id === s)?.name ?? s)}
            </li>
          ))}
        </ol>
      </SecretRoster>
    </details>
  );
}
