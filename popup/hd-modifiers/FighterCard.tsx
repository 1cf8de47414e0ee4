import {
  breakdown,
  CHARACTERISTICS,
  STATES,
  type Breakdown,
  type HdmFighter,
  type HdmState,
  type Term,
} from '../../src/rules/hd-modifiers';
import { signed } from '../../src/rules/hd-modifiers/history';
import { useTr } from '../context';
import type { Dispatch } from './dispatch';
import { PieceLink } from '../board/PieceLink';
import { useEffect, useRef } from 'preact/hooks';
import { useSelectedPieces } from '../board/selection';
import { useRemove } from '../components/game';

/** One fighter: states in one click, and each characteristic with its value and the terms that made it. */
export function FighterCard({
  fighter,
  state,
  dispatch,
}: {
  fighter: HdmFighter;
  state: HdmState;
  dispatch: Dispatch;
}) {
  const tr = useTr();
  const id = fighter.id;
  // The fighter whose token is selected on the board comes into view, marked.
  const selected = useSelectedPieces().includes(id);
  const card = useRef<HTMLElement>(null);
  const remove = useRemove(dispatch);
  useEffect(() => {
    if (selected) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <article
      ref={card}
      class={selected ? 'side hdm-fighter selected' : 'side hdm-fighter'}
      aria-labelledby={`hdm-${id}-name`}
      aria-current={selected ? 'true' : undefined}
      data-testid={`hdm-fighter-${id}`}
    >
      <h3>
        <span id={`hdm-${id}-name`} class="fighter-name">
          {fighter.name}
        </span>
        {state.active === id && <span class="edition-badge">{tr('hdm_is_active')}</span>}
        {selected && (
          <span class="edition-badge" data-testid={`hdm-selected-${id}`}>
            {tr('board_selected')}
          </span>
        )}
        <PieceLink piece={id} name={fighter.name} />
        <button
          type="button"
          class="small hdm-remove-fighter"
          aria-label={tr('remove_fighter', fighter.name)}
          onClick={() => void remove({ type: 'fighterRemoved', fighter: id }, fighter.name)}
        >
          ✕
        </button>
      </h3>
      <div class="row" role="group" aria-label={tr('hdm_states')}>
        {STATES.map((s) => {
          const count = fighter.states[s] ?? 0;
          return (
            <span key={s} class="hdm-state">
              <button
                type="button"
                class="small"
                aria-pressed={count > 0}
                data-testid={`hdm-state-${id}-${s}`}
                data-next={state.active === id ? '' : undefined}
                onClick={() =>
                  void dispatch({ type: count > 0 ? 'stateRemoved' : 'stateApplied', fighter: id, state: s })
                }
              >
                {tr(`hdm_state_${s}`)}
                {count > 1 ? ` ×${count}` : ''}
              </button>
              {count > 0 && state.config.rules.repeatedState === 'stacks' && (
                <button
                  type="button"
                  class="small"
                  aria-label={tr('hdm_apply_again', tr(`hdm_state_${s}`))}
                  onClick={() => void dispatch({ type: 'stateApplied', fighter: id, state: s })}
                >
                  +
                </button>
              )}
            </span>
          );
        })}
      </div>
      <table class="hdm-values">
        <tbody>
          {CHARACTERISTICS.filter((c) => fighter.card[c] !== undefined).map((c) => {
            const b = breakdown(state.config, fighter, state.effects, state.active, c);
            return (
              <tr key={c}>
                <th scope="row">{c}</th>
                <td class="hdm-value" data-testid={`hdm-value-${id}-${c}`}>
                  {b.value}
                </td>
                <td>
                  <Steps b={b} state={state} dispatch={dispatch} testid={`hdm-breakdown-${id}-${c}`} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </article>
  );
}

/** card → increases → maluses (floor) → bonuses (maximum) → direct value, each term naming its source. */
function Steps({ b, state, dispatch, testid }: { b: Breakdown; state: HdmState; dispatch: Dispatch; testid: string }) {
  const tr = useTr();
  const name = (t: Term) =>
    t.state ? tr(`hdm_state_${t.state}`) + (t.times ? ` ×${t.times}` : '') : t.source || tr('hdm_unnamed');
  const remove = (effect: string | undefined, label: string) =>
    effect && (
      <button
        type="button"
        class="small hdm-x"
        data-testid={`hdm-remove-${effect}`}
        aria-label={tr('hdm_remove_effect', label)}
        onClick={() => void dispatch({ type: 'effectRemoved', effect })}
      >
        ✕
      </button>
    );
  const term = (t: Term) => (
    <li
      key={t.effect ?? t.state}
      class={t.counted ? '' : 'hdm-lost'}
      title={t.counted ? undefined : tr('hdm_not_counted', t.tag ?? '')}
    >
      {signed(t.amount)} {name(t)}
      {remove(t.effect, `${signed(t.amount)} ${name(t)}`)}
    </li>
  );
  const result = (n: number) => <li class="hdm-result">→ {n}</li>;
  const nameOf = (id: string | undefined) => state.fighters.find((f) => f.id === id)?.name;
  return (
    <ol class="hdm-steps" data-testid={testid} aria-label={tr('hdm_breakdown', b.characteristic)}>
      <li>{tr('hdm_card', b.card)}</li>
      {b.increases.map(term)}
      {b.ceiling && <li>{tr('hdm_ceiling', b.ceiling.value)}</li>}
      {b.maxAfterIncreases && <li>{tr('hdm_max', b.max ?? '')}</li>}
      {b.increases.length > 0 && result(b.afterIncreases)}
      {b.maluses.map(term)}
      {b.floored && <li>{tr('hdm_min', b.min)}</li>}
      {b.maluses.length > 0 && result(b.afterMaluses)}
      {b.bonuses.map(term)}
      {b.maxAfterBonuses && <li>{tr('hdm_max', b.max ?? '')}</li>}
      {b.bonuses.length > 0 && result(b.afterBonuses)}
      {b.directs.map((d) => {
        const by = nameOf(d.imposedBy);
        const label = `= ${d.value} ${d.source}`;
        return (
          <li key={d.effect} class={d.wins ? 'hdm-wins' : 'hdm-lost'}>
            {label}
            {by ? ` (${tr('hdm_by', by)}, ${tr(`hdm_scope_${d.scope}`)})` : ` (${tr(`hdm_scope_${d.scope}`)})`}
            {remove(d.effect, label)}
          </li>
        );
      })}
      <li class="hdm-bounds">{b.max === null ? tr('hdm_bounds_min', b.min) : tr('hdm_bounds', b.min, b.max)}</li>
    </ol>
  );
}
