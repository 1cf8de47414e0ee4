import { signed } from '../../src/rules/hd-command/history';
import { LIMITS, LOSS_KINDS, type HdEvent, type HdState, type LossKind, type SideId } from '../../src/rules/hd-command';
import { useTr, type Dispatch as DispatchOf } from '../context';
import { PieceLink } from '../board/PieceLink';
import { useSideName } from '../board/sides';
import { useDraft } from '../use-draft';
import { FieldInput, useNumberField, useTextField } from '../fields';
import { parseInteger } from '../format';

type Dispatch = DispatchOf<HdEvent>;

/** One company during the game: its pool, its spends, and what happens to its fighters. */
export function SideCard({ sideId, state, dispatch }: { sideId: SideId; state: HdState; dispatch: Dispatch }) {
  const tr = useTr();
  const side = state.sides[sideId];
  const named = useSideName();
  const prefix = `play-${sideId}`;
  const amount = useNumberField(`${prefix}-amount`, { label: tr('hd_amount'), min: 1, max: LIMITS.maxAmount }, 1);
  const wanted = parseInteger(amount.raw);
  // Greyed out but still clickable: a click on an order that cannot be paid explains why instead of doing nothing,
  // and the hint tells screen-reader users before they click.
  const unaffordable = Number.isFinite(wanted) && wanted > side.current;
  const spend = (permanent: boolean) => {
    const value = amount.check();
    if (value !== null)
      void dispatch({ type: 'spend', side: sideId, amount: value, permanent }).then((done) => done && amount.reset());
  };

  return (
    <article
      class="side"
      style={{ borderColor: side.colour }}
      aria-labelledby={`${prefix}-title`}
      data-testid={`side-${sideId}`}
    >
      <h3 id={`${prefix}-title`}>
        <span class="swatch" style={{ background: side.colour }} aria-hidden="true" />
        {named(sideId, side.name)}
      </h3>
      {/* Base / current, as the rulebook writes the pool, each number named under it; read out in words. */}
      <div class="pool" data-testid={`pool-${sideId}`}>
        <p class="visually-hidden" data-testid={`pool-words-${sideId}`}>
          {tr('hd_pool_label', side.current, side.base)}
        </p>
        <p class="pool-figures" aria-hidden="true">
          <span class="pool-part">
            <span class="base" data-testid={`base-${sideId}`}>
              {side.base}
            </span>
            <span class="pool-label">{tr('hd_base')}</span>
          </span>
          <span class="slash">/</span>
          <span class="pool-part">
            <span class="current" data-testid={`current-${sideId}`}>
              {side.current}
            </span>
            <span class="pool-label">{tr('hd_current')}</span>
          </span>
        </p>
      </div>
      <div class="row spend">
        <label for={`${prefix}-amount`}>{tr('hd_amount')}</label>
        <FieldInput field={amount} numeric onEnter={() => spend(false)} />
        {(['temp', 'perm'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            data-next
            class={unaffordable ? 'greyed' : ''}
            aria-describedby={unaffordable ? `${prefix}-short` : undefined}
            onClick={() => spend(kind === 'perm')}
            data-testid={`spend-${kind}-${sideId}`}
          >
            {tr(kind === 'perm' ? 'hd_spend_permanent' : 'hd_spend_temporary')}
          </button>
        ))}
      </div>
      {unaffordable && (
        <p id={`${prefix}-short`} class="hint" data-testid={`short-${sideId}`}>
          {tr('hd_not_enough', side.current)}
        </p>
      )}
      {side.pending.length > 0 && (
        <ul class="pending" aria-label={tr('hd_pending')}>
          {side.pending.map((p, i) => (
            <li key={i}>
              {tr(
                'hd_pending_item',
                signed(p.delta),
                p.dueTurn,
                side.fighters.find((f) => f.id === p.fighterId)?.name ?? '',
              )}
            </li>
          ))}
        </ul>
      )}
      <details class="fighters">
        <summary>{tr('hd_fighters_and_modifiers')}</summary>
        <FighterList sideId={sideId} state={state} />
        <LossForm sideId={sideId} state={state} dispatch={dispatch} />
        <EntryForm sideId={sideId} dispatch={dispatch} />
        <ModifierForm sideId={sideId} state={state} dispatch={dispatch} />
      </details>
    </article>
  );
}

function FighterList({ sideId, state }: { sideId: SideId; state: HdState }) {
  const tr = useTr();
  const side = state.sides[sideId];
  return (
    <ul class="fighter-list" data-testid={`fighters-${sideId}`}>
      {side.fighters.map((f) => (
        <li key={f.id} class={f.status === 'on-table' ? '' : 'lost'}>
          <span class="fighter-name">{f.name}</span> · {tr('cmd')} {f.cmd}
          {f.status !== 'on-table' && <> · {tr(`hd_status_${f.status}`)}</>} <PieceLink piece={f.id} name={f.name} />
        </li>
      ))}
    </ul>
  );
}

