import {
  CHARACTERISTICS,
  DEFAULT_HDM_RULES,
  DEFAULT_STATE_PRESETS,
  HDM_LIMITS,
  STATES,
  type HdmConfig,
  type HdmHouseRules,
} from '../../src/rules/hd-modifiers';
import { useTr } from '../context';
import { SettingNumber } from '../fields';
import type { Dispatch } from './dispatch';

const CHOICES: { readonly [K in keyof HdmHouseRules]: readonly HdmHouseRules[K][] } = {
  directTie: ['most-recent', 'lowest', 'highest'],
  nonCumulativeKeeps: ['largest', 'most-recent'],
  repeatedState: ['once', 'stacks'],
  scopeNesting: ['nested', 'separate'],
};

/** The spec's defaults and the states' table: visible, changeable, and marked as house defaults. */
export function Settings({ config, dispatch }: { config: HdmConfig; dispatch: Dispatch }) {
  const tr = useTr();
  const keys = Object.keys(CHOICES) as (keyof HdmHouseRules)[];
  return (
    <details class="house-rules">
      <summary>{tr('hdm_settings')}</summary>
      <p class="hint">{tr('hdm_settings_explained')}</p>
      {keys.map((key) => (
        <div class="field" key={key}>
          <label for={`hdm-rule-${key}`}>{tr(`hdm_rule_${key}`)}</label>
          <select
            id={`hdm-rule-${key}`}
            value={config.rules[key]}
            onChange={(e) => {
              const raw = (e.currentTarget as HTMLSelectElement).value;
              const value = CHOICES[key].find((choice) => choice === raw);
              void dispatch({ type: 'configure', rules: { [key]: value } });
            }}
          >
            {CHOICES[key].map((choice) => (
              <option key={choice} value={choice}>
                {tr(`hdm_rule_${key}_${choice.replaceAll('-', '_')}`)}
                {choice === DEFAULT_HDM_RULES[key] ? ` (${tr('house_default')})` : ''}
              </option>
            ))}
          </select>
        </div>
      ))}
      <table class="hdm-presets">
        <caption>{tr('hdm_presets')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span class="visually-hidden">{tr('hdm_states')}</span>
            </th>
            {CHARACTERISTICS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {STATES.map((s) => (
            <tr key={s}>
              <th scope="row">{tr(`hdm_state_${s}`)}</th>
              {CHARACTERISTICS.map((c) => {
                const value = config.states[s][c] ?? 0;
                const fromText = DEFAULT_STATE_PRESETS[s][c] !== undefined;
                return (
                  <td key={c}>
                    {/* A text field, not type=number: its spin buttons left no room for the sign ("-:"), and it
                        shows the real minus sign (popup/format.ts). */}
                    <SettingNumber
                      id={`hdm-preset-${s}-${c}`}
                      signed
                      spec={{
                        label: tr('hdm_preset_cell', tr(`hdm_state_${s}`), c),
                        min: -HDM_LIMITS.maxAmount,
                        max: HDM_LIMITS.maxAmount,
                      }}
                      value={value}
                      class={fromText ? 'hdm-cell hdm-from-text' : 'hdm-cell'}
                      size={3}
                      data-testid={`hdm-preset-${s}-${c}`}
                      aria-label={tr('hdm_preset_cell', tr(`hdm_state_${s}`), c)}
                      title={fromText ? tr('hdm_preset_from_text') : tr('house_default')}
                      apply={(n) => dispatch({ type: 'configure', states: { [s]: { ...config.states[s], [c]: n } } })}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p class="hint">{tr('hdm_presets_explained')}</p>
      <p class="hint">{tr('hdm_bounds_explained')}</p>
    </details>
  );
}
