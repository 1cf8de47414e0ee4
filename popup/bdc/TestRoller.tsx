import { LIMITS, type BdcState } from '../../src/rules/bdc';
import { DiceEntry } from '../components/DiceEntry';
import { useTr } from '../context';
import { useDraft } from '../use-draft';
import { FieldInput, useNumberField } from '../fields';
import { formatInteger, parseInteger } from '../format';
import type { Dispatch } from './dispatch';

/** A D10 test (natural 1 succeeds, natural 10 fails): target, free modifier, a leader's aptitude, pinned shooting +2. */
export function TestRoller({ state, dispatch }: { state: BdcState; dispatch: Dispatch }) {
  const tr = useTr();
  const [who, setWho] = useDraft('bdc-test-who', '');
  const target = useNumberField('bdc-test-target', { label: tr('bdc_target'), min: 1, max: 20 }, 6);
  const modifier = useNumberField(
    'bdc-test-mod',
    { label: tr('bdc_modifier'), min: -LIMITS.maxModifier, max: LIMITS.maxModifier },
    0,
  );
  const [aptitude, setAptitude] = useDraft('bdc-test-aptitude', false);
  const [pinned, setPinned] = useDraft('bdc-test-pinned', false);
  const [open, setOpen] = useDraft('bdc-test-open', false);
  const setTarget = (n: number) => target.setRaw(formatInteger(n));
  const troop = state.troops.find((t) => t.id === who);
  const leader = troop?.kind === 'leader' ? troop : undefined;
  // A unit's tests of skill use its experience factor; morale tests its current morale factor.
  const xp = troop?.kind === 'unit' ? state.config.experience[troop.experience - 1]?.factor : undefined;
  const free = parseInteger(modifier.raw);
  const extra = (leader && aptitude ? leader.aptitude.modifier : 0) + (pinned ? 2 : 0);
  const total = (Number.isFinite(free) ? free : 0) + extra;
  return (
    <details class="bdc-tester" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{tr('bdc_test_roller')}</summary>
      <div class="row">
        <label for="bdc-test-who">{tr('bdc_who')}</label>
        <select
          id="bdc-test-who"
          value={who}
          onChange={(e) => {
            const id = (e.currentTarget as HTMLSelectElement).value;
            setWho(id);
            const t = state.troops.find((x) => x.id === id);
            if (t) setTarget(t.factor);
          }}
        >
          <option value="">–</option>
          {state.troops.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <label for="bdc-test-target">{tr('bdc_target')}</label>
        <FieldInput field={target} numeric />
        <label for="bdc-test-mod">{tr('bdc_modifier')}</label>
        <FieldInput field={modifier} numeric />
      </div>
      {troop && (
        <div class="row">
          <button type="button" class="small" onClick={() => setTarget(troop.factor)}>
            {tr('bdc_use_morale', troop.factor)}
          </button>
          {xp !== undefined && (
            <button type="button" class="small" onClick={() => setTarget(xp)}>
              {tr('bdc_use_experience', xp)}
            </button>
          )}
        </div>
      )}
      <div class="row">
        {leader && (
          <label>
            <input
              type="checkbox"
              checked={aptitude}
              onChange={(e) => setAptitude((e.currentTarget as HTMLInputElement).checked)}
            />
            {tr('bdc_aptitude_is', leader.aptitude.kind || '–', leader.aptitude.modifier)}
          </label>
        )}
        <label>
          <input
            type="checkbox"
            checked={pinned}
            onChange={(e) => setPinned((e.currentTarget as HTMLInputElement).checked)}
          />
          {tr('bdc_pinned_shooting')}
        </label>
      </div>
      <p class="hint">{tr('bdc_test_rule', total)}</p>
      <DiceEntry
        sides={10}
        count={1}
        testId="bdc-test"
        rollLabel={tr('bdc_roll_test')}
        onDice={([natural]) => {
          const [t, m] = [target.check(), modifier.check()];
          if (t === null || m === null) return false;
          return dispatch({
            type: 'tested',
            ...(troop ? { id: troop.id } : {}),
            target: t,
            modifier: m + extra,
            natural: natural!,
          });
        }}
      />
    </details>
  );
}
