import { useMemo, useState } from 'preact/hooks';
import { EMPTY_BINDING, type Binding, type Piece } from '../../src/board/model';
import type { BoardFigure, BoardSummary } from '../../src/board/summary';
import { replay } from '../../src/game/log';
import { sayReason } from '../../src/i18n/reasons';
import { LOCALE_KEY, text } from '../../src/i18n/text';
import type { AnyDescriptor, Proposal, RosterDraft } from '../../src/rules/descriptor';
import type { SystemId } from '../../src/rules/ids';
import type { Request } from '../../src/messages';
import type { StoredGame, StoreRoot } from '../../src/store/root';
import { useBoard, useT, useTr, useTrn, type Send } from '../context';
import { Legend } from './Legend';
import { Roll20Part } from '../roll20/Roll20Part';
import { unitLabels } from '../../src/board/names';

type Tr = ReturnType<typeof useTr>;

interface Props {
  root: StoreRoot;
  game: StoredGame<SystemId>;
  descriptor: AnyDescriptor;
  send: Send;
}

/**
 * The live board of the active tab, for the game on screen: who is in command and why, each token's
 * link to the game (both ways), the roster taken from the board for review, and what the board
 * proposes (losses, late entries). Works the same for every rule system and every tabletop.
 */
export function BoardSection({ root, game, descriptor, send }: Props) {
  const tr = useTr();
  const trn = useTrn();
  const board = useBoard()!;
  const { summary } = board;
  const replayed = useMemo(() => replay(descriptor.rules, game.config, game.log), [descriptor, game]);
  const state: unknown = replayed.ok ? replayed.value : null;
  const binding: Binding = root.bindings[descriptor.id] ?? EMPTY_BINDING;
  const pieces = useMemo(() => (state === null ? [] : descriptor.pieces(state)), [descriptor, state]);
  const system = descriptor.id;
  const linked = summary.figures.filter((f) => binding.links[f.id] !== undefined).length;

  return (
    <section class="board-live" aria-labelledby="board-title" data-testid="board">
      <h2 id="board-title">{tr(`board_title_${summary.tabletop}`)}</h2>
      <Status summary={summary} tr={tr} />
      {summary.page && (
        <p class="hint" data-testid="board-page">
          {tr('board_page', summary.page.name, summary.page.scale, summary.page.units, tr(`board_engine_${summary.engine}`))}
        </p>
      )}
      <Measure descriptor={descriptor} tr={tr} />
      <Legend />
      {state !== null && descriptor.propose && <Proposals proposals={descriptor.propose(state, binding, summary)} system={system} send={send} tr={tr} />}
      <p class="hint" data-testid="board-linked">
        {tr('board_linked_count', linked, summary.figures.length)}
      </p>
      {state !== null && descriptor.roster && <RosterFromBoard descriptor={descriptor} state={state} binding={binding} summary={summary} send={send} tr={tr} />}
      <Figures summary={summary} pieces={pieces} binding={binding} system={system} send={send} tr={tr} />
      {summary.more > 0 && <p class="hint">{trn('board_more', summary.more)}</p>}
      {summary.dropped > 0 && (
        <p class="hint" data-testid="board-dropped">
          {tr('board_dropped', summary.dropped)}
        </p>
      )}
      {summary.tabletop === 'roll20' && <Roll20Part board={board} />}
    </section>
  );
}

function Status({ summary, tr }: { summary: BoardSummary; tr: Tr }) {
  const missing = summary.missing.join(', ');
  if (summary.state === 'waiting') return <p role="status" data-testid="board-state">{tr('board_state_waiting')}</p>;
  if (summary.state === 'unavailable') {
    // The tabletop's data was there but could not be read: said as such, not as a missing part.
    const unreadable = summary.missing.includes('too-many-tokens') ? 'board_state_too_many' : summary.missing.some((m) => m === 'page' || m === 'snapshot') ? 'board_state_unreadable' : null;
    return <p role="alert" data-testid="board-state">{unreadable ? tr(unreadable) : tr('board_state_unavailable', missing || '?')}</p>;
  }
  return (
    <>
      {summary.mode === 'data-only' && (
        <p role="status" class="board-notice" data-testid="board-data-only">
          {tr('board_data_only', missing || '?')}
        </p>
      )}
      {summary.error && (
        <p role="alert" data-testid="board-error">
          {tr(`board_error_${summary.error.replaceAll('-', '_')}`, summary.page?.units ?? '')}
        </p>
      )}
    </>
  );
}

