import { useMemo, useState } from 'preact/hooks';
import { MARK_COLOURS } from '../../src/board/look';
import { outCounts } from '../../src/board/finder';
import { EMPTY_BINDING, type Binding, type Piece } from '../../src/board/model';
import type { BoardFigure, BoardSummary } from '../../src/board/summary';
import { canRedo, replay } from '../../src/game/log';
import { sayReason } from '../../src/i18n/reasons';
import { LOCALE_KEY, text } from '../../src/i18n/text';
import type { AnyDescriptor, DraftField, Proposal, RosterDraft } from '../../src/rules/descriptor';
import type { SystemId } from '../../src/rules/ids';
import type { Request } from '../../src/messages';
import type { StoredGame, StoreRoot } from '../../src/store/root';
import { useApi, useBoard, useT, useTr, useTrn, type Send } from '../context';
import { Legend } from './Legend';
import { useDraft } from '../use-draft';
import { checkNumber, checkText, FieldError, FieldInput, useNumberField, type Problem } from '../fields';
import { Roll20Part } from '../roll20/Roll20Part';
import { boardLabelOf, sideNameOf } from './sides';
import { unitLabels } from '../../src/board/names';

type Tr = ReturnType<typeof useTr>;

interface Props {
  root: StoreRoot;
  game: StoredGame<SystemId>;
  descriptor: AnyDescriptor;
  send: Send;
}

