import { useState } from 'preact/hooks';
import {
  CHARACTERISTICS,
  EFFECT_KINDS,
  HDM_LIMITS,
  SCOPES,
  type Characteristic,
  type EffectKind,
  type HdmEvent,
  type HdmState,
  type Scope,
} from '../../src/rules/hd-modifiers';
import { signed } from '../../src/rules/hd-modifiers/history';
import { useTr } from '../context';
import type { Dispatch } from './Panel';

const input = (e: Event) => (e.currentTarget as HTMLInputElement).value;
/** An empty or blank field is "not given"; anything else goes to the rules as typed (they say what is wrong). */
const optionalNumber = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

/** A new fighter: its name and the card values it has (blank = not on the card). */
export function AddFighter({ dispatch, open }: { dispatch: Dispatch; open: boolean }) {
  const tr = useTr();
  const [name, setName] = useState('');
  const [card, setCard] = useState<Record<string, string>>({});
  // Open at first when there is nobody yet; afterwards it stays as the player leaves it.
  const [shown, setShown] = useState(open);
  return (
    <details class="hdm-add" open={shown} onToggle={(e) => setShown((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{tr('hdm_new_fighter')}</summary>
      <form
        class="subform"
        onSubmit={async (e) => {
          e.preventDefault();
          const values = Object.fromEntries(
            CHARACTERISTICS.flatMap((c) => {
              const n = optionalNumber(card[c] ?? '');
              return n === undefined ? [] : [[c, n]];
            }),
          );
          if (await dispatch({ type: 'fighterAdded', name, card: values })) {
            setName('');
            setCard({});
          }
        }}
      >
        <label for="hdm-new-name">{tr('fighter_name')}</label>
        <input id="hdm-new-name" value={name} required maxLength={HDM_LIMITS.nameLength} onInput={(e) => setName(input(e))} />
        <div class="hdm-card">
          {CHARACTERISTICS.map((c) => (
            <label key={c}>
              {c}
              <input
                id={`hdm-new-${c}`}
                class="number"
                type="number"
                min={0}
                max={HDM_LIMITS.maxValue}
                value={card[c] ?? ''}
                onInput={(e) => setCard({ ...card, [c]: input(e) })}
              />
            </label>
          ))}
        </div>
        <button type="submit" data-testid="hdm-add-fighter">
          {tr('add_fighter')}
        </button>
      </form>
    </details>
  );
}

type EffectEvent = Extract<HdmEvent, { type: 'effectAdded' }>;
type Recent = EffectEvent extends infer T ? (T extends unknown ? Omit<T, 'fighter'> : never) : never;

/** The last distinct effects played, newest first: one click applies one again to the chosen fighter. */
export function recentEffects(events: readonly HdmEvent[], max = 6): Recent[] {
  const seen = new Map<string, Recent>();
  for (let i = events.length - 1; i >= 0 && seen.size < max; i--) {
    const e = events[i]!;
    if (e.type !== 'effectAdded') continue;
    const { fighter: _who, ...spec } = e;
    const key = JSON.stringify(spec);
    if (!seen.has(key)) seen.set(key, spec);
  }
  return [...seen.values()];
}

/**
 * The kind the form opens on: the one this game's players enter most (ties: the latest), else an
 * increase, the most common kind in the rulebook's examples (Célérité, the states' effects).
 */
export function usualKind(events: readonly HdmEvent[]): EffectKind {
  const counts = new Map<EffectKind, number>();
  let usual: EffectKind = 'increase';
  for (const e of events) {
    if (e.type !== 'effectAdded') continue;
    const n = (counts.get(e.kind) ?? 0) + 1;
    counts.set(e.kind, n);
    if (n >= (counts.get(usual) ?? 0)) usual = e.kind;
  }
  return usual;
}

const effectLabel = (r: Recent): string =>
  `${r.characteristic} ${r.kind === 'direct' ? `= ${r.value}` : signed(r.amount)}${r.kind === 'increase' && r.ceiling !== undefined ? ` ⌈${r.ceiling}⌉` : ''} ${r.source ?? ''}`.trim();

/** An effect of one of the three kinds; the form keeps its values so that "Add" again repeats it (Célérité ×2). */
export function AddEffect({ state, dispatch, recent, usual }: { state: HdmState; dispatch: Dispatch; recent: readonly Recent[]; usual: EffectKind }) {
  const tr = useTr();
  const [fighterId, setFighterId] = useState('');
  const [characteristic, setCharacteristic] = useState<Characteristic>('DEF');
  // Until the player picks one, the kind follows what this game enters most.
  const [picked, setKind] = useState<EffectKind | null>(null);
  const kind = picked ?? usual;
  const [amount, setAmount] = useState('1');
  const [ceiling, setCeiling] = useState('');
  const [tag, setTag] = useState('');
  const [imposedBy, setImposedBy] = useState('');
  const [scope, setScope] = useState<Scope>('pass');
  const [source, setSource] = useState('');
  const fighter = state.fighters.find((f) => f.id === fighterId) ?? state.fighters[0];
  if (!fighter) return null;
  const onCard = CHARACTERISTICS.filter((c) => fighter.card[c] !== undefined);
  const chosen = onCard.includes(characteristic) ? characteristic : onCard[0]!;
  const author = state.fighters.some((f) => f.id === imposedBy) ? imposedBy : '';

  const submit = (e: Event) => {
    e.preventDefault();
    const target = { type: 'effectAdded' as const, fighter: fighter.id, characteristic: chosen, source };
    const n = Number(amount);
    const ceil = optionalNumber(ceiling);
    void dispatch(
      kind === 'direct'
        ? { ...target, kind, value: n, scope, ...(author ? { imposedBy: author } : {}) }
        : kind === 'increase'
          ? { ...target, kind, amount: n, ...(ceil === undefined ? {} : { ceiling: ceil }) }
          : { ...target, kind, amount: n, ...(tag.trim() ? { nonCumulative: tag } : {}) },
    );
  };

  return (
    <details class="hdm-add" open>
      <summary>{tr('hdm_add_effect')}</summary>
      {recent.length > 0 && (
        <div class="row" role="group" aria-label={tr('hdm_recent', fighter.name)}>
          <span aria-hidden="true">{tr('hdm_recent', fighter.name)}</span>
          {recent.map((r, i) => (
            <button
              key={i}
              type="button"
              class="small"
              data-testid={`hdm-recent-${i}`}
              disabled={fighter.card[r.characteristic] === undefined}
              onClick={() => void dispatch({ ...r, fighter: fighter.id } as EffectEvent)}
            >
              {effectLabel(r)}
            </button>
          ))}
        </div>
      )}
      <form class="subform" onSubmit={submit} data-testid="hdm-effect-form">
        <label for="hdm-fx-fighter">{tr('fighter')}</label>
        <select id="hdm-fx-fighter" value={fighter.id} onChange={(e) => setFighterId(input(e))}>
          {state.fighters.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <label for="hdm-fx-char">{tr('hdm_characteristic')}</label>
        <select id="hdm-fx-char" value={chosen} onChange={(e) => setCharacteristic(input(e) as Characteristic)}>
          {onCard.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label for="hdm-fx-kind">{tr('hdm_kind')}</label>
        <select id="hdm-fx-kind" value={kind} onChange={(e) => setKind(input(e) as EffectKind)}>
          {EFFECT_KINDS.map((k) => (
            <option key={k} value={k}>
              {tr(`hdm_kind_${k}`)}
            </option>
          ))}
        </select>
        <label for="hdm-fx-amount">{tr(kind === 'direct' ? 'hdm_value' : 'hdm_amount')}</label>
        <input id="hdm-fx-amount" class="number" type="number" step={1} value={amount} onInput={(e) => setAmount(input(e))} />
        {kind === 'increase' && (
          <>
            <label for="hdm-fx-ceiling">{tr('hdm_ceiling_field')}</label>
            <input id="hdm-fx-ceiling" class="number" type="number" min={0} value={ceiling} onInput={(e) => setCeiling(input(e))} />
          </>
        )}
        {kind === 'bonus' && (
          <>
            <label for="hdm-fx-tag">{tr('hdm_tag')}</label>
            <input id="hdm-fx-tag" value={tag} maxLength={HDM_LIMITS.tagLength} onInput={(e) => setTag(input(e))} />
          </>
        )}
        {kind === 'direct' && (
          <>
            <label for="hdm-fx-by">{tr('hdm_imposed_by')}</label>
            <select id="hdm-fx-by" value={author} onChange={(e) => setImposedBy(input(e))}>
              <FighterOptions fighters={state.fighters} />
            </select>
            <label for="hdm-fx-scope">{tr('hdm_scope')}</label>
            <select id="hdm-fx-scope" value={scope} onChange={(e) => setScope(input(e) as Scope)}>
              {SCOPES.map((s) => (
                <option key={s} value={s}>
                  {tr(`hdm_scope_${s}`)}
                </option>
              ))}
            </select>
          </>
        )}
        <label for="hdm-fx-source">{tr('hdm_source')}</label>
        <input id="hdm-fx-source" value={source} maxLength={HDM_LIMITS.sourceLength} onInput={(e) => setSource(input(e))} />
        <button type="submit" class="primary" data-testid="hdm-add-effect">
          {tr('hdm_add')}
        </button>
      </form>
    </details>
  );
}

/** "Nobody" and every fighter, for the selects that name a fighter (the active one, who imposes a direct value). */
export function FighterOptions({ fighters }: { fighters: readonly { readonly id: string; readonly name: string }[] }) {
  const tr = useTr();
  return (
    <>
      <option value="">{tr('hdm_nobody')}</option>
      {fighters.map((f) => (
        <option key={f.id} value={f.id}>
          {f.name}
        </option>
      ))}
    </>
  );
}