function LossForm({ sideId, state, dispatch }: { sideId: SideId; state: HdState; dispatch: Dispatch }) {
  const tr = useTr();
  const onTable = state.sides[sideId].fighters.filter((f) => f.status === 'on-table');
  const prefix = `loss-${sideId}`;
  const [fighterId, setFighterId] = useDraft(`${prefix}-fighter`, '');
  const [how, setHow] = useDraft<string>(`${prefix}-how`, 'killed');
  const chosen = onTable.some((f) => f.id === fighterId) ? fighterId : (onTable[0]?.id ?? '');
  return (
    <form
      class="subform"
      onSubmit={(e) => {
        e.preventDefault();
        void dispatch({ type: 'fighterLost', side: sideId, fighterId: chosen, how: how as LossKind }).then(
          (done) => done && setFighterId(''),
        );
      }}
    >
      <h4>{tr('hd_fighter_lost')}</h4>
      <label for={`${prefix}-fighter`}>{tr('fighter')}</label>
      <select
        id={`${prefix}-fighter`}
        value={chosen}
        onChange={(e) => setFighterId((e.currentTarget as HTMLSelectElement).value)}
      >
        {onTable.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name} ({tr('cmd')} {f.cmd})
          </option>
        ))}
      </select>
      <label for={`${prefix}-how`}>{tr('hd_loss_how')}</label>
      <select id={`${prefix}-how`} value={how} onChange={(e) => setHow((e.currentTarget as HTMLSelectElement).value)}>
        {LOSS_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {tr(`hd_status_${kind}`)}
          </option>
        ))}
      </select>
      <button type="submit" disabled={onTable.length === 0} data-testid={`lose-${sideId}`}>
        {tr('hd_apply_loss')}
      </button>
    </form>
  );
}

function EntryForm({ sideId, dispatch }: { sideId: SideId; dispatch: Dispatch }) {
  const tr = useTr();
  const prefix = `entry-${sideId}`;
  const name = useTextField(`${prefix}-name`, { label: tr('fighter_name'), max: LIMITS.nameLength });
  const cmd = useNumberField(`${prefix}-cmd`, { label: tr('cmd'), min: 0, max: LIMITS.maxCmd }, 1);
  return (
    <form
      class="subform"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const [n, c] = [name.check(), cmd.check()];
        if (n === null || c === null) return;
        if (await dispatch({ type: 'fighterEnters', side: sideId, name: n, cmd: c }))
          [name, cmd].forEach((f) => f.reset());
      }}
    >
      <h4>{tr('hd_fighter_enters')}</h4>
      <label for={`${prefix}-name`}>{tr('fighter_name')}</label>
      <FieldInput field={name} maxLength={LIMITS.nameLength} />
      <label for={`${prefix}-cmd`}>{tr('cmd')}</label>
      <FieldInput field={cmd} numeric />
      <button type="submit">{tr('hd_enter')}</button>
    </form>
  );
}

function ModifierForm({ sideId, state, dispatch }: { sideId: SideId; state: HdState; dispatch: Dispatch }) {
  const tr = useTr();
  const side = state.sides[sideId];
  const onTable = side.fighters.filter((f) => f.status === 'on-table');
  const prefix = `mod-${sideId}`;
  const [fighterId, setFighterId] = useDraft(`${prefix}-fighter`, '');
  const delta = useNumberField(
    `${prefix}-delta`,
    { label: tr('hd_modifier_delta'), min: -LIMITS.maxCmd, max: LIMITS.maxCmd, nonZero: true },
    1,
  );
  const label = useTextField(`${prefix}-label`, {
    label: tr('hd_modifier_label'),
    max: LIMITS.labelLength,
    optional: true,
  });
  const chosen = onTable.some((f) => f.id === fighterId) ? fighterId : (onTable[0]?.id ?? '');
  const nameOf = (id: string) => side.fighters.find((f) => f.id === id)?.name ?? id;
  return (
    <>
      <form
        class="subform"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const [d, l] = [delta.check(), label.check()];
          if (d === null || l === null) return;
          if (await dispatch({ type: 'modifierApplied', side: sideId, fighterId: chosen, delta: d, label: l }))
            label.reset();
        }}
      >
        <h4>{tr('hd_modifier')}</h4>
        <label for={`${prefix}-fighter`}>{tr('fighter')}</label>
        <select
          id={`${prefix}-fighter`}
          value={chosen}
          onChange={(e) => setFighterId((e.currentTarget as HTMLSelectElement).value)}
        >
          {onTable.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <label for={`${prefix}-delta`}>{tr('hd_modifier_delta')}</label>
        <FieldInput field={delta} numeric />
        <label for={`${prefix}-label`}>{tr('hd_modifier_label')}</label>
        <FieldInput field={label} maxLength={LIMITS.labelLength} />
        <button type="submit" disabled={onTable.length === 0}>
          {tr('hd_apply_modifier')}
        </button>
      </form>
      {side.modifiers.length > 0 && (
        <ul class="modifiers" aria-label={tr('hd_active_modifiers')}>
          {side.modifiers.map((m) => (
            <li key={m.id}>
              {nameOf(m.fighterId)} {signed(m.delta)} {m.label && `(${m.label})`}
              {!m.credited && ` · ${tr('hd_modifier_waiting')}`}
              <button
                type="button"
                class="small"
                onClick={() => void dispatch({ type: 'modifierEnded', side: sideId, modifierId: m.id })}
              >
                {tr('hd_end_modifier')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
