import {
  DEFAULT_HOUSE_RULES,
  EDITIONS,
  LIMITS,
  SIDE_IDS,
  type HdEvent,
  type HdState,
  type HouseRules,
  type SideId,
} from '../../src/rules/hd-command';
import { useTr, type Dispatch as DispatchOf } from '../context';
import { FieldInput, SettingText, useNumberField, useTextField } from '../fields';
import { useRemove } from '../components/game';

type Dispatch = DispatchOf<HdEvent>;

/** Before the game: edition, house rules, and each side's company. */
export function Setup({ state, dispatch }: { state: HdState; dispatch: Dispatch }) {
  const tr = useTr();
  return (
    <section aria-labelledby="setup-heading">
      <h2 id="setup-heading">{tr('hd_setup')}</h2>
      <fieldset class="edition">
        <legend>{tr('hd_edition')}</legend>
        {EDITIONS.map((edition) => (
          <label key={edition}>
            <input
              type="radio"
              name="edition"
              value={edition}
              checked={state.config.edition === edition}
              onChange={() => void dispatch({ type: 'configure', edition })}
            />
            {tr(`hd_edition_${edition}`)}
          </label>
        ))}
        <p class="hint" data-testid="edition-explanation">
          {tr(`hd_edition_${state.config.edition}_explained`)}
        </p>
      </fieldset>
      <HouseRulesEditor rules={state.config.houseRules} dispatch={dispatch} />
      {SIDE_IDS.map((id) => (
        <RosterEditor key={id} sideId={id} state={state} dispatch={dispatch} />
      ))}
      <button type="button" class="primary wide" data-testid="start" onClick={() => void dispatch({ type: 'start' })}>
        {tr('hd_start', state.sides.A.base, state.sides.B.base)}
      </button>
    </section>
  );
}

const CHOICES: { readonly [K in keyof HouseRules]: readonly HouseRules[K][] } = {
  leavingCountsAsLoss: [true, false],
  commandementModifierTiming: ['immediate', 'next-upkeep'],
  lostBeforeCredit: ['cancel-credit', 'literal'],
  modifierEndGivesBack: ['applied', 'nominal'],
};

/** Our readings where the texts are silent: visible, changeable, and marked as house defaults. */
function HouseRulesEditor({ rules, dispatch }: { rules: HouseRules; dispatch: Dispatch }) {
  const tr = useTr();
  const keys = Object.keys(CHOICES) as (keyof HouseRules)[];
  return (
    <details class="house-rules">
      <summary>{tr('hd_house_rules')}</summary>
      <p class="hint">{tr('hd_house_rules_explained')}</p>
      {keys.map((key) => {
        const id = `house-${key}`;
        return (
          <div class="field" key={key}>
            <label for={id}>{tr(`hd_rule_${key}`)}</label>
            <select
              id={id}
              value={String(rules[key])}
              onChange={(e) => {
                const raw = (e.currentTarget as HTMLSelectElement).value;
                const value = CHOICES[key].find((choice) => String(choice) === raw);
                void dispatch({ type: 'configure', houseRules: { [key]: value } });
              }}
            >
              {CHOICES[key].map((choice) => (
                <option key={String(choice)} value={String(choice)}>
                  {tr(`hd_rule_${key}_${String(choice).replaceAll('-', '_')}`)}
                  {choice === DEFAULT_HOUSE_RULES[key] ? ` (${tr('house_default')})` : ''}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </details>
  );
}

function RosterEditor({ sideId, state, dispatch }: { sideId: SideId; state: HdState; dispatch: Dispatch }) {
  const tr = useTr();
  const side = state.sides[sideId];
  const prefix = `side-${sideId}`;
  const name = useTextField(`${prefix}-new-name`, { label: tr('fighter_name'), max: LIMITS.nameLength });
  const cmd = useNumberField(`${prefix}-new-cmd`, { label: tr('cmd'), min: 0, max: LIMITS.maxCmd }, 1);
  const setRoster = (fighters: HdState['sides'][SideId]['roster']) =>
    dispatch({ type: 'rosterSet', side: sideId, fighters });
  const remove = useRemove(dispatch);

  return (
    <fieldset class="side-setup" style={{ borderColor: side.colour }} data-testid={`setup-${sideId}`}>
      <legend>{tr('hd_side_label', sideId)}</legend>
      <div class="row">
        <label for={`${prefix}-name`}>{tr('side_name')}</label>
        <SettingText
          id={`${prefix}-name`}
          spec={{ label: tr('side_name'), max: LIMITS.nameLength }}
          value={side.name}
          apply={(name) => dispatch({ type: 'sideEdited', side: sideId, name })}
        />
        <label for={`${prefix}-colour`}>{tr('side_colour')}</label>
        <input
          id={`${prefix}-colour`}
          type="color"
          value={side.colour}
          onChange={(e) =>
            void dispatch({ type: 'sideEdited', side: sideId, colour: (e.currentTarget as HTMLInputElement).value })
          }
        />
      </div>
      <table class="roster">
        <caption>{tr('hd_roster_caption', side.name)}</caption>
        <thead>
          <tr>
            <th scope="col">{tr('fighter_name')}</th>
            <th scope="col">{tr('cmd')}</th>
            <th scope="col">
              <span class="visually-hidden">{tr('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {side.roster.map((fighter, index) => (
            <tr key={index}>
              <td>{fighter.name}</td>
              <td>{fighter.cmd}</td>
              <td>
                <button
                  type="button"
                  class="small"
                  aria-label={tr('remove_fighter', fighter.name)}
                  onClick={() =>
                    void remove(
                      { type: 'rosterSet', side: sideId, fighters: side.roster.filter((_, i) => i !== index) },
                      fighter.name,
                    )
                  }
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        class="row add-fighter"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const [n, c] = [name.check(), cmd.check()];
          if (n === null || c === null) return;
          if (await setRoster([...side.roster, { name: n, cmd: c }])) [name, cmd].forEach((f) => f.reset());
        }}
      >
        <label for={`${prefix}-new-name`} class="visually-hidden">
          {tr('fighter_name')}
        </label>
        <FieldInput field={name} placeholder={tr('fighter_name')} maxLength={LIMITS.nameLength} />
        <label for={`${prefix}-new-cmd`} class="visually-hidden">
          {tr('cmd')}
        </label>
        <FieldInput field={cmd} numeric />
        <button type="submit">{tr('add_fighter')}</button>
      </form>
      <p class="initial-command" data-testid={`initial-${sideId}`}>
        {tr('hd_initial_command', side.base)}
      </p>
    </fieldset>
  );
}
