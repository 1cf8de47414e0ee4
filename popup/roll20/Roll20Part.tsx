import { useMemo, useState } from 'preact/hooks';
import { DEFAULT_VISIBILITY } from '../../src/board/visibility';
import { BoardShowField, GameMasterVisibility, SaidVisibility } from '../board/Visibility';
import { RENDERER_REASONS } from '../../src/adapters/roll20/renderer';
import {
  ROLES,
  SIDE_SOURCES,
  UNIT_SOURCES,
  type Roll20Settings,
  type TokenAssignment,
} from '../../src/adapters/roll20/settings';
import type { BoardFigure, BoardSummary } from '../../src/board/summary';
import { useTr, useTrn, type BoardData } from '../context';
import type { ChatResult } from '../api';
import { unitLabels } from '../../src/board/names';

type Tr = ReturnType<typeof useTr>;

/** What only Roll20 has: posting the command summary in its chat, and how its tokens map to the table model. */
export function Roll20Part({ board }: { board: BoardData }) {
  const tr = useTr();
  const trn = useTrn();
  const { summary, settings, live } = board;
  const save = (next: Partial<Roll20Settings>) =>
    void live.send({ type: 'table/settings', settings: { ...settings, ...next } });
  const page = summary.page;
  const lattice = page?.lattice;
  // Why the board is not drawn (the renderer not there yet, its canvas or camera gone, a lost WebGL context).
  const undrawn =
    summary.state === 'live' && summary.mode === 'data-only'
      ? RENDERER_REASONS.find((r) => summary.missing.includes(r))
      : undefined;
  const [chat, setChat] = useState<ChatResult | 'idle' | null>('idle');
  const post = async () => {
    const result = await live.chat(chatSummary(summary, tr));
    setChat(result === true ? 'posted' : result === false ? null : result);
  };
  return (
    <>
      {undrawn && (
        <p role="status" class="hint" data-testid="r20-undrawn" data-reason={undrawn}>
          {tr(`r20_undrawn_${undrawn.replace('-', '_')}`)}
        </p>
      )}
      {page?.defaulted && page.defaulted.length > 0 && (
        <p class="hint" data-testid="r20-defaulted">
          {tr('r20_page_defaulted', page.defaulted.join(', '))}
        </p>
      )}
      {lattice && (
        <p class="hint" data-testid="r20-lattice" data-source={lattice.source} data-reason={lattice.reason}>
          {tr(
            'r20_lattice',
            tr(`r20_lattice_${lattice.source}`),
            lattice.col,
            lattice.row,
            lattice.reason === 'page'
              ? tr('r20_lattice_why_page', Math.round(lattice.onLattice * lattice.tokens), lattice.tokens)
              : trn(
                  `r20_lattice_why_${lattice.reason}`,
                  lattice.tokens,
                  Math.round(lattice.onLattice * lattice.tokens),
                ),
          )}
        </p>
      )}
      {summary.state === 'live' && summary.figures.length > 0 && (
        <p class="row">
          <button type="button" class="small" data-testid="r20-chat" onClick={() => void post()}>
            {tr('r20_chat')}
          </button>{' '}
          {chat !== 'idle' && (
            <span role="status" class="hint" data-testid="r20-chat-result" data-result={chat ?? 'unanswered'}>
              {tr(
                chat === 'posted'
                  ? 'r20_chat_posted'
                  : chat === 'interfering'
                    ? 'r20_chat_interfering'
                    : 'r20_chat_failed',
              )}
            </span>
          )}
        </p>
      )}
      {summary.shared && <SharedTable shared={summary.shared} live={live} tr={tr} />}
      <Settings summary={summary} settings={settings} save={save} tr={tr} />
      <Auras live={live} tr={tr} />
      <Diagnostics live={live} tr={tr} />
    </>
  );
}

