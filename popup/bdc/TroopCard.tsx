import {
  LIMITS,
  MORALE_LEVELS,
  LEVEL_FACTOR,
  rallyOutcome,
  stepsOf,
  type BdcState,
  type Troop,
} from '../../src/rules/bdc';
import { DiceEntry } from '../components/DiceEntry';
import { useRemove } from '../components/game';
import { useTr, useTrn } from '../context';
import { useDraft } from '../use-draft';
import { FieldInput, SettingNumber, SettingText, useNumberField } from '../fields';
import { plural, text } from '../../src/i18n/text';
import { PieceLink } from '../board/PieceLink';
import { PieceStatus } from '../board/PieceStatus';
import type { Dispatch } from './dispatch';

const num = (e: Event): number => Number((e.currentTarget as HTMLInputElement).value);
const val = (e: Event): string => (e.currentTarget as HTMLInputElement).value;

/** A unit or a leader: badge in the summary, everything else inside so the popup stays compact. */
export function TroopCard({ troop, state, dispatch }: { troop: Troop; state: BdcState; dispatch: Dispatch }) {
  const tr = useTr();
  const id = troop.id;
  const pa = troop.counters.length ? troop.counters.join('+') : '–';
  const morale = troop.broken ? tr('bdc_broken') : tr(`bdc_state_${troop.state}`);
  // After a colon a running phrase goes on in lower case ("Мораль: в порядке", not "Мораль: Норма").
  const moraleWord = troop.broken ? tr('bdc_word_broken') : tr(`board_word_${troop.state}`);
  const remove = useRemove(dispatch);
  // A card opened stays open while the popup is closed.
  const [open, setOpen] = useDraft(`troop-${id}-open`, false);
  // The badge and the counters are terse for the eye ("Normal · 6", "AP 3"); a screen reader hears
  // them in words ("Morale: Normal, factor 6. Action points: 3."), never the factor run into "AP".
  return (
    <details
      class={`bdc-troop bdc-${troop.state}`}
      data-testid={`troop-${id}`}
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary data-next>
        <span class="fighter-name">{troop.name}</span>{' '}
        <span class="bdc-badge" aria-hidden="true" data-testid={`badge-${id}`}>
          {morale} · {troop.factor}
        </span>
        <span class="visually-hidden" data-testid={`badge-words-${id}`}>
          {tr('bdc_summary_morale', moraleWord, troop.factor)}
        </span>{' '}
        <span class="hint" aria-hidden="true" data-testid={`pa-${id}`}>
          <abbr title={tr('bdc_pa_long')}>{tr('bdc_pa_short', pa)}</abbr>
        </span>
        <span class="visually-hidden" data-testid={`pa-words-${id}`}>
          {troop.counters.length ? tr('bdc_summary_pa', pa) : tr('bdc_summary_no_pa')}
        </span>
        <PieceStatus piece={id} />
      </summary>
      <p class="row">
        <PieceLink piece={id} name={troop.name} />
      </p>
      {troop.kind === 'unit' ? (
        <UnitFields troop={troop} dispatch={dispatch} />
      ) : (
        <LeaderFields troop={troop} state={state} dispatch={dispatch} />
      )}
      <Activation troop={troop} state={state} dispatch={dispatch} />
      <MoraleTests troop={troop} dispatch={dispatch} />
      {stepsOf(troop.state) > 0 && <Rally troop={troop} state={state} dispatch={dispatch} />}
      <button
        type="button"
        class="small"
        data-testid={`remove-${id}`}
        onClick={() => void remove({ type: 'removed', id }, troop.name)}
      >
        {tr('bdc_remove')}
      </button>
    </details>
  );
}

function UnitFields({ troop, dispatch }: { troop: Extract<Troop, { kind: 'unit' }>; dispatch: Dispatch }) {
  const tr = useTr();
  const p = `${troop.id}-`;
  const edit = (unit: Record<string, unknown>) => void dispatch({ type: 'unitEdited', id: troop.id, unit });
  return (
    <div class="row">
      <label for={`${p}level`}>{tr('bdc_level')}</label>
      <select id={`${p}level`} value={troop.level} onChange={(e) => edit({ level: val(e) })}>
        {MORALE_LEVELS.map((l) => (
          <option key={l} value={l}>
            {tr(`bdc_level_${l}`)} ({LEVEL_FACTOR[l]})
          </option>
        ))}
      </select>
      <label for={`${p}xp`}>{tr('bdc_experience')}</label>
      <select id={`${p}xp`} value={troop.experience} onChange={(e) => edit({ experience: num(e) })}>
        {[1, 2, 3, 4].map((x) => (
          <option key={x}>{x}</option>
        ))}
      </select>
      <label for={`${p}doctrine`}>{tr('bdc_doctrine')}</label>
      <select id={`${p}doctrine`} value={troop.doctrine} onChange={(e) => edit({ doctrine: val(e) })}>
        <option value="rigid">{tr('bdc_doctrine_rigid')}</option>
        <option value="flexible">{tr('bdc_doctrine_flexible')}</option>
      </select>
      {troop.doctrine === 'flexible' && (
        <>
          <label for={`${p}teams`}>{tr('bdc_teams')}</label>
          <SettingNumber
            id={`${p}teams`}
            spec={{ label: tr('bdc_teams'), min: 2, max: LIMITS.maxTeams }}
            value={troop.teams}
            apply={(teams) => edit({ teams })}
          />
        </>
      )}
    </div>
  );
}

