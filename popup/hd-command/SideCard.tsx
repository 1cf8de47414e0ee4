import { useState } from 'preact/hooks';
import { signed } from '../../src/rules/hd-command/history';
import { LIMITS, LOSS_KINDS, type HdEvent, type HdState, type LossKind, type SideId } from '../../src/rules/hd-command';
import { useTr, type Dispatch as DispatchOf } from '../context';
import { PieceLink } from '../board/PieceLink';

type Dispatch = DispatchOf<HdEvent>;

/** One company during the game: its pool, its spends, and what happens to its fighters. */
export function SideCard({ sideId, state, dispatch }: { sideId: SideId; state: HdState; dispatch: Dispatch }) {
  const tr = useTr();
  const side = state.sides[sideId];
  const [amount, setAmount] = useState('1');
  const prefix = `play-${sideId}`;
  const wanted = Number(amount);
  // Greyed out but still clickable: a click on an order that cannot be paid explains why instead of doing nothing,
  // and the hint tells screen-reader users before they click.
  const unaffordable = Number.isFinite(wanted) && wanted > side.current;
  const spend = (permanent: boolean) => void dispatch({ type: 'spend', side: sideId, amount: wanted, permanent });

  return (
    <article class="side" style={{ borderColor: side.colour }} aria-labelledby={`${prefix}-title`} data-testid={`side-${sideId}`}>
      <h3 id={`${prefix}-title`}>
        <span class="swatch" style={{ background: side.colour }} aria-hidden="true" />
        {side.name}
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
        <input
          id={`${prefix}-amount`}
          class="number"
          type="number"
          min={0}
          step={1}
          value={amount}
          onInput={(e) => setAmount((e.currentTarget as HTMLInputElement).value)}
        />
        {(['temp', 'perm'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
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
            <li key={i}>{tr('hd_pending_item', signed(p.delta), p.dueTurn, side.fighters.find((f) => f.id === p.fighterId)?.name ?? '')}</li>
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
  const [fighterId, setFighterId] = useState('');
  const [how, setHow] = useState<LossKind>('killed');
  const prefix = `loss-${sideId}`;
  const chosen = onTable.some((f) => f.id === fighterId) ? fighterId : (onTable[0]?.id ?? '');
  return (
    <form
      class="subform"
      onSubmit={(e) => {
        e.preventDefault();
        void dispatch({ type: 'fighterLost', side: sideId, fighterId: chosen, how });
      }}
    >
      <h4>{tr('hd_fighter_lost')}</h4>
      <label for={`${prefix}-fighter`}>{tr('fighter')}</label>
      <select id={`${prefix}-fighter`} value={chosen} onChange={(e) => setFighterId((e.currentTarget as HTMLSelectElement).value)}>
        {onTable.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name} ({tr('cmd')} {f.cmd})
          </option>
        ))}
      </select>
      <label for={`${prefix}-how`}>{tr('hd_loss_how')}</label>
      <select id={`${prefix}-how`} value={how} onChange={(e) => setHow((e.currentTarget as HTMLSelectElement).value as LossKind)}>
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
  const [name, setName] = useState('');
  const [cmd, setCmd] = useState('1');
  const prefix = `entry-${sideId}`;
  return (
    <form
      class="subform"
      onSubmit={async (e) => {
        e.preventDefault();
        if (await dispatch({ type: 'fighterEnters', side: sideId, name, cmd: Number(cmd) })) setName('');
      }}
    >
      <h4>{tr('hd_fighter_enters')}</h4>
      <label for={`${prefix}-name`}>{tr('fighter_name')}</label>
      <input id={`${prefix}-name`} value={name} required maxLength={LIMITS.nameLength} onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
      <label for={`${prefix}-cmd`}>{tr('cmd')}</label>
      <input
        id={`${prefix}-cmd`}
        class="number"
        type="number"
        min={0}
        max={LIMITS.maxCmd}
        value={cmd}
        onInput={(e) => setCmd((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit">{tr('hd_enter')}</button>
    </form>
  );
}

function ModifierForm({ sideId, state, dispatch }: { sideId: SideId; state: HdState; dispatch: Dispatch }) {
  const tr = useTr();
  const side = state.sides[sideId];
  const onTable = side.fighters.filter((f) => f.status === 'on-table');
  const [fighterId, setFighterId] = useState('');
  const [delta, setDelta] = useState('1');
  const [label, setLabel] = useState('');
  const prefix = `mod-${sideId}`;
  const chosen = onTable.some((f) => f.id === fighterId) ? fighterId : (onTable[0]?.id ?? '');
  const nameOf = (id: string) => side.fighters.find((f) => f.id === id)?.name ?? id;
  return (
    <>
      <form
        class="subform"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await dispatch({ type: 'modifierApplied', side: sideId, fighterId: chosen, delta: Number(delta), label })) setLabel('');
        }}
      >
        <h4>{tr('hd_modifier')}</h4>
        <label for={`${prefix}-fighter`}>{tr('fighter')}</label>
        <select id={`${prefix}-fighter`} value={chosen} onChange={(e) => setFighterId((e.currentTarget as HTMLSelectElement).value)}>
          {onTable.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <label for={`${prefix}-delta`}>{tr('hd_modifier_delta')}</label>
        <input id={`${prefix}-delta`} class="number" type="number" step={1} value={delta} onInput={(e) => setDelta((e.currentTarget as HTMLInputElement).value)} />
        <label for={`${prefix}-label`}>{tr('hd_modifier_label')}</label>
        <input id={`${prefix}-label`} value={label} maxLength={LIMITS.labelLength} onInput={(e) => setLabel((e.currentTarget as HTMLInputElement).value)} />
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
              <button type="button" class="small" onClick={() => void dispatch({ type: 'modifierEnded', side: sideId, modifierId: m.id })}>
                {tr('hd_end_modifier')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