/**
 * The live board of the active tab, for the game on screen. The game comes first: the section is one
 * line that opens ("Demo table: 9 of 9 linked · 1 out of command · 1 proposal"); above the panel stay
 * only what needs a click now: what the board proposes (losses, late entries), the token selected on
 * the board (to link it), a token left standing for a piece the game no longer has. Opened: the
 * board's key, its page and measure, the roster taken from the board for review, and in a disclosure
 * of its own every token's status, why, and link. Works the same for every rule system and tabletop.
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
  // The same count as the finder's (src/board/finder.ts): figures out of command, and leaders who cannot command.
  const { out, blocked } = outCounts(summary.figures);
  // Who the tab's finder steps through: the figures out and the leaders who cannot command.
  const live = useApi().live;
  const toFind = out + blocked;
  const [findable, setFindable] = useState(true);
  const [found, setFound] = useState('');
  const proposals = state !== null && descriptor.propose ? descriptor.propose(state, binding, summary) : [];
  const [dismissed, setDismissed] = useDraft<readonly string[]>('board.dismissed', []);
  const shown = proposals.filter((p) => !dismissed.includes(p.key));
  // The losses the board proposed and the player applied, to offer them back if the token comes back.
  const [applied, setApplied] = useDraft<string>('board.applied', '');
  const taken = useMemo(() => readApplied(applied), [applied]);
  const onApplied = (cursor: number) => {
    const entry: Applied = {
      cursor,
      tokens: summary.gone.map((g) => g.id),
      alive: pieces.filter((p) => !p.gone).map((p) => p.id),
    };
    setApplied(JSON.stringify([...taken.slice(-9), entry]));
  };
  const [open, setOpen] = useDraft<boolean>('board.open', false);
  const sideName = (side: string | null) =>
    side === null ? '' : sideNameOf(state, system, side, tr, boardLabelOf(summary, binding, side));
  const title = tr(`board_title_${summary.tabletop}`);

  return (
    <>
      <section class="board-live" aria-labelledby="board-title" data-testid="board">
        <Status summary={summary} tr={tr} />
        <details
          class="board-details"
          open={open}
          onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
          data-testid="board-details"
        >
          <summary data-testid="board-summary">
            {/* A heading (inline, in the line that opens): the board's sides and units under it are its h3 and h4. */}
            <h2 id="board-title">{title}</h2>
            {summary.state === 'live' && (
              <span class="board-counts">
                {/* After the title as the language punctuates it (French: a space before the colon). Every token linked goes without saying: the line stays one line with an army on the board. */}
                {tr(
                  'board_strip_counts',
                  [
                    (linked < summary.figures.length || out + blocked === 0) &&
                      tr('board_strip_linked', linked, summary.figures.length),
                    out > 0 && tr('board_strip_out', out),
                    blocked > 0 && trn('board_strip_blocked', blocked),
                    shown.length > 0 && trn('board_strip_proposals', shown.length),
                  ]
                    .filter(Boolean)
                    .join(' · '),
                )}
              </span>
            )}
          </summary>
          {/* The tab's finder first, under the live line's "N out": one click a figure, the board centres it and opens its words. */}
          {summary.state === 'live' &&
            (summary.tabletop === 'demo' || summary.tabletop === 'roll20') &&
            live?.find &&
            toFind > 0 &&
            findable && (
              <p class="board-find">
                <button
                  type="button"
                  class="small"
                  data-testid="board-find"
                  onClick={() =>
                    void live.find!(1).then((said) => {
                      setFindable(said !== null);
                      setFound(said ?? '');
                    })
                  }
                >
                  {tr('board_find', toFind)}
                </button>{' '}
                <span role="status" data-testid="board-find-said">
                  {found}
                </span>
              </p>
            )}
          {/* The board's key first: what each mark, ring and line on the board means. */}
          <Legend />
          {summary.mode === 'data-only' && (
            <p role="status" class="board-notice" data-testid="board-data-only">
              {tr('board_data_only', summary.missing.join(', ') || '?')}
            </p>
          )}
          {summary.page && (
            <p class="hint" data-testid="board-page">
              {tr(
                'board_page',
                summary.page.name,
                summary.page.scale,
                summary.page.units,
                tr(`board_engine_${summary.engine}`),
              )}
            </p>
          )}
          <Measure descriptor={descriptor} tr={tr} />
          <p class="hint" data-testid="board-linked">
            {tr('board_linked_count', linked, summary.figures.length)}
          </p>
          {state !== null && descriptor.roster && (
            <RosterFromBoard
              descriptor={descriptor}
              state={state}
              binding={binding}
              summary={summary}
              send={send}
              sideName={sideName}
              tr={tr}
            />
          )}
          <details class="board-links" data-testid="board-links">
            <summary>{tr('board_links_title', summary.figures.length)}</summary>
            <Figures
              summary={summary}
              pieces={pieces}
              binding={binding}
              system={system}
              send={send}
              sideName={sideName}
              tr={tr}
            />
            {summary.more > 0 && <p class="hint">{trn('board_more', summary.more)}</p>}
          </details>
          {summary.dropped > 0 && (
            <p class="hint" data-testid="board-dropped">
              {tr('board_dropped', summary.dropped)}
            </p>
          )}
          {summary.tabletop === 'roll20' && <Roll20Part board={board} />}
        </details>
      </section>
      <Orphans summary={summary} pieces={pieces} binding={binding} system={system} game={game} send={send} tr={tr} />
      <SelectedTokens
        summary={summary}
        pieces={pieces}
        binding={binding}
        system={system}
        send={send}
        sideName={sideName}
        tr={tr}
      />
      <AliveAgain
        taken={taken}
        summary={summary}
        pieces={pieces}
        binding={binding}
        system={system}
        game={game}
        send={send}
        onDone={(left) => setApplied(JSON.stringify(left))}
        tr={tr}
      />
      {shown.length > 0 && (
        <Proposals
          proposals={shown}
          system={system}
          send={send}
          cursor={game.log.cursor}
          onApplied={onApplied}
          onDismiss={(key) => setDismissed([...dismissed, key].slice(-50))}
          tr={tr}
        />
      )}
    </>
  );
}

/** A proposal the player applied: the game's place after it, the tokens gone then, the pieces still in the game before it. */
interface Applied {
  readonly cursor: number;
  readonly tokens: readonly string[];
  readonly alive: readonly string[];
}