/** How this system measures on the board (its default; the game's own settings may change it). */
function Measure({ descriptor, tr }: { descriptor: AnyDescriptor; tr: Tr }) {
  const { radius, from } = descriptor.measure;
  if (radius === null) return null;
  return (
    <p class="hint" data-testid="board-measure">
      {radius === 'each-leader' ? tr('board_measure_each_leader') : tr('board_measure_range', radius.value, radius.unit, tr(from === 'edge' ? 'board_from_edge' : 'board_from_centre'))}
    </p>
  );
}

function Proposals({ proposals, system, send, tr }: { proposals: Proposal<unknown>[]; system: SystemId; send: Send; tr: Tr }) {
  const t = useT();
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [inputs, setInputs] = useState<Record<string, number>>({});
  const shown = proposals.filter((p) => !dismissed.includes(p.key));
  if (shown.length === 0) return null;
  return (
    <div class="subform" data-testid="board-proposals">
      <h3>{tr('board_proposals_title')}</h3>
      <ul>
        {shown.map((p) => {
          const value = inputs[p.key] ?? p.input?.value;
          return (
            <li key={p.key} data-testid="board-proposal" data-key={p.key}>
              {t(p.text)}{' '}
              {p.input && (
                <label>
                  {tr(p.input.label)}{' '}
                  <input
                    type="number"
                    class="number"
                    min={p.input.min}
                    max={p.input.max}
                    value={value}
                    data-testid="board-proposal-input"
                    onInput={(e) => setInputs({ ...inputs, [p.key]: Number(e.currentTarget.value) })}
                  />
                </label>
              )}
              <button
                type="button"
                class="small"
                data-testid="board-proposal-apply"
                onClick={() => void send({ type: 'game/batch', system, events: p.events(value), ...(p.links ? { links: p.links } : {}) } as Request)}
              >
                {tr('board_apply')}
              </button>
              <button type="button" class="small" data-testid="board-proposal-dismiss" onClick={() => setDismissed([...dismissed, p.key])}>
                {tr('board_dismiss')}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** "Take the roster from the board": a draft to review, applied in one batch with its links. */
function RosterFromBoard({ descriptor, state, binding, summary, send, tr }: { descriptor: AnyDescriptor; state: unknown; binding: Binding; summary: BoardSummary; send: Send; tr: Tr }) {
  const roster = descriptor.roster!;
  const [draft, setDraft] = useState<RosterDraft | null>(null);
  if (!draft) {
    return (
      <p>
        <button type="button" data-testid="board-roster-take" onClick={() => setDraft(roster.draft(summary.figures, state, binding))}>
          {tr('board_roster_take')}
        </button>
      </p>
    );
  }
  const included = draft.entries.filter((e) => e.include).length;
  const edit = (key: string, change: Partial<RosterDraft['entries'][number]>) =>
    setDraft({ ...draft, entries: draft.entries.map((e) => (e.key === key ? { ...e, ...change } : e)) });
  const apply = async () => {
    const { events, links } = roster.events(draft, state);
    const known = new Set(Object.keys(binding.sides));
    const sides = Object.entries(draft.sides)
      .filter(([tabletop]) => !known.has(tabletop))
      .map(([tabletop, side]) => ({ tabletop, side }));
    if (events.length === 0) return setDraft(null);
    if (await send({ type: 'game/batch', system: descriptor.id, events, links, ...(sides.length ? { sides } : {}) } as Request)) setDraft(null);
  };
  return (
    <div class="subform" data-testid="board-roster">
      <h3>{tr('board_roster_review')}</h3>
      <p class="hint">{tr('board_roster_hint')}</p>
      {draft.entries.length === 0 ? (
        <p class="hint">{tr('board_roster_empty')}</p>
      ) : (
        <ul class="board-roster">
          {draft.entries.map((e) => (
            <li key={e.key} data-testid="board-roster-entry" data-kind={e.kind}>
              <label>
                <input type="checkbox" checked={e.include} aria-label={tr('board_roster_include', e.name)} onChange={(ev) => edit(e.key, { include: ev.currentTarget.checked })} />{' '}
                {tr(`board_kind_${e.kind}`)}
                {e.side !== null && ` · ${e.side}`} · {tr('board_roster_tokens', e.tokens.length)}
              </label>{' '}
              <input aria-label={tr('board_roster_name')} value={e.name} maxLength={60} data-testid="board-roster-name" onInput={(ev) => edit(e.key, { name: ev.currentTarget.value })} />
              {roster.fields
                .filter((f) => f.for.includes(e.kind))
                .map((f) => (
                  <label key={f.key}>
                    {' '}
                    {tr(f.label)}{' '}
                    {f.kind === 'number' ? (
                      <input
                        class="number"
                        type="number"
                        min={f.min}
                        max={f.max}
                        value={e.fields[f.key] ?? ''}
                        data-testid={`board-roster-field-${f.key}`}
                        onInput={(ev) => edit(e.key, { fields: { ...e.fields, [f.key]: Number(ev.currentTarget.value) } })}
                      />
                    ) : (
                      <input
                        value={e.fields[f.key] ?? ''}
                        maxLength={20}
                        data-testid={`board-roster-field-${f.key}`}
                        onInput={(ev) => edit(e.key, { fields: { ...e.fields, [f.key]: ev.currentTarget.value } })}
                      />
                    )}
                  </label>
                ))}
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        <button type="button" class="primary" data-testid="board-roster-apply" disabled={included === 0} onClick={() => void apply()}>
          {tr('board_roster_apply', included)}
        </button>
        <button type="button" onClick={() => setDraft(null)}>
          {tr('board_roster_cancel')}
        </button>
      </div>
    </div>
  );
}

/** Every token by side and unit, with its status, why, and what it stands for in the game (editable). */
function Figures({ summary, pieces, binding, system, send, tr }: { summary: BoardSummary; pieces: readonly Piece[]; binding: Binding; system: SystemId; send: Send; tr: Tr }) {
  const t = useT();
  const sides = useMemo(() => {
    const out = new Map<string | null, Map<string | null, BoardFigure[]>>();
    for (const f of summary.figures) {
      const units = out.get(f.side) ?? out.set(f.side, new Map()).get(f.side)!;
      (units.get(f.unit) ?? units.set(f.unit, []).get(f.unit)!).push(f);
    }
    return out;
  }, [summary.figures]);
  const label = new Map(summary.sides.map((s) => [s.id, s.label]));
  // A grouping by what the game or the table calls it (src/board/names.ts), never by its id.
  const unitLabel = unitLabels(summary.units ?? [], tr);
  const link = (token: string, piece: string | null) => void send({ type: 'board/link', system, links: [{ token, piece }] } as Request);
  return (
    <div class="board-figures">
      {[...sides].map(([side, units]) => (
        <div class="side board-side" key={side ?? ''} data-testid="board-side">
          <h3>{side === null ? tr('board_side_none') : (label.get(side) ?? side)}</h3>
          {[...units].map(([unit, figures]) => (
            <div key={unit ?? ''} class="board-unit">
              <h4>{unit === null ? tr('board_unit_none') : unitLabel(unit)}</h4>
              <ul>
                {figures.map((f) => (
                  <li key={f.id} data-testid="board-figure" data-token={f.id} data-status={f.status} data-reason={f.reason?.code ?? ''}>
                    <span class={`board-dot board-${f.status}`} aria-hidden="true" />
                    <span data-testid="board-name">{f.name}</span> — {tr(`board_status_${f.status}`)}
                    {f.reason && <span class="hint" data-testid="board-reason"> ({sayReason(f.reason, t, t(text(LOCALE_KEY)))})</span>}
                    {f.closeUp && <span class="hint"> · {tr('board_close_up')}</span>}{' '}
                    <select
                      class="board-link-select"
                      aria-label={tr('board_link_of', f.name)}
                      data-testid={`board-link-${f.id}`}
                      value={binding.links[f.id] ?? ''}
                      onChange={(e) => link(f.id, e.currentTarget.value || null)}
                    >
                      <option value="">{tr('board_not_linked')}</option>
                      {pieces.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                          {p.side !== null ? ` (${p.side})` : ''}
                        </option>
                      ))}
                    </select>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
