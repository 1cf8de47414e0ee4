import {
  ABSENT_LEADER_SLOT,
  DEFAULT_HOUSE_RULES,
  LIMITS,
  ORDER_MIXING,
  SIDE_IDS,
  SIGNAL_DICE,
  SIGNAL_UNITS,
  TIE_RULES,
  type CrEvent,
  type CrState,
  type HouseRules,
  type SideId,
} from '../../src/rules/cr';
import { BASE_SHAPES } from '../../src/geometry/bases';
import { useTr, type Dispatch as DispatchOf } from '../context';
import { RosterSelects, SecretRoster } from './Roster';
import { PieceLink } from '../board/PieceLink';
import { useRemove } from '../components/game';
import { FieldInput, SettingText, useTextField } from '../fields';

export type Dispatch = DispatchOf<CrEvent>;

/** Before the game: house rules, each army's leaders, C-in-C, units and secret roster. */
export function Setup({ state, dispatch }: { state: CrState; dispatch: Dispatch }) {
  const tr = useTr();
  return (
    <section aria-labelledby="cr-setup-heading">
      <h2 id="cr-setup-heading">{tr('cr_setup')}</h2>
      <HouseRulesEditor rules={state.config.houseRules} dispatch={dispatch} />
      {SIDE_IDS.map((id) => (
        <ArmyEditor key={id} sideId={id} state={state} dispatch={dispatch} />
      ))}
      <button
        type="button"
        class="primary wide"
        data-testid="cr-start"
        onClick={() => void dispatch({ type: 'start' })}
      >
        {tr('cr_start')}
      </button>
    </section>
  );
}

const CHOICES: { readonly [K in keyof HouseRules]: readonly HouseRules[K][] } = {
  tie: TIE_RULES,
  signalDie: SIGNAL_DICE,
  signalUnit: SIGNAL_UNITS,
  orderMixing: ORDER_MIXING,
  unitActsOnce: [true, false],
  absentLeaderSlot: ABSENT_LEADER_SLOT,
  leaderOnce: [true, false],
  bases: BASE_SHAPES,
};

/** Where the text is silent: visible, changeable, each default marked as a house default. */
function HouseRulesEditor({ rules, dispatch }: { rules: HouseRules; dispatch: Dispatch }) {
  const tr = useTr();
  const label = (key: keyof HouseRules, choice: string | number | boolean) =>
    key === 'signalDie' ? `d${String(choice)}` : tr(`cr_rule_${key}_${String(choice).replaceAll('-', '_')}`);
  return (
    <details class="house-rules">
      <summary>{tr('cr_house_rules')}</summary>
      <p class="hint">{tr('cr_house_rules_explained')}</p>
      {(Object.keys(CHOICES) as (keyof HouseRules)[]).map((key) => (
        <div class="field" key={key}>
          <label for={`cr-rule-${key}`}>{tr(`cr_rule_${key}`)}</label>
          <select
            id={`cr-rule-${key}`}
            value={String(rules[key])}
            onChange={(e) => {
              const raw = (e.currentTarget as HTMLSelectElement).value;
              const value = (CHOICES[key] as readonly (string | number | boolean)[]).find((c) => String(c) === raw);
              void dispatch({ type: 'configure', houseRules: { [key]: value } });
            }}
          >
            {(CHOICES[key] as readonly (string | number | boolean)[]).map((choice) => (
              <option key={String(choice)} value={String(choice)}>
                {label(key, choice)}
                {choice === DEFAULT_HOUSE_RULES[key] ? ` (${tr('house_default')})` : ''}
              </option>
            ))}
          </select>
        </div>
      ))}
    </details>
  );
}

function AddForm({ id, label, onAdd }: { id: string; label: string; onAdd: (name: string) => Promise<boolean> }) {
  const tr = useTr();
  const name = useTextField(id, { label, max: LIMITS.nameLength });
  return (
    <form
      class="row"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const n = name.check();
        if (n !== null && (await onAdd(n))) name.reset();
      }}
    >
      <label for={id} class="visually-hidden">
        {label}
      </label>
      <FieldInput field={name} placeholder={label} maxLength={LIMITS.nameLength} />
      <button type="submit" data-testid={`${id}-add`}>
        {tr('add_fighter')}
      </button>
    </form>
  );
}

function ArmyEditor({ sideId, state, dispatch }: { sideId: SideId; state: CrState; dispatch: Dispatch }) {
  const tr = useTr();
  const side = state.sides[sideId];
  const prefix = `cr-${sideId}`;
  const remove = useRemove(dispatch);
  return (
    <fieldset class="side-setup" data-testid={`cr-setup-${sideId}`}>
      <legend>{tr('cr_player', sideId)}</legend>
      <div class="row">
        <label for={`${prefix}-name`}>{tr('side_name')}</label>
        <SettingText
          id={`${prefix}-name`}
          spec={{ label: tr('side_name'), max: LIMITS.nameLength }}
          value={side.name}
          apply={(name) => dispatch({ type: 'sideEdited', side: sideId, name })}
        />
      </div>
      <h3>{tr('cr_leaders')}</h3>
      <ul class="cr-list">
        {side.leaders.map((l) => (
          <li key={l.id}>
            <label>
              <input
                type="radio"
                name={`${prefix}-cinc`}
                checked={side.cInC === l.id}
                onChange={() => void dispatch({ type: 'cInCSet', side: sideId, leader: l.id })}
              />
              <span>{l.name}</span>
              {side.cInC === l.id && <span class="hint"> · {tr('cr_c_in_c')}</span>}
            </label>
            <PieceLink piece={l.id} name={l.name} />
            <button
              type="button"
              class="small"
              aria-label={tr('remove_fighter', l.name)}
              onClick={() => void remove({ type: 'leaderRemoved', side: sideId, leader: l.id }, l.name)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {side.leaders.length > 0 && <p class="hint">{tr('cr_c_in_c_pick')}</p>}
      <AddForm
        id={`${prefix}-leader`}
        label={tr('cr_leader_name')}
        onAdd={(name) => dispatch({ type: 'leaderAdded', side: sideId, name })}
      />
      <h3>{tr('cr_units')}</h3>
      <ul class="cr-list">
        {side.units.map((u) => (
          <li key={u.id}>
            <span>{u.name}</span>
            <PieceLink piece={u.id} name={u.name} />
            <button
              type="button"
              class="small"
              aria-label={tr('remove_fighter', u.name)}
              onClick={() => void remove({ type: 'unitRemoved', side: sideId, unit: u.id }, u.name)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <AddForm
        id={`${prefix}-unit`}
        label={tr('cr_unit_name')}
        onAdd={(name) => dispatch({ type: 'unitAdded', side: sideId, name })}
      />
      <h3>{tr('cr_roster')}</h3>
      <SecretRoster sideId={sideId} side={side}>
        <RosterSelects
          side={side}
          slots={side.slots}
          prefix={`${prefix}-slot`}
          leaderOnce={state.config.houseRules.leaderOnce}
          onChange={(slots) => void dispatch({ type: 'rosterSet', side: sideId, slots })}
        />
      </SecretRoster>
    </fieldset>
  );
}
