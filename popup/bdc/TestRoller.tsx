import { useState } from 'preact/hooks';
import type { BdcState } from '../../src/rules/bdc';
import { DiceEntry } from '../components/DiceEntry';
import { useTr } from '../context';
import type { Dispatch } from './Panel';

/** A D10 test (natural 1 succeeds, natural 10 fails): target, free modifier, a leader's aptitude, pinned shooting +2. */
export function TestRoller({ state, dispatch }: { state: BdcState; dispatch: Dispatch }) {
  const tr = useTr();
  const [who, setWho] = useState('');
  const [target, setTarget] = useState(6);
  const [modifier, setModifier] = useState(0);
  const [aptitude, setAptitude] = useState(false);
  const [pinned, setPinned] = useState(false);
  const troop = state.troops.find((t) => t.id === who);
  const leader = troop?.kind === 'leader' ? troop : undefined;
  // A unit's tests of skill use its experience factor; morale tests its current morale factor.
  const xp = troop?.kind === 'unit' ? state.config.experience[troop.experience - 1]?.factor : undefined;
  const total = modifier + (leader && aptitude ? leader.aptitude.modifier : 0) + (pinned ? 2 : 0);
  const num = (e: Event) => Number((e.currentTarget as HTMLInputElement).value) || 0;
  return (
    <details class="bdc-tester">
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
        <input id="bdc-test-target" class="number" type="number" min={1} max={20} value={target} onInput={(e) => setTarget(num(e))} />
        <label for="bdc-test-mod">{tr('bdc_modifier')}</label>
        <input id="bdc-test-mod" class="number" type="number" min={-9} max={9} value={modifier} onInput={(e) => setModifier(num(e))} />
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
            <input type="checkbox" checked={aptitude} onChange={(e) => setAptitude((e.currentTarget as HTMLInputElement).checked)} />
            {tr('bdc_aptitude_is', leader.aptitude.kind || '–', leader.aptitude.modifier)}
          </label>
        )}
        <label>
          <input type="checkbox" checked={pinned} onChange={(e) => setPinned((e.currentTarget as HTMLInputElement).checked)} />
          {tr('bdc_pinned_shooting')}
        </label>
      </div>
      <p class="hint">{tr('bdc_test_rule', total)}</p>
      <DiceEntry
        sides={10}
        count={1}
        testId="bdc-test"
        rollLabel={tr('bdc_roll_test')}
        onDice={([natural]) => dispatch({ type: 'tested', ...(who ? { id: who } : {}), target, modifier: total, natural: natural! })}
      />
    </details>
  );
}