function readApplied(kept: string): Applied[] {
  try {
    const raw: unknown = kept ? JSON.parse(kept) : [];
    return Array.isArray(raw)
      ? raw.filter(
          (a): a is Applied => typeof a?.cursor === 'number' && Array.isArray(a.tokens) && Array.isArray(a.alive),
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * A token whose loss the board proposed and the player applied, back on the board (marked alive, put
 * back): the loss is offered back, while it is still the game's last action (an undo takes it back).
 */
function AliveAgain({
  taken,
  summary,
  pieces,
  binding,
  system,
  game,
  send,
  onDone,
  tr,
}: {
  taken: readonly Applied[];
  summary: BoardSummary;
  pieces: readonly Piece[];
  binding: Binding;
  system: SystemId;
  game: StoredGame<SystemId>;
  send: Send;
  onDone: (left: Applied[]) => void;
  tr: Tr;
}) {
  const gone = new Set(summary.gone.map((g) => g.id));
  const lost = new Set(pieces.filter((p) => p.gone).map((p) => p.id));
  const entry = taken.find((a) => a.cursor === game.log.cursor);
  const back = entry
    ? summary.figures.filter(
        (f) =>
          entry.tokens.includes(f.id) &&
          !gone.has(f.id) &&
          binding.links[f.id] !== undefined &&
          lost.has(binding.links[f.id]!) &&
          entry.alive.includes(binding.links[f.id]!),
      )
    : [];
  if (!entry || back.length === 0) return null;
  const forget = () => onDone(taken.filter((a) => a !== entry));
  return (
    <p class="notice" role="status" data-testid="board-alive-again">
      {tr('board_alive_again', back.map((f) => f.name).join(', '))}{' '}
      <button
        type="button"
        class="small"
        data-testid="board-alive-again-undo"
        onClick={() => void send({ type: 'game/undo', system }).then((done) => done && forget())}
      >
        {tr('board_take_back')}
      </button>{' '}
      <button type="button" class="small" data-testid="board-alive-again-dismiss" onClick={forget}>
        {tr('board_dismiss')}
      </button>
    </p>
  );
}

/** What stops the board from being read, said where it cannot be missed (not folded away). */
function Status({ summary, tr }: { summary: BoardSummary; tr: Tr }) {
  const missing = summary.missing.join(', ');
  if (summary.state === 'waiting')
    return (
      <p role="status" data-testid="board-state">
        {tr('board_state_waiting')}
      </p>
    );
  if (summary.state === 'unavailable') {
    // The tabletop's data was there but could not be read: said as such, not as a missing part.
    const unreadable = summary.missing.includes('interfering')
      ? 'board_state_interfering'
      : summary.missing.includes('too-many-tokens')
        ? 'board_state_too_many'
        : summary.missing.some((m) => m === 'page' || m === 'snapshot')
          ? 'board_state_unreadable'
          : null;
    return (
      <p role="alert" data-testid="board-state">
        {unreadable ? tr(unreadable) : tr('board_state_unavailable', missing || '?')}
      </p>
    );
  }
  if (!summary.error) return null;
  return (
    <p role="alert" data-testid="board-error">
      {tr(`board_error_${summary.error.replaceAll('-', '_')}`, summary.page?.units ?? '')}
    </p>
  );
}

/** How this system measures on the board (its default; the game's own settings may change it). */
function Measure({ descriptor, tr }: { descriptor: AnyDescriptor; tr: Tr }) {
  const { radius, from } = descriptor.measure;
  if (radius === null) return null;
  return (
    <p class="hint" data-testid="board-measure">
      {radius === 'each-leader'
        ? tr('board_measure_each_leader')
        : tr(
            'board_measure_range',
            radius.value,
            radius.unit,
            tr(from === 'edge' ? 'board_from_edge' : 'board_from_centre'),
          )}
    </p>
  );
}

function Proposals({
  proposals,
  system,
  send,
  cursor,
  onApplied,
  onDismiss,
  tr,
}: {
  proposals: Proposal<unknown>[];
  system: SystemId;
  send: Send;
  cursor: number;
  onApplied: (cursor: number) => void;
  onDismiss: (key: string) => void;
  tr: Tr;
}) {
  return (
    <div class="subform board-proposals" data-testid="board-proposals">
      <h2>{tr('board_proposals_title')}</h2>
      <ul>
        {proposals.map((p) => (
          <ProposalRow
            key={p.key}
            proposal={p}
            system={system}
            send={send}
            onApplied={(n) => n === 1 && onApplied(cursor + 1)}
            onDismiss={() => onDismiss(p.key)}
            tr={tr}
          />
        ))}
      </ul>
    </div>
  );
}

function ProposalRow({
  proposal: p,
  system,
  send,
  onApplied,
  onDismiss,
  tr,
}: {
  proposal: Proposal<unknown>;
  system: SystemId;
  send: Send;
  onApplied: (events: number) => void;
  onDismiss: () => void;
  tr: Tr;
}) {
  const t = useT();
  const input = p.input;
  const field = useNumberField(
    `board-proposal-${p.key.replace(/[^A-Za-z0-9_-]/g, '_')}`,
    { label: input ? tr(input.label) : '', min: input?.min ?? 0, max: input?.max ?? 0 },
    input?.value ?? '',
  );
  const apply = () => {
    const value = input ? field.check() : undefined;
    if (value === null) return;
    const events = p.events(value);
    void send({ type: 'game/batch', system, events, ...(p.links ? { links: p.links } : {}) } as Request).then(
      (done) => {
        if (!done) return;
        field.reset();
        onApplied(events.length);
      },
    );
  };
  return (
    <li data-testid="board-proposal" data-key={p.key}>
      {t(p.text)}{' '}
      {input && (
        <label>
          {tr(input.label)} <FieldInput field={field} numeric data-testid="board-proposal-input" onEnter={apply} />
        </label>
      )}
      <button type="button" class="small" data-testid="board-proposal-apply" onClick={apply}>
        {tr('board_apply')}
      </button>
      <button type="button" class="small" data-testid="board-proposal-dismiss" onClick={onDismiss}>
        {tr('board_dismiss')}
      </button>
    </li>
  );
}

/**
 * Tokens linked to a piece the game no longer has (an undo took back the piece's creation, or it was
 * removed): said at once, with the way back (redo) and the way to free the token.
 */
function Orphans({
  summary,
  pieces,
  binding,
  system,
  game,
  send,
  tr,
}: {
  summary: BoardSummary;
  pieces: readonly Piece[];
  binding: Binding;
  system: SystemId;
  game: StoredGame<SystemId>;
  send: Send;
  tr: Tr;
}) {
  const known = new Set(pieces.map((p) => p.id));
  const orphans = summary.figures.filter((f) => binding.links[f.id] !== undefined && !known.has(binding.links[f.id]!));
  if (orphans.length === 0) return null;
  const names =
    orphans
      .slice(0, 5)
      .map((f) => f.name)
      .join(', ') + (orphans.length > 5 ? ', …' : '');
  return (
    <p class="notice" role="status" data-testid="board-orphans">
      {tr('board_orphans', names, orphans.length)}{' '}
      {canRedo(game.log) && (
        <button
          type="button"
          class="small"
          data-testid="board-orphans-redo"
          onClick={() => void send({ type: 'game/redo', system })}
        >
          {tr('redo')}
        </button>
      )}{' '}
      <button
        type="button"
        class="small"
        data-testid="board-orphans-unlink"
        onClick={() =>
          void send({
            type: 'board/link',
            system,
            links: orphans.map((f) => ({ token: f.id, piece: null })),
          } as Request)
        }
      >
        {tr('board_orphans_unlink')}
      </button>
    </p>
  );
}

/** The token the player selected on the board: its status and why, and what it stands for, to link it there. */
function SelectedTokens({
  summary,
  pieces,
  binding,
  system,
  send,
  sideName,
  tr,
}: {
  summary: BoardSummary;
  pieces: readonly Piece[];
  binding: Binding;
  system: SystemId;
  send: Send;
  sideName: (side: string | null) => string;
  tr: Tr;
}) {
  const t = useT();
  const selected = summary.selected
    .map((id) => summary.figures.find((f) => f.id === id))
    .filter((f): f is BoardFigure => f !== undefined);
  if (selected.length === 0 || selected.length > 3) return null;
  return (
    <ul class="board-selected" data-testid="board-selected">
      {selected.map((f) => (
        <li key={f.id} data-token={f.id}>
          {tr('board_selected_token', f.name)} — {tr(`board_status_${f.status}`)}
          {f.reason && <span class="hint"> ({sayReason(f.reason, t, t(text(LOCALE_KEY)))})</span>}{' '}
          <LinkSelect
            figure={f}
            pieces={pieces}
            binding={binding}
            system={system}
            send={send}
            sideName={sideName}
            tr={tr}
            testId={`board-selected-link-${f.id}`}
          />
        </li>
      ))}
    </ul>
  );
}

/** What one token stands for in the game: a piece, or nothing. */
function LinkSelect({
  figure: f,
  pieces,
  binding,
  system,
  send,
  sideName,
  tr,
  testId,
}: {
  figure: BoardFigure;
  pieces: readonly Piece[];
  binding: Binding;
  system: SystemId;
  send: Send;
  sideName: (side: string | null) => string;
  tr: Tr;
  testId: string;
}) {
  return (
    <select
      class="board-link-select"
      aria-label={tr('board_link_of', f.name)}
      data-testid={testId}
      value={binding.links[f.id] ?? ''}
      onChange={(e) =>
        void send({
          type: 'board/link',
          system,
          links: [{ token: f.id, piece: e.currentTarget.value || null }],
        } as Request)
      }
    >
      <option value="">{tr('board_not_linked')}</option>
      {pieces.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
          {p.side !== null ? ` (${sideName(p.side)})` : ''}
        </option>
      ))}
    </select>
  );
}

/** A roster entry under review, its fields as typed (checked when the roster is applied). */
type Entry = RosterDraft['entries'][number];

/** "Take the roster from the board": a draft to review, applied in one batch with its links. */
function RosterFromBoard({
  descriptor,
  state,
  binding,
  summary,
  send,
  sideName,
  tr,
}: {
  descriptor: AnyDescriptor;
  state: unknown;
  binding: Binding;
  summary: BoardSummary;
  send: Send;
  sideName: (side: string | null) => string;
  tr: Tr;
}) {
  const roster = descriptor.roster!;
  // Kept while the popup is closed, as any choice in progress.
  const [kept, keep] = useDraft<string>('board.roster', '');
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const draft = useMemo(() => readRosterDraft(kept), [kept]);
  const setDraft = (next: RosterDraft | null) => keep(next === null ? '' : JSON.stringify(next));
  if (!draft) {
    // Every figure already stands for a piece: nothing on the board for a roster to take.
    if (summary.figures.every((f) => binding.links[f.id] !== undefined)) return null;
    return (
      <p>
        <button
          type="button"
          data-testid="board-roster-take"
          onClick={() => setDraft(roster.draft(summary.figures, state, binding))}
        >
          {tr('board_roster_take')}
        </button>
      </p>
    );
  }
  const included = draft.entries.filter((e) => e.include).length;
  const edit = (key: string, change: Partial<Entry>) => {
    setDraft({ ...draft, entries: draft.entries.map((e) => (e.key === key ? { ...e, ...change } : e)) });
  };
  const nameOf = (e: Entry, raw = e.name) => checkText(raw, { label: tr('board_roster_name'), max: 60 });
  const fieldOf = (f: DraftField, raw: string) =>
    f.kind === 'number'
      ? checkNumber(raw, { label: tr(f.label), min: f.min ?? 0, max: f.max ?? 1000 })
      : checkText(raw, { label: tr(f.label), max: 20 });
  /** One field left: what is wrong with it said at once, under it. */
  const left = (key: string, checked: { ok: boolean; error?: Problem }) =>
    setProblems((now) => {
      const { [key]: _gone, ...rest } = now;
      return checked.ok ? rest : { ...rest, [key]: checked.error! };
    });
  /** Each included entry's fields in the player's words; the draft with numbers where numbers go, or null. */
  const checked = (): RosterDraft | null => {
    const found: Record<string, Problem> = {};
    const entries = draft.entries.map((e) => {
      if (!e.include) return e;
      const name = nameOf(e);
      if (!name.ok) found[`${e.key}:name`] = name.error;
      const fields = { ...e.fields };
      for (const f of roster.fields.filter((x) => x.for.includes(e.kind))) {
        const value = fieldOf(f, String(e.fields[f.key] ?? ''));
        if (value.ok) fields[f.key] = value.value;
        else found[`${e.key}:${f.key}`] = value.error;
      }
      return { ...e, name: name.ok ? name.value : e.name, fields };
    });
    setProblems(found);
    return Object.keys(found).length === 0 ? { ...draft, entries } : null;
  };
  const apply = async () => {
    const ready = checked();
    if (!ready) return;
    const { events, links } = roster.events(ready, state);
    const known = new Set(Object.keys(binding.sides));
    const sides = Object.entries(ready.sides)
      .filter(([tabletop]) => !known.has(tabletop))
      .map(([tabletop, side]) => ({ tabletop, side }));
    if (events.length === 0) return setDraft(null);
    if (
      await send({
        type: 'game/batch',
        system: descriptor.id,
        events,
        links,
        ...(sides.length ? { sides } : {}),
      } as Request)
    )
      setDraft(null);
  };
  return (
    <div class="subform" data-testid="board-roster">
      <h3>{tr('board_roster_review')}</h3>
      <p class="hint">{tr('board_roster_hint')}</p>
      {draft.entries.length === 0 ? (
        <p class="hint">{tr('board_roster_empty')}</p>
      ) : (
        <ul class="board-roster">
          {draft.entries.map((e, i) => (
            <li key={e.key} data-testid="board-roster-entry" data-kind={e.kind}>
              <label>
                <input
                  type="checkbox"
                  checked={e.include}
                  aria-label={tr('board_roster_include', e.name)}
                  onChange={(ev) => edit(e.key, { include: ev.currentTarget.checked })}
                />{' '}
                {tr(`board_kind_${e.kind}`)}
                {e.side !== null && ` · ${sideName(e.side)}`} · {tr('board_roster_tokens', e.tokens.length)}
              </label>{' '}
              <label>
                <span class="visually-hidden">{tr('board_roster_name')}</span>
                <input
                  value={e.name}
                  maxLength={60}
                  data-testid="board-roster-name"
                  aria-invalid={problems[`${e.key}:name`] ? 'true' : undefined}
                  aria-describedby={problems[`${e.key}:name`] ? `roster-${i}-name-error` : undefined}
                  onInput={(ev) => edit(e.key, { name: ev.currentTarget.value })}
                  onChange={(ev) => left(`${e.key}:name`, nameOf(e, ev.currentTarget.value))}
                />
              </label>
              <FieldError id={`roster-${i}-name-error`} error={problems[`${e.key}:name`] ?? null} />
              {roster.fields
                .filter((f) => f.for.includes(e.kind))
                .map((f) => (
                  <label key={f.key}>
                    {' '}
                    {tr(f.label)}{' '}
                    <input
                      class={f.kind === 'number' ? 'number' : undefined}
                      inputMode={f.kind === 'number' ? 'numeric' : undefined}
                      value={String(e.fields[f.key] ?? '')}
                      maxLength={f.kind === 'number' ? 12 : 20}
                      aria-invalid={problems[`${e.key}:${f.key}`] ? 'true' : undefined}
                      aria-describedby={problems[`${e.key}:${f.key}`] ? `roster-${i}-${f.key}-error` : undefined}
                      data-testid={`board-roster-field-${f.key}`}
                      onInput={(ev) => edit(e.key, { fields: { ...e.fields, [f.key]: ev.currentTarget.value } })}
                      onChange={(ev) => left(`${e.key}:${f.key}`, fieldOf(f, ev.currentTarget.value))}
                    />
                    <FieldError id={`roster-${i}-${f.key}-error`} error={problems[`${e.key}:${f.key}`] ?? null} />
                  </label>
                ))}
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="board-roster-apply"
          disabled={included === 0}
          onClick={() => void apply()}
        >
          {tr('board_roster_apply', included)}
        </button>
        <button type="button" onClick={() => setDraft(null)}>
          {tr('board_roster_cancel')}
        </button>
      </div>
    </div>
  );
}

/** A roster draft kept as JSON; anything else (or nothing) is no draft. */
function readRosterDraft(kept: string): RosterDraft | null {
  if (!kept) return null;
  try {
    const raw = JSON.parse(kept) as RosterDraft;
    return raw && typeof raw.sides === 'object' && Array.isArray(raw.entries) ? raw : null;
  } catch {
    return null;
  }
}

/** Every token by side and unit, with its status, why, and what it stands for in the game (editable). */
function Figures({
  summary,
  pieces,
  binding,
  system,
  send,
  sideName,
  tr,
}: {
  summary: BoardSummary;
  pieces: readonly Piece[];
  binding: Binding;
  system: SystemId;
  send: Send;
  sideName: (side: string | null) => string;
  tr: Tr;
}) {
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
                  <li
                    key={f.id}
                    data-testid="board-figure"
                    data-token={f.id}
                    data-status={f.status}
                    data-reason={f.reason?.code ?? ''}
                  >
                    <span class="board-dot" style={{ background: MARK_COLOURS[f.status] }} aria-hidden="true" />
                    <span data-testid="board-name">{f.name}</span> — {tr(`board_status_${f.status}`)}
                    {f.reason && (
                      <span class="hint" data-testid="board-reason">
                        {' '}
                        ({sayReason(f.reason, t, t(text(LOCALE_KEY)))})
                      </span>
                    )}
                    {f.closeUp && <span class="hint"> · {tr('board_close_up')}</span>}{' '}
                    <LinkSelect
                      figure={f}
                      pieces={pieces}
                      binding={binding}
                      system={system}
                      send={send}
                      sideName={sideName}
                      tr={tr}
                      testId={`board-link-${f.id}`}
                    />
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
