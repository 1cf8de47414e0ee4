import {
  BOUNDS,
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
import { useDraft } from '../use-draft';
import { FieldInput, useNumberField, useTextField, type Field } from '../fields';
import type { Dispatch } from './dispatch';

const input = (e: Event) => (e.currentTarget as HTMLInputElement).value;

/** A field left blank is "not given"; anything typed must be a value the field takes. */
const optional = (field: Field<number>): number | undefined | null =>
  field.current().trim() === '' ? undefined : field.check();

/** A new fighter: its name and the card values it has (blank = not on the card). */
export function AddFighter({ dispatch, open }: { dispatch: Dispatch; open: boolean }) {
  const tr = useTr();
  const name = useTextField('hdm-new-name', { label: tr('fighter_name'), max: HDM_LIMITS.nameLength });
  // One field per characteristic, in the card's fixed order.
  const card = CHARACTERISTICS.map(
    (c) => [c, useNumberField(`hdm-new-${c}`, { label: c, min: 0, max: HDM_LIMITS.maxValue }, '')] as const,
  );
  // Open at first when there is nobody yet; afterwards it stays as the player leaves it.
  const [shown, setShown] = useDraft('hdm-add-fighter-open', open);
  return (
    <details class="hdm-add" open={shown} onToggle={(e) => setShown((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{tr('hdm_new_fighter')}</summary>
      <form
        class="subform"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const n = name.check();
          const values = card.map(([c, field]) => [c, optional(field)] as const);
          if (n === null || values.some(([, v]) => v === null)) return;
          const given = Object.fromEntries(values.filter(([, v]) => v !== undefined));
          if (await dispatch({ type: 'fighterAdded', name: n, card: given }))
            [name, ...card.map(([, f]) => f)].forEach((f) => f.reset());
        }}
      >
        <label for="hdm-new-name">{tr('fighter_name')}</label>
        <FieldInput field={name} maxLength={HDM_LIMITS.nameLength} />
        <div class="hdm-card">
          {card.map(([c, field]) => (
            <label key={c}>
              {c}
              <FieldInput field={field} numeric />
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
export function AddEffect({
  state,
  dispatch,
  recent,
  usual,
}: {
  state: HdmState;
  dispatch: Dispatch;
  recent: readonly Recent[];
  usual: EffectKind;
}) {
  const tr = useTr();
  const [fighterId, setFighterId] = useDraft('hdm-fx-fighter', '');
  const [characteristic, setCharacteristic] = useDraft<string>('hdm-fx-char', 'DEF');
  // Until the player picks one, the kind follows what this game enters most.
  const [picked, setKind] = useDraft<string>('hdm-fx-kind', '');
  const kind = (EFFECT_KINDS as readonly string[]).includes(picked) ? (picked as EffectKind) : usual;
  const fighter = state.fighters.find((f) => f.id === fighterId) ?? state.fighters[0];
  const onCard = CHARACTERISTICS.filter((c) => fighter?.card[c] !== undefined);
  const chosen = onCard.includes(characteristic as Characteristic) ? (characteristic as Characteristic) : onCard[0]!;
  const direct = chosen ? BOUNDS[chosen] : { min: 0 };
  const amount = useNumberField(
    'hdm-fx-amount',
    kind === 'direct'
      ? { label: tr('hdm_value'), min: direct.min, max: HDM_LIMITS.maxValue }
      : { label: tr('hdm_amount'), min: -HDM_LIMITS.maxAmount, max: HDM_LIMITS.maxAmount, nonZero: true },
    1,
  );
  const ceiling = useNumberField(
    'hdm-fx-ceiling',
    { label: tr('hdm_ceiling_field'), min: 0, max: HDM_LIMITS.maxValue },
    '',
  );
  const tag = useTextField('hdm-fx-tag', { label: tr('hdm_tag'), max: HDM_LIMITS.tagLength, optional: true });
  const [imposedBy, setImposedBy] = useDraft('hdm-fx-by', '');
  const [scope, setScope] = useDraft<string>('hdm-fx-scope', 'pass');
  const source = useTextField('hdm-fx-source', {
    label: tr('hdm_source'),
    max: HDM_LIMITS.sourceLength,
    optional: true,
  });
  const [open, setOpen] = useDraft('hdm-fx-open', false);
  if (!fighter) return null;
  const author = state.fighters.some((f) => f.id === imposedBy) ? imposedBy : '';

  const submit = (e: Event) => {
    e.preventDefault();
    const n = amount.check();
    const ceil = kind === 'increase' ? optional(ceiling) : undefined;
    const [label, nonCumulative] = [source.check(), kind === 'bonus' ? tag.check() : ''];
    if (n === null || ceil === null || label === null || nonCumulative === null) return;
    const target = { type: 'effectAdded' as const, fighter: fighter.id, characteristic: chosen, source: label };
    const tagged = nonCumulative;
    void dispatch(
      kind === 'direct'
        ? {
            ...target,
            kind,
            value: n,
            scope: (SCOPES as readonly string[]).includes(scope) ? (scope as Scope) : 'pass',
            ...(author ? { imposedBy: author } : {}),
          }
        : kind === 'increase'
          ? { ...target, kind, amount: n, ...(ceil === undefined ? {} : { ceiling: ceil }) }
          : { ...target, kind, amount: n, ...(tagged ? { nonCumulative: tagged } : {}) },
    );
  };

  return (
    <details
      class="hdm-add"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
      data-testid="hdm-add-effect-open"
    >
      <summary data-next>{tr('hdm_add_effect')}</summary>
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
      <form class="subform" noValidate onSubmit={submit} data-testid="hdm-effect-form">
        <label for="hdm-fx-fighter">{tr('fighter')}</label>
        <select id="hdm-fx-fighter" value={fighter.id} onChange={(e) => setFighterId(input(e))}>
          {state.fighters.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <label for="hdm-fx-char">{tr('hdm_characteristic')}</label>
        <select id="hdm-fx-char" value={chosen} onChange={(e) => setCharacteristic(input(e))}>
          {onCard.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label for="hdm-fx-kind">{tr('hdm_kind')}</label>
        <select id="hdm-fx-kind" value={kind} onChange={(e) => setKind(input(e))}>
          {EFFECT_KINDS.map((k) => (
            <option key={k} value={k}>
              {tr(`hdm_kind_${k}`)}
            </option>
          ))}
        </select>
        <label for="hdm-fx-amount">{tr(kind === 'direct' ? 'hdm_value' : 'hdm_amount')}</label>
        <FieldInput field={amount} numeric />
        {kind === 'increase' && (
          <>
            <label for="hdm-fx-ceiling">{tr('hdm_ceiling_field')}</label>
            <FieldInput field={ceiling} numeric />
          </>
        )}
        {kind === 'bonus' && (
          <>
            <label for="hdm-fx-tag">{tr('hdm_tag')}</label>
            <FieldInput field={tag} maxLength={HDM_LIMITS.tagLength} />
          </>
        )}
        {kind === 'direct' && (
          <>
            <label for="hdm-fx-by">{tr('hdm_imposed_by')}</label>
            <select id="hdm-fx-by" value={author} onChange={(e) => setImposedBy(input(e))}>
              <FighterOptions fighters={state.fighters} />
            </select>
            <label for="hdm-fx-scope">{tr('hdm_scope')}</label>
            <select id="hdm-fx-scope" value={scope} onChange={(e) => setScope(input(e))}>
              {SCOPES.map((s) => (
                <option key={s} value={s}>
                  {tr(`hdm_scope_${s}`)}
                </option>
              ))}
            </select>
          </>
        )}
        <label for="hdm-fx-source">{tr('hdm_source')}</label>
        <FieldInput field={source} maxLength={HDM_LIMITS.sourceLength} />
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
