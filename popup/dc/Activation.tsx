import { useEffect } from 'preact/hooks';
import { errorText } from '../../src/i18n/errors';
import { plural, text } from '../../src/i18n/text';
import {
  bestAssignment,
  DC_SIDES,
  descriptor,
  needsWord,
  rerollAllowed,
  withPositions,
  type DcEvent,
  diceAvailable,
  formatProfile,
  otherSide,
  pickable,
  stepOf,
  thresholdOf,
  type DcLeader,
  type DcState,
  type DcUnit,
} from '../../src/rules/dc';
import { DiceEntry } from '../components/DiceEntry';
import { useApi, useT, useTr, useTrn } from '../context';
import { usePlaces } from '../board/places';
import { useDraft } from '../use-draft';
import type { Dispatch } from './dispatch';

/** `position`: the game's place in its history; a choice in progress belongs to the one it was made at. */
type Props = { state: DcState; dispatch: Dispatch; position: number };

/** The holding of the initiative: who has it, the step in progress, the Drama prompt and the morale reminders. */
export function Activation({ state, dispatch, position }: Props) {
  const tr = useTr();
  const h = state.initiative;
  return (
    <section class="dc-activation" aria-labelledby="dc-initiative">
      {h ? (
        <p id="dc-initiative" class="dc-status" data-testid="dc-initiative">
          {tr('dc_holding', tr(`dc_side_${h.side}`), h.keeps)}
          {h.side === 'colonial' && <span data-testid="dc-ones"> · {tr('dc_ones', h.ones)}</span>}
        </p>
      ) : (
        <div class="row" id="dc-initiative">
          <span>{tr('dc_who_gains')}</span>
          {DC_SIDES.map((side) => (
            <button
              type="button"
              key={side}
              data-testid={`dc-gain-${side}`}
              data-next
              onClick={() => void dispatch({ type: 'initiativeGained', side })}
            >
              {tr(`dc_side_${side}`)}
            </button>
          ))}
        </div>
      )}
      {state.drama !== null && <Drama value={state.drama} dispatch={dispatch} />}
      {state.moraleDue.length > 0 && (
        <ul class="dc-morale" data-testid="dc-morale">
          {state.moraleDue.map((id) => {
            const unit = state.units.find((u) => u.id === id);
            return (
              <li key={id}>
                ⚠ {tr('dc_morale_due', unit?.name ?? id)}{' '}
                <button
                  type="button"
                  class="small"
                  data-testid={`dc-morale-${id}`}
                  onClick={() => void dispatch({ type: 'moraleTaken', unit: id })}
                >
                  {tr('dc_morale_done')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {h && <Step state={state} dispatch={dispatch} position={position} />}
    </section>
  );
}

function Drama({ value, dispatch }: { value: number; dispatch: Dispatch }) {
  const tr = useTr();
  return (
    <div class="notice" data-testid="dc-drama">
      <p>{tr('dc_drama_prompt', value)}</p>
      <div class="row">
        {Array.from({ length: value }, (_, i) => value - i).map((v) => (
          <button
            type="button"
            key={v}
            data-testid={`dc-drama-${v}`}
            data-next
            onClick={() => void dispatch({ type: 'dramaResolved', value: v })}
          >
            {tr('dc_drama_card', v)}
          </button>
        ))}
        <button
          type="button"
          data-testid="dc-drama-0"
          onClick={() => void dispatch({ type: 'dramaResolved', value: 0 })}
        >
          {tr('dc_drama_none')}
        </button>
      </div>
    </div>
  );
}

const Concede = ({ dispatch }: { dispatch: Dispatch }) => {
  const tr = useTr();
  return (
    <button type="button" data-testid="dc-concede" onClick={() => void dispatch({ type: 'initiativeConceded' })}>
      {tr('dc_concede')}
    </button>
  );
};

function Step({ state, dispatch, position }: Props) {
  const tr = useTr();
  const trn = useTrn();
  const h = state.initiative!;
  const step = stepOf(h);
  const leader = state.leaders.find((l) => l.id === h.leader) ?? null;
  const side = state.leaders.filter((l) => l.side === h.side);
  if (step === 'leader') {
    return (
      <div data-testid="dc-step-leader">
        <LeaderList
          leaders={side}
          state={state}
          onPick={(l) => void dispatch({ type: 'leaderActivated', leader: l.id })}
          label={tr('dc_activate')}
        />
        <Concede dispatch={dispatch} />
      </div>
    );
  }
  const banner = (
    <p class="dc-leader" data-testid="dc-active-leader">
      <strong>{leader!.name}</strong> {formatProfile(leader!.profile)} ·{' '}
      {tr('dc_dice_now', h.dice, leader!.profile.die)}
    </p>
  );
  if (step === 'units')
    return (
      <>
        {banner}
        <Pick state={state} leader={leader!} dispatch={dispatch} position={position} />
      </>
    );
  if (step === 'roll') {
    const units = h.command!.units.length;
    return (
      <>
        {banner}
        <p class="hint">{trn('dc_roll_hint', h.dice, units)}</p>
        <DiceEntry
          sides={leader!.profile.die}
          count={{ min: units, max: h.dice }}
          why={plural('dc_dice_why', h.dice, leader!.name)}
          rollLabel={tr('dc_roll', leader!.profile.die)}
          testId="dc-dice"
          scope={position}
          next
          onDice={(dice) => dispatch({ type: 'diceRolled', dice })}
        />
        <Concede dispatch={dispatch} />
      </>
    );
  }
  if (step === 'assign')
    return (
      <>
        {banner}
        <Assign state={state} leader={leader!} dispatch={dispatch} position={position} />
      </>
    );
  // decide: keep (one die fewer, same leader or another) or concede
  return (
    <div data-testid="dc-step-decide">
      <p class="dc-ok">{tr('dc_all_activated')}</p>
      <p class="hint">{tr('dc_keep_hint')}</p>
      <LeaderList
        leaders={side}
        state={{ ...state, initiative: { ...h, keeps: h.keeps + 1 } }}
        current={leader}
        onPick={(l) => void dispatch({ type: 'initiativeKept', leader: l.id })}
        label={tr('dc_keep')}
      />
      <Concede dispatch={dispatch} />
    </div>
  );
}

/** Leaders of the side with the dice they would roll (keeps already counted); deactivated ones greyed. */
function LeaderList({
  leaders,
  state,
  onPick,
  label,
  current,
}: {
  leaders: DcLeader[];
  state: DcState;
  onPick: (l: DcLeader) => void;
  label: string;
  current?: DcLeader | null;
}) {
  const tr = useTr();
  return (
    <ul class="dc-list" data-testid="dc-leaders">
      {leaders.map((l) => {
        // Switching leaders deactivates the current one; his successor is judged on his own.
        const unavailable = l.deactivated;
        const dice = diceAvailable(state, l);
        return (
          <li key={l.id}>
            <button
              type="button"
              data-testid={`dc-leader-pick-${l.id}`}
              data-next
              disabled={unavailable}
              onClick={() => onPick(l)}
            >
              {label}: {l.name}
            </button>{' '}
            {formatProfile(l.profile)} ·{' '}
            <span data-testid={`dc-dice-left-${l.id}`}>
              {unavailable ? tr('dc_deactivated') : tr('dc_dice_left', dice)}
            </span>
            {current && current.id === l.id && <span class="hint"> · {tr('dc_same_leader')}</span>}
            {!unavailable && dice === 0 && <span class="hint"> · {tr('dc_no_dice_passes')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** Choose the units: ineligible ones greyed with their reason; the player's word where positions are unknown. */
function Pick({
  state,
  leader,
  dispatch,
  position,
}: {
  state: DcState;
  leader: DcLeader;
  dispatch: Dispatch;
  position: number;
}) {
  const tr = useTr();
  const trn = useTrn();
  const t = useT();
  // The units ticked, and the player's word, kept while the popup is closed for this choice only.
  const [kept, setPicked] = useDraft<readonly string[]>('dc-picked', [], position);
  const picked = kept.filter((id) => state.units.some((u) => u.id === id));
  // The board follows the ticks as they are made, and forgets them once the command is given.
  const live = useApi().live;
  useEffect(() => live?.tick?.('dc', picked), [picked.join('\n')]);
  useEffect(() => () => live?.tick?.('dc', []), []);
  const [inRange, setInRange] = useDraft('dc-word-range', false, position);
  const [adjacent, setAdjacent] = useDraft('dc-word-adjacent', false, position);
  // The pieces where the board says they stand (the rules check the same positions, sent with the command).
  const places = usePlaces();
  const command = (word?: { inRange: boolean; adjacent: boolean }): DcEvent =>
    descriptor.fromBoard!({ type: 'unitsCommanded', units: picked, ...(word ? { word } : {}) }, places, state);
  const board = withPositions(state, (command() as Extract<DcEvent, { type: 'unitsCommanded' }>).positions);
  const seen = board.ok ? board.value : state;
  const me = seen.leaders.find((l) => l.id === leader.id)!;
  const rows = pickable(seen, me, picked);
  const needWord = needsWord(seen, me, picked);
  const greyedOut = (r: (typeof rows)[number]) => r.refusal !== null && !picked.includes(r.unit.id);
  const unavailable = rows.filter(greyedOut);
  const row = ({ unit, refusal, distance }: (typeof rows)[number]) => {
    const on = picked.includes(unit.id);
    const greyed = refusal !== null && !on;
    return (
      <label key={unit.id} class={greyed ? 'dc-pick greyed' : 'dc-pick'} data-testid={`dc-pick-${unit.id}`}>
        <input
          type="checkbox"
          checked={on}
          disabled={greyed}
          onChange={() => setPicked(on ? picked.filter((x) => x !== unit.id) : [...picked, unit.id])}
        />
        {unit.name}
        {distance !== null && <span class="hint"> · {trn('dc_hexes', distance)}</span>}
        <span class="hint"> · {tr('dc_needs', thresholdOf(state, unit))}</span>
        {greyed && <span class="dc-reason hint"> — {t(errorText(refusal, t))}</span>}
      </label>
    );
  };
  return (
    <div data-testid="dc-step-units">
      <fieldset>
        <legend>{tr('dc_choose_units')}</legend>
        {rows.filter((r) => !greyedOut(r)).map(row)}
      </fieldset>
      {needWord && picked.length > 0 && (
        <div data-testid="dc-word">
          <p class="hint">{tr('dc_word_hint')}</p>
          <label class="dc-pick">
            <input
              type="checkbox"
              data-testid="dc-word-range"
              checked={inRange}
              onChange={() => setInRange(!inRange)}
            />
            {trn('dc_word_range', leader.profile.radius)}
          </label>
          {picked.length >= 2 && (
            <label class="dc-pick">
              <input
                type="checkbox"
                data-testid="dc-word-adjacent"
                checked={adjacent}
                onChange={() => setAdjacent(!adjacent)}
              />
              {tr('dc_word_adjacent')}
            </label>
          )}
        </div>
      )}
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="dc-command"
          data-next
          disabled={picked.length === 0}
          onClick={() => void dispatch(command(needWord ? { inRange, adjacent } : undefined))}
        >
          {tr('dc_command', picked.length)}
        </button>
        <Concede dispatch={dispatch} />
      </div>
      {/* A whole army's units that cannot be chosen now, each with why: below the command, folded. */}
      {unavailable.length > 0 && (
        <details class="subform" data-testid="dc-unavailable">
          <summary>{trn('dc_unavailable', unavailable.length)}</summary>
          {unavailable.map(row)}
        </details>
      )}
    </div>
  );
}

/** The dice of this command placed for the most activations (src/rules/dc/assign.ts): unit → die index. */
function suggest(state: DcState, units: DcUnit[], dice: readonly number[]): Record<string, string> {
  const best = bestAssignment(
    dice,
    units.map((u) => thresholdOf(state, u)),
  );
  return Object.fromEntries(units.flatMap((u, i) => (best[i] === null ? [] : [[u.id, String(best[i])]])));
}

function Assign({
  state,
  leader,
  dispatch,
  position,
}: {
  state: DcState;
  leader: DcLeader;
  dispatch: Dispatch;
  position: number;
}) {
  const tr = useTr();
  const h = state.initiative!;
  const command = h.command!;
  const dice = command.dice!;
  const units = command.units.map((id) => state.units.find((u) => u.id === id)!);
  const [assign, setAssign] = useDraft<{ readonly [unit: string]: string }>(
    'dc-assign',
    suggest(state, units, dice),
    position,
  );
  const [rerollIndex, setRerollIndex] = useDraft(
    'dc-reroll-index',
    String(
      Math.max(
        0,
        dice.findIndex((d) => d !== 1),
      ),
    ),
    position,
  );
  const canReroll = rerollAllowed(command).ok;
  const [rerolling, setRerolling] = useDraft('dc-rerolling', false, position);
  return (
    <div data-testid="dc-step-assign">
      <p class="dc-dice" data-testid="dc-rolled">
        {tr('dc_rolled')}{' '}
        {dice.map((d, i) => (
          <span key={i} class={d === 1 ? 'dc-die dc-one' : 'dc-die'}>
            {d}
          </span>
        ))}
      </p>
      {canReroll ? (
        // Folded: most rolls are assigned as they fall; the assignment stays in view.
        <details
          class="subform"
          data-testid="dc-reroll"
          open={rerolling}
          onToggle={(e) => setRerolling((e.currentTarget as HTMLDetailsElement).open)}
        >
          <summary>{tr('dc_reroll')}</summary>
          <label>
            {tr('dc_reroll_which')}{' '}
            <select
              data-testid="dc-reroll-index"
              value={rerollIndex}
              onChange={(e) => setRerollIndex((e.currentTarget as HTMLSelectElement).value)}
            >
              {dice.map((d, i) =>
                d === 1 ? null : (
                  <option key={i} value={String(i)}>
                    {tr('dc_die_option', i + 1, d)}
                  </option>
                ),
              )}
            </select>
          </label>
          <DiceEntry
            sides={leader.profile.die}
            count={1}
            rollLabel={tr('dc_reroll')}
            testId="dc-reroll-dice"
            scope={position}
            onDice={([value]) => dispatch({ type: 'dieRerolled', index: Number(rerollIndex), value: value! })}
          />
          <p class="hint">{tr('dc_reroll_hint')}</p>
        </details>
      ) : (
        <p class="hint" data-testid="dc-no-reroll">
          {tr(command.rerolled ? 'dc_reroll_used' : command.adjacent ? 'dc_reroll_only_ones' : 'dc_reroll_not_allowed')}
        </p>
      )}
      <fieldset>
        <legend>{tr('dc_assign')}</legend>
        <p class="hint">{tr('dc_assign_best')}</p>
        {units.map((u) => {
          const value = assign[u.id] ?? '';
          const die = value === '' ? null : dice[Number(value)]!;
          const need = thresholdOf(state, u);
          return (
            <label key={u.id} class="row" data-testid={`dc-assign-${u.id}`}>
              <span>
                {u.name} ({tr('dc_needs', need)})
              </span>
              <select
                value={value}
                data-testid={`dc-assign-select-${u.id}`}
                onChange={(e) => setAssign({ ...assign, [u.id]: (e.currentTarget as HTMLSelectElement).value })}
              >
                <option value="">—</option>
                {dice.map((d, i) => (
                  <option key={i} value={String(i)}>
                    {tr('dc_die_option', i + 1, d)}
                  </option>
                ))}
              </select>
              <span class={die !== null && die >= need ? 'dc-ok' : 'dc-ko'}>
                {die !== null && die >= need ? '✔' : '✘'}
              </span>
            </label>
          );
        })}
      </fieldset>
      <button
        type="button"
        class="primary"
        data-testid="dc-resolve"
        data-next
        onClick={() =>
          void dispatch({
            type: 'diceAssigned',
            assign: Object.entries(assign)
              .filter(([, v]) => v !== '')
              .map(([unit, v]) => ({ unit, die: Number(v) })),
          })
        }
      >
        {tr('dc_resolve')}
      </button>
      <p class="hint">{tr('dc_resolve_hint', tr(`dc_side_${otherSide(h.side)}`))}</p>
    </div>
  );
}