/** Game master: the command ranges into Roll20's own auras, once per click (nothing is written otherwise). */
/**
 * Roll20's one game for the table: the game master's click that makes the ledger characters, then who
 * acts for which side (Roll20's own "controlled by" of each side's ledger) and for which this player.
 * Every system has at most two sides: two side ledgers, named "Side 1" and "Side 2" in the game
 * master's language (the game's system may change; the seats are by side's place).
 */
function SharedTable({
  shared,
  live,
  tr,
}: {
  shared: NonNullable<BoardSummary['shared']>;
  live: BoardData['live'];
  tr: Tr;
}) {
  const [asked, setAsked] = useState<boolean | null>(null);
  if (shared.state === 'none') {
    return (
      <section class="r20-shared" data-testid="r20-shared" data-state="none">
        <h3>{tr('r20_shared')}</h3>
        <Missing shared={shared} live={live} tr={tr} />
        <p class="hint">{tr('r20_share_hint')}</p>
        {shared.gm ? (
          <p class="row">
            <button
              type="button"
              class="small"
              data-testid="r20-share"
              disabled={!live.share}
              onClick={() => void live.share?.(sideNames(tr)).then(setAsked)}
            >
              {tr('r20_share')}
            </button>{' '}
            {asked !== null && (
              <span role="status" class="hint" data-testid="r20-share-result">
                {tr(asked ? 'r20_share_asked' : 'r20_share_failed')}
              </span>
            )}
          </p>
        ) : (
          <p class="hint">{tr('r20_share_not_gm')}</p>
        )}
      </section>
    );
  }
  const mine = shared.mine.map((i) => shared.sides[i]?.label ?? String(i + 1));
  const lost = (shared.missing ?? []).some((m) => m.mine);
  return (
    <section class="r20-shared" data-testid="r20-shared" data-state="ready">
      <h3>{tr('r20_shared')}</h3>
      <Missing shared={shared} live={live} tr={tr} />
      <ul data-testid="r20-seats">
        {shared.sides.map((s) => (
          <li key={s.label}>
            {tr(
              'r20_shared_side',
              s.label,
              s.anyone ? tr('r20_shared_anyone') : s.players.length ? s.players.join(', ') : tr('r20_shared_nobody'),
            )}
          </li>
        ))}
      </ul>
      {/* A player whose side's ledger is gone is told so (Missing), not that he watches. */}
      {(shared.gm || mine.length > 0 || !lost) && (
        <p class="hint" data-testid="r20-mine">
          {shared.gm
            ? tr('r20_shared_gm')
            : mine.length
              ? tr('r20_shared_mine', mine.join(', '))
              : tr('r20_shared_mine_none')}
        </p>
      )}
      {shared.dropped > 0 && shared.gm && (
        <p class="hint" data-testid="r20-shared-dropped">
          {tr('r20_shared_dropped', shared.dropped)}
        </p>
      )}
      {shared.writtenOver && (
        <p class="hint" role="status" data-testid="r20-written-over">
          {tr('r20_shared_written_over')}
        </p>
      )}
      {shared.unvouched && (
        <div class="owlbear-problems" role="status" data-testid="r20-unvouched">
          <p>
            {shared.gm
              ? tr(
                  'table_unvouched_gm',
                  shared.unvouched.gen,
                  shared.unvouched.events ?? '?',
                  shared.unvouched.writers,
                  shared.unvouched.key ?? '—',
                )
              : tr('table_unvouched_player', shared.unvouched.gen)}
          </p>
          {shared.unvouched.disputed && <p>{tr('table_unvouched_disputed')}</p>}
          {shared.gm && (
            <p>
              <button type="button" data-testid="r20-unvouched-take" onClick={() => void live.choose?.('take')}>
                {tr('table_unvouched_take')}
              </button>{' '}
              <button type="button" data-testid="r20-unvouched-fresh" onClick={() => void live.choose?.('fresh')}>
                {tr('table_unvouched_fresh')}
              </button>
            </p>
          )}
        </div>
      )}
      <SharedVisibility shared={shared} live={live} tr={tr} />
      {shared.gm && <TableCheck check={shared.check} live={live} tr={tr} />}
    </section>
  );
}