function LeaderFields({
  troop,
  state,
  dispatch,
}: {
  troop: Extract<Troop, { kind: 'leader' }>;
  state: BdcState;
  dispatch: Dispatch;
}) {
  const tr = useTr();
  const p = `${troop.id}-`;
  const edit = (leader: Record<string, unknown>) => dispatch({ type: 'leaderEdited', id: troop.id, leader });
  const units = state.troops.filter((t) => t.kind === 'unit');
  const leaders = state.troops.filter((t) => t.kind === 'leader' && t.id !== troop.id);
  return (
    <div class="row">
      <label for={`${p}leads`}>{tr('bdc_leads')}</label>
      <select
        id={`${p}leads`}
        data-testid={`leads-${troop.id}`}
        value={troop.leads ?? ''}
        onChange={(e) => edit({ leads: val(e) || null })}
      >
        <option value="">{tr('bdc_none')}</option>
        {units.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </select>
      <label for={`${p}commander`}>{tr('bdc_commander')}</label>
      <select
        id={`${p}commander`}
        data-testid={`commander-${troop.id}`}
        value={troop.commander ?? ''}
        onChange={(e) => edit({ commander: val(e) || null })}
      >
        <option value="">{tr('bdc_none')}</option>
        {leaders.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      <label>
        <input
          type="checkbox"
          data-testid={`radio-${troop.id}`}
          checked={troop.radio}
          onChange={(e) => edit({ radio: (e.currentTarget as HTMLInputElement).checked })}
        />{' '}
        {tr('bdc_radio')}
      </label>
      <label for={`${p}morale`}>{tr('bdc_morale')}</label>
      <SettingNumber
        id={`${p}morale`}
        spec={{ label: tr('bdc_morale'), min: 5, max: 9 }}
        value={troop.morale}
        apply={(morale) => edit({ morale })}
      />
      <label for={`${p}pa`}>{tr('bdc_pa')}</label>
      <SettingNumber
        id={`${p}pa`}
        spec={{ label: tr('bdc_pa'), min: 2, max: 5 }}
        value={troop.pa}
        apply={(pa) => edit({ pa })}
      />
      <label for={`${p}apt`}>{tr('bdc_aptitude')}</label>
      <SettingText
        id={`${p}apt`}
        spec={{ label: tr('bdc_aptitude'), max: LIMITS.nameLength, optional: true }}
        value={troop.aptitude.kind}
        placeholder={tr('bdc_aptitude_kind')}
        apply={(kind) => edit({ aptitude: { ...troop.aptitude, kind } })}
      />
      <label for={`${p}apt-mod`}>{tr('bdc_modifier')}</label>
      <SettingNumber
        id={`${p}apt-mod`}
        spec={{ label: tr('bdc_modifier'), min: -LIMITS.maxModifier, max: LIMITS.maxModifier }}
        value={troop.aptitude.modifier}
        apply={(modifier) => edit({ aptitude: { ...troop.aptitude, modifier } })}
      />
    </div>
  );
}

/**
 * Draw a card (units: card 1 or 2 of the experience table; leaders: their own), then spend PA per
 * counter. A card already drawn this turn is greyed; clicked anyway, the refusal says why.
 */
function Activation({ troop, state, dispatch }: { troop: Troop; state: BdcState; dispatch: Dispatch }) {
  const tr = useTr();
  const trn = useTrn();
  const id = troop.id;
  const row = troop.kind === 'unit' ? state.config.experience[troop.experience - 1] : undefined;
  const drawn = (card: number) => (troop.drawn.includes(card) ? ` · ${tr('bdc_card_drawn')}` : '');
  const greyed = (card: number) => (troop.drawn.includes(card) ? 'greyed' : '');
  return (
    <div class="row">
      {row ? (
        [1, 2].map((card) => (
          <button
            type="button"
            key={card}
            class={greyed(card)}
            data-testid={`activate-${id}-${card}`}
            onClick={() => void dispatch({ type: 'activated', id, card })}
          >
            {tr('bdc_card', card, row.pa[card - 1]!)}
            {drawn(card)}
          </button>
        ))
      ) : (
        <button
          type="button"
          class={greyed(1)}
          data-testid={`activate-${id}`}
          onClick={() => void dispatch({ type: 'activated', id })}
        >
          {tr('bdc_activate', troop.kind === 'leader' ? troop.pa : 0)}
          {drawn(1)}
        </button>
      )}
      {troop.counters.map((left, team) => (
        <span key={team} class="bdc-counter">
          {troop.counters.length > 1 ? tr('bdc_team_pa', team + 1, left) : trn('bdc_pa_left', left)}
          <button
            type="button"
            class="small"
            data-testid={`spend-${id}-${team}`}
            aria-label={tr('bdc_spend_one', team + 1)}
            onClick={() => void dispatch({ type: 'paSpent', id, team, amount: 1 })}
          >
            −1
          </button>
        </span>
      ))}
    </div>
  );
}

function MoraleTests({ troop, dispatch }: { troop: Troop; dispatch: Dispatch }) {
  const tr = useTr();
  const trn = useTrn();
  const p = `${troop.id}-`;
  // One test per hit: none is nothing to roll; more than a batch holds is said, never cut to it.
  const hits = useNumberField(
    `${p}hits`,
    { label: tr('bdc_hits'), min: 1, max: LIMITS.maxHits, why: plural('bdc_hits_why', LIMITS.maxHits) },
    1,
  );
  const modifier = useNumberField(
    `${p}mod`,
    { label: tr('bdc_modifier'), min: -LIMITS.maxModifier, max: LIMITS.maxModifier },
    0,
  );
  const typed = Number(hits.raw);
  const count = Number.isInteger(typed) && typed >= 1 && typed <= LIMITS.maxHits ? typed : 1;
  return (
    <fieldset>
      <legend>{tr('bdc_morale_tests')}</legend>
      <div class="row">
        <label for={`${p}hits`}>{tr('bdc_hits')}</label>
        <FieldInput field={hits} numeric />
        <label for={`${p}mod`}>{tr('bdc_modifier')}</label>
        <FieldInput field={modifier} numeric />
      </div>
      <DiceEntry
        key={count}
        sides={10}
        count={count}
        testId={`morale-${troop.id}`}
        rollLabel={trn('bdc_roll_morale', count)}
        onDice={(naturals) => {
          const [n, m] = [hits.check(), modifier.check()];
          if (n === null || m === null) return false;
          return dispatch({ type: 'moraleTests', id: troop.id, naturals, ...(m ? { modifier: m } : {}) });
        }}
      />
    </fieldset>
  );
}

/** Rally helper: PA to spend (one step each), who pays, and what it gives, before the click. */
function Rally({ troop, state, dispatch }: { troop: Troop; state: BdcState; dispatch: Dispatch }) {
  const tr = useTr();
  const steps = stepsOf(troop.state);
  const [pa, setPa] = useDraft(`${troop.id}-rally-pa`, steps);
  const [payer, setPayer] = useDraft(`${troop.id}-rally-payer`, troop.id);
  const [team, setTeam] = useDraft(`${troop.id}-rally-team`, 0);
  const spend = Math.min(pa, steps);
  const after = rallyOutcome(troop.state, spend).state;
  // The troop itself, or a leader able to command (neither demoralised nor routed).
  const payers = state.troops.filter(
    (x) => x.id === troop.id || (x.kind === 'leader' && stepsOf(x.state) < 2 && !x.broken),
  );
  const p = `${troop.id}-rally-`;
  return (
    <fieldset>
      <legend>{tr('bdc_rally')}</legend>
      <div class="row">
        <label for={`${p}pa`}>{tr('bdc_pa')}</label>
        <select id={`${p}pa`} value={spend} onChange={(e) => setPa(num(e))}>
          {Array.from({ length: steps }, (_, i) => (
            <option key={i}>{i + 1}</option>
          ))}
        </select>
        <label for={`${p}payer`}>{tr('bdc_payer')}</label>
        <select id={`${p}payer`} value={payer} onChange={(e) => setPayer(val(e))}>
          {payers.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name} ({x.counters.join('+') || '–'})
            </option>
          ))}
        </select>
        {payer === troop.id && troop.counters.length > 1 && (
          <>
            <label for={`${p}team`}>{tr('bdc_teams')}</label>
            <select id={`${p}team`} value={team} onChange={(e) => setTeam(num(e))}>
              {troop.counters.map((left, i) => (
                <option key={i} value={i}>
                  {i + 1} ({left})
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <p class="hint" data-testid={`rally-preview-${troop.id}`}>
        {tr('bdc_rally_preview', spend, tr(`bdc_state_${after}`))}
      </p>
      <button
        type="button"
        data-testid={`rally-${troop.id}`}
        onClick={() =>
          void dispatch({
            type: 'rallied',
            id: troop.id,
            payer,
            pa: spend,
            ...(payer === troop.id && team ? { team } : {}),
          })
        }
      >
        {tr('bdc_rally')}
      </button>
    </fieldset>
  );
}
