import { useState } from 'preact/hooks';
import { BASE_SHAPES } from '../../src/geometry/bases';
import { DEFAULT_RULES, LIMITS, MORALE_LEVELS, type BdcRules, type BdcState } from '../../src/rules/bdc';
import { useTr } from '../context';
import { useDraft } from '../use-draft';
import { FieldInput, SettingNumber, useNumberField, useTextField } from '../fields';
import type { Dispatch } from './dispatch';

const val = (e: Event): string => (e.currentTarget as HTMLInputElement).value;

/** New unit or leader: the few fields needed; the rest is edited in its card. */
export function AddTroop({ dispatch, open }: { dispatch: Dispatch; open: boolean }) {
  const tr = useTr();
  const [kind, setKind] = useDraft<string>('bdc-kind', 'unit');
  const name = useTextField('bdc-name', { label: tr('bdc_name'), max: LIMITS.nameLength });
  const [level, setLevel] = useDraft<string>('bdc-new-level', 'confiant');
  const morale = useNumberField('bdc-new-morale', { label: tr('bdc_morale'), min: 5, max: 9 }, 7);
  const pa = useNumberField('bdc-new-pa', { label: tr('bdc_pa'), min: 2, max: 5 }, 3);
  const aptKind = useTextField('bdc-new-apt', { label: tr('bdc_aptitude'), max: LIMITS.nameLength, optional: true });
  const aptMod = useNumberField(
    'bdc-new-apt-mod',
    { label: tr('bdc_modifier'), min: -LIMITS.maxModifier, max: LIMITS.maxModifier },
    0,
  );
  const [shown, setShown] = useDraft('bdc-add-open', open);
  const submit = async (e: Event) => {
    e.preventDefault();
    const n = name.check();
    if (n === null) return;
    if (kind !== 'leader') {
      const lv = (MORALE_LEVELS as readonly string[]).includes(level) ? (level as 'confiant') : 'confiant';
      if (
        await dispatch({ type: 'unitAdded', unit: { name: n, level: lv, experience: 2, doctrine: 'rigid', teams: 1 } })
      )
        name.reset();
      return;
    }
    const values = [morale.check(), pa.check(), aptKind.check(), aptMod.check()] as const;
    if (values.some((v) => v === null)) return;
    const [m, p, k, a] = values as unknown as [number, number, string, number];
    if (
      await dispatch({ type: 'leaderAdded', leader: { name: n, morale: m, pa: p, aptitude: { kind: k, modifier: a } } })
    )
      [name, aptKind].forEach((f) => f.reset());
  };
  return (
    <details class="bdc-add" open={shown} onToggle={(e) => setShown((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{tr('bdc_add')}</summary>
      <form onSubmit={submit} noValidate data-testid="bdc-add">
        <div class="row">
          <label for="bdc-kind">{tr('bdc_kind')}</label>
          <select id="bdc-kind" value={kind} onChange={(e) => setKind(val(e))}>
            <option value="unit">{tr('bdc_unit')}</option>
            <option value="leader">{tr('bdc_leader')}</option>
          </select>
          <label for="bdc-name">{tr('bdc_name')}</label>
          <FieldInput field={name} maxLength={LIMITS.nameLength} />
        </div>
        {kind !== 'leader' ? (
          <div class="row">
            <label for="bdc-new-level">{tr('bdc_level')}</label>
            <select id="bdc-new-level" value={level} onChange={(e) => setLevel(val(e))}>
              {MORALE_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {tr(`bdc_level_${l}`)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div class="row">
            <label for="bdc-new-morale">{tr('bdc_morale')}</label>
            <FieldInput field={morale} numeric />
            <label for="bdc-new-pa">{tr('bdc_pa')}</label>
            <FieldInput field={pa} numeric />
            <label for="bdc-new-apt">{tr('bdc_aptitude')}</label>
            <FieldInput field={aptKind} placeholder={tr('bdc_aptitude_kind')} maxLength={LIMITS.nameLength} />
            <label for="bdc-new-apt-mod">{tr('bdc_modifier')}</label>
            <FieldInput field={aptMod} numeric />
          </div>
        )}
        <button type="submit" class="primary" data-testid="bdc-add-submit">
          {tr('add_fighter')}
        </button>
      </form>
    </details>
  );
}

const CHOICES: { readonly [K in Exclude<keyof BdcRules, 'commandCm' | 'contactCm'>]: readonly BdcRules[K][] } = {
  moraleTests: ['sequential', 'simultaneous'],
  factorDrops: [true, false],
  routedFails: ['stays-routed', 'breaks'],
  teamPa: ['full', 'split'],
  measureFrom: ['edge', 'centre'],
  bases: BASE_SHAPES,
};

/** House defaults (marked as such) and the experience table, whose default rows are unverified guesses. */
export function Settings({ state, dispatch }: { state: BdcState; dispatch: Dispatch }) {
  const tr = useTr();
  const { rules, experience } = state.config;
  const keys = Object.keys(CHOICES) as (keyof typeof CHOICES)[];
  return (
    <details class="house-rules">
      <summary>{tr('bdc_settings')}</summary>
      <p class="hint">{tr('bdc_settings_explained')}</p>
      {keys.map((key) => (
        <div class="field" key={key}>
          <label for={`bdc-rule-${key}`}>{tr(`bdc_rule_${key}`)}</label>
          <select
            id={`bdc-rule-${key}`}
            value={String(rules[key])}
            onChange={(e) => {
              const value = CHOICES[key].find((c) => String(c) === val(e));
              void dispatch({ type: 'configure', rules: { [key]: value } });
            }}
          >
            {CHOICES[key].map((c) => (
              <option key={String(c)} value={String(c)}>
                {tr(`bdc_rule_${key}_${String(c).replace('-', '_')}`)}
                {c === DEFAULT_RULES[key] ? ` (${tr('house_default')})` : ''}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div class="row">
        <label for="bdc-rule-commandCm">{tr('bdc_rule_commandCm')}</label>
        <SettingNumber
          id="bdc-rule-commandCm"
          spec={{ label: tr('bdc_rule_commandCm'), min: 1, max: LIMITS.maxCm }}
          value={rules.commandCm}
          apply={(commandCm) => dispatch({ type: 'configure', rules: { commandCm } })}
        />
      </div>
      <div class="row">
        <label for="bdc-rule-contactCm">{tr('bdc_rule_contactCm')}</label>
        <SettingNumber
          id="bdc-rule-contactCm"
          spec={{ label: tr('bdc_rule_contactCm'), min: 0, max: LIMITS.maxContactCm, decimal: true }}
          value={rules.contactCm}
          apply={(contactCm) => dispatch({ type: 'configure', rules: { contactCm } })}
        />
        {rules.contactCm === DEFAULT_RULES.contactCm && <span class="hint"> ({tr('house_default')})</span>}
      </div>
      <table class="roster" data-testid="bdc-experience">
        <caption>{tr('bdc_experience_table')}</caption>
        <thead>
          <tr>
            <th>{tr('bdc_experience')}</th>
            <th>{tr('bdc_factor')}</th>
            <th>{tr('bdc_card_n', 1)}</th>
            <th>{tr('bdc_card_n', 2)}</th>
            <th>
              <span class="visually-hidden">{tr('bdc_row_note')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {experience.map((row, i) => {
            const level = i + 1;
            const cell = (field: 0 | 1 | 2, value: number, min: number, max: number) => {
              const label = tr('bdc_experience_cell', field === 0 ? tr('bdc_factor') : tr('bdc_card_n', field), level);
              return (
                <td>
                  <SettingNumber
                    id={`xp-${level}-${field}`}
                    spec={{ label, min, max }}
                    always={!row.verified}
                    value={value}
                    aria-label={label}
                    data-testid={`xp-${level}-${field}`}
                    apply={(n) => {
                      const next = [row.factor, row.pa[0], row.pa[1]];
                      next[field] = n;
                      return dispatch({ type: 'experienceEdited', level, factor: next[0]!, pa: [next[1]!, next[2]!] });
                    }}
                  />
                </td>
              );
            };
            return (
              <tr key={level}>
                <th scope="row">{level}</th>
                {cell(0, row.factor, 1, 10)}
                {cell(1, row.pa[0], 1, 3)}
                {cell(2, row.pa[1], 1, 3)}
                <td class="hint">{row.verified ? '' : tr('bdc_unverified')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