/** The names the popup gives the sides' ledgers (every system has at most two sides). */
const sideNames = (tr: Tr) => [tr('owlbear_side', 1), tr('owlbear_side', 2)];

/**
 * Side ledgers gone from the journal (a player's script may delete one where Roll20 lets it): the game
 * master is told, with one click to make them again seated as before (the table's "make the
 * ledgers"); a player seated there is told why he cannot act, and that the game master can fix it.
 */
function Missing({
  shared,
  live,
  tr,
}: {
  shared: NonNullable<BoardSummary['shared']>;
  live: BoardData['live'];
  tr: Tr;
}) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const missing = shared.missing ?? [];
  const names = sideNames(tr);
  const label = (side: number) => names[side] ?? tr('owlbear_side', side + 1);
  if (!shared.gm) {
    const mine = missing.filter((m) => m.mine);
    return mine.length ? (
      <p class="hint" role="status" data-testid="r20-missing-mine">
        {tr('r20_shared_missing_mine', mine.map((m) => label(m.side)).join(', '))}
      </p>
    ) : null;
  }
  if (!missing.length) return null;
  return (
    <div class="owlbear-problems" role="status" data-testid="r20-missing">
      {missing.map((m) => (
        <p key={m.side}>
          {tr('r20_shared_missing', label(m.side), m.players.length ? m.players.join(', ') : tr('r20_shared_nobody'))}
        </p>
      ))}
      {/* Before the table's game is back (every side's ledger gone), the share button below makes them. */}
      {shared.state === 'ready' && (
        <p class="row">
          <button
            type="button"
            class="small"
            data-testid="r20-missing-make"
            disabled={!live.share}
            onClick={() => void live.share?.(names).then(setAsked)}
          >
            {tr('r20_shared_missing_make')}
          </button>{' '}
          {asked !== null && (
            <span class="hint" data-testid="r20-missing-result">
              {tr(asked ? 'r20_share_asked' : 'r20_share_failed')}
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** What the board shows, and to whom, at the table's one game: the game master's to say; a player reads what he said. */
function SharedVisibility({
  shared,
  live,
  tr,
}: {
  shared: NonNullable<BoardSummary['shared']>;
  live: BoardData['live'];
  tr: Tr;
}) {
  const v = shared.visibility ?? DEFAULT_VISIBILITY;
  if (!shared.gm) return <SaidVisibility value={v} tr={tr} prefix="r20" />;
  return (
    <GameMasterVisibility value={v} onChange={(next) => void live?.visibility?.(next)} tr={tr} prefix="r20-shared" />
  );
}

/**
 * "Check this table", the game master's: what Roll20's server does at this table (does it refuse a
 * player's write on a ledger he does not control, how long a change takes to come back, does a long
 * value reach the players), said in plain words. Its answer is also in the tab's diagnostics.
 */
function TableCheck({
  check,
  live,
  tr,
}: {
  check: NonNullable<BoardSummary['shared']>['check'];
  live: BoardData['live'];
  tr: Tr;
}) {
  const lines = !check
    ? []
    : check.state === 'running'
      ? [tr('r20_check_running')]
      : check.answered === 0
        ? [tr('r20_check_nobody')]
        : [
            tr(
              check.enforced === 'yes'
                ? 'r20_check_enforced'
                : check.enforced === 'no'
                  ? 'r20_check_trusting'
                  : 'r20_check_enforced_unknown',
            ),
            tr('r20_check_round_trip', Math.round(check.roundTripMs ?? 0), check.answered),
            tr(check.longValue === 'whole' ? 'r20_check_long_whole' : 'r20_check_long_cut'),
          ];
  return (
    <div class="r20-check" data-testid="r20-check" data-state={check?.state ?? 'none'} data-enforced={check?.enforced}>
      <p class="row">
        <button
          type="button"
          class="small"
          data-testid="r20-check-run"
          disabled={!live.check || check?.state === 'running'}
          onClick={() => void live.check?.()}
        >
          {tr('r20_check')}
        </button>
      </p>
      <p class="hint">{tr('r20_check_hint')}</p>
      {lines.length > 0 && (
        <ul role="status" data-testid="r20-check-result">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Auras({ live, tr }: { live: BoardData['live']; tr: Tr }) {
  return (
    <details class="r20-auras">
      <summary>{tr('r20_auras')}</summary>
      <p class="hint">{tr('r20_auras_hint')}</p>
      <p class="row">
        <button type="button" class="small" data-testid="r20-auras-write" onClick={() => void live.auras('write')}>
          {tr('r20_auras_write')}
        </button>
        <button type="button" class="small" data-testid="r20-auras-restore" onClick={() => void live.auras('restore')}>
          {tr('r20_auras_restore')}
        </button>
      </p>
    </details>
  );
}

/**
 * "Copy diagnostics": the tab's redacted JSON to the clipboard, for a bug report. A click may write
 * the clipboard without a permission in Chromium and Firefox (docs/firefox.md); when the browser
 * refuses, the JSON is shown in a box to copy by hand.
 */
function Diagnostics({ live, tr }: { live: BoardData['live']; tr: Tr }) {
  const [state, setState] = useState<{ kind: 'idle' | 'copied' | 'failed' } | { kind: 'manual'; text: string }>({
    kind: 'idle',
  });
  const copy = async () => {
    const data = await live.diagnostics();
    if (data === null || typeof data !== 'object') return setState({ kind: 'failed' });
    const text = JSON.stringify(data, null, 2);
    try {
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual', text });
    }
  };
  return (
    <div class="r20-diagnostics">
      <p class="row">
        <button type="button" class="small" data-testid="r20-diagnostics" onClick={() => void copy()}>
          {tr('r20_diagnostics')}
        </button>{' '}
        {state.kind === 'copied' && (
          <span role="status" class="hint" data-testid="r20-diagnostics-done">
            {tr('r20_diagnostics_copied')}
          </span>
        )}
        {state.kind === 'failed' && (
          <span role="alert" class="hint" data-testid="r20-diagnostics-failed">
            {tr('r20_diagnostics_failed')}
          </span>
        )}
      </p>
      <p class="hint">{tr('r20_diagnostics_hint')}</p>
      {state.kind === 'manual' && (
        <label class="field">
          {tr('r20_diagnostics_manual')}
          <textarea
            data-testid="r20-diagnostics-text"
            readOnly
            rows={6}
            value={state.text}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      )}
    </div>
  );
}

const IN_COMMAND = new Set<BoardFigure['status']>(['commanded', 'link', 'eligible']);

/** One chat line: per tabletop unit with a leader, how many are in command and who is out. */
export function chatSummary(summary: BoardSummary, tr: Tr): string {
  const units = new Map<string, BoardFigure[]>();
  for (const f of summary.figures)
    if (f.unit !== null) (units.get(f.unit) ?? units.set(f.unit, []).get(f.unit)!).push(f);
  const parts: string[] = [];
  const name = unitLabels(summary.units ?? [], tr);
  for (const [unit, figures] of units) {
    const ranks = figures.filter((f) => f.role !== 'leader');
    const inCommand = ranks.filter((f) => IN_COMMAND.has(f.status)).length;
    const out = ranks.filter((f) => !IN_COMMAND.has(f.status)).map((f) => f.name);
    parts.push(tr('r20_chat_unit', name(unit), inCommand, ranks.length, out.length ? out.join(', ') : '—'));
  }
  return `${tr('r20_chat_title', summary.page?.name ?? '')} ${parts.join(' · ')}`;
}

function Settings({
  summary,
  settings,
  save,
  tr,
}: {
  summary: BoardSummary;
  settings: Roll20Settings;
  save: (s: Partial<Roll20Settings>) => void;
  tr: Tr;
}) {
  const assign = (id: string, a: TokenAssignment) => {
    const next = { ...settings.assignments };
    const merged: TokenAssignment = { ...next[id], ...a };
    if (merged.role === undefined && merged.unit === undefined) delete next[id];
    else next[id] = merged;
    save({ assignments: next });
  };
  const figures = useMemo(() => summary.figures, [summary.figures]);
  return (
    <details class="r20-settings">
      <summary>{tr('r20_settings')}</summary>
      <p class="hint">{tr('r20_defaults_hint')}</p>
      <label class="field">
        {tr('r20_side_from')}
        <select
          data-testid="r20-side-from"
          value={settings.sideFrom}
          onChange={(e) => save({ sideFrom: e.currentTarget.value as Roll20Settings['sideFrom'] })}
        >
          {SIDE_SOURCES.map((s) => (
            <option key={s} value={s}>
              {tr(`r20_side_from_${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        {tr('r20_unit_from')}
        <select
          data-testid="r20-unit-from"
          value={settings.unitFrom}
          onChange={(e) => save({ unitFrom: e.currentTarget.value as Roll20Settings['unitFrom'] })}
        >
          {UNIT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {tr(`r20_unit_from_${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        {tr('r20_leader_marker')}
        {/* Uncontrolled while typed in: the board re-renders this section a few times a second. */}
        <input
          key={settings.leaderMarker}
          data-testid="r20-leader-marker"
          defaultValue={settings.leaderMarker}
          maxLength={64}
          onChange={(e) => save({ leaderMarker: e.currentTarget.value.replace(/[,@]/g, '') })}
        />
      </label>
      <label class="field">
        {tr('r20_dead_marker')}
        <input
          key={settings.deadMarker}
          data-testid="r20-dead-marker"
          defaultValue={settings.deadMarker}
          maxLength={64}
          onChange={(e) => save({ deadMarker: e.currentTarget.value.replace(/[,@]/g, '') })}
        />
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="r20-overlay"
          checked={settings.overlay}
          onChange={(e) => save({ overlay: e.currentTarget.checked })}
        />{' '}
        {tr('r20_overlay')}
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="r20-labels"
          checked={settings.labels}
          onChange={(e) => save({ labels: e.currentTarget.checked })}
        />{' '}
        {tr('r20_labels')}
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="r20-legend"
          checked={settings.legend}
          onChange={(e) => save({ legend: e.currentTarget.checked })}
        />{' '}
        {tr('board_key_show')}
      </label>
      {/* This browser's own game; at the table's one game the game master says it (above). */}
      {summary.shared?.state !== 'ready' && (
        <BoardShowField value={settings.show} onChange={(show) => save({ show })} tr={tr} testId="r20-show" />
      )}
      <details>
        <summary>{tr('r20_assign')}</summary>
        <ul class="r20-assign">
          {figures.map((f) => {
            const a = settings.assignments[f.id];
            return (
              <li key={f.id} class="row">
                <span>{f.name}</span>
                <select
                  aria-label={tr('r20_role_of', f.name)}
                  data-testid={`r20-role-${f.id}`}
                  value={a?.role ?? ''}
                  onChange={(e) =>
                    assign(f.id, { role: (e.currentTarget.value || undefined) as TokenAssignment['role'] })
                  }
                >
                  <option value="">{tr('r20_role_auto')}</option>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {tr(`r20_role_${r.replace('-', '_')}`)}
                    </option>
                  ))}
                </select>
                <input
                  key={a?.unit ?? ''}
                  aria-label={tr('r20_unit_of', f.name)}
                  data-testid={`r20-unit-${f.id}`}
                  defaultValue={a?.unit ?? ''}
                  placeholder={tr('r20_role_auto')}
                  maxLength={64}
                  onChange={(e) => assign(f.id, { unit: e.currentTarget.value.trim() || undefined })}
                />
              </li>
            );
          })}
        </ul>
      </details>
    </details>
  );
}
