// The demo table page around the board: the scene picker, "Reset to the example", the way back to
// the popup, the board's settings (grid, scale, measurement), the selected figure (kill, remove) and a
// form to add one. The board itself is plain DOM (./board-view.ts), mounted here once.
import { useEffect, useRef, useState } from 'preact/hooks';
import { sceneOfBoard, sideText, type DemoBoard, type DemoBoardToken } from '../src/adapters/demo/model';
import { SCENE_IDS, sceneRef, type SceneId } from '../src/adapters/demo/scenes';
import type { SystemId } from '../src/rules/ids';
import { unitLabels } from '../src/board/names';
import { BoardShowField } from '../popup/board/Visibility';
import type { GridType, Length, Measurement, TokenRole } from '../src/table/model';
import type { Text } from '../src/i18n/text';
import { checkNumber, type Problem } from '../popup/checks';
import { historyShortcut } from '../popup/keyboard';
import type { BoardView } from './board-view';
import type { DemoState, DemoTable } from './table';

export type Tr = (key: string, ...subs: (string | number)[]) => string;

/** A checked field's message, in the page's language. */
/** A field's problem in words, each Text as the page says it (a counted one in its plural form). */
const said = (table: DemoTable, problem: Problem): string => problem.map((t: Text) => table.tr(t)).join(' ');

export const systemName = (tr: Tr, id: SystemId): string => tr(`system_${id.replaceAll('-', '_')}`);

/** A scene in the picker: the worked example by its system's name, the army after it. */
const sceneName = (tr: Tr, id: SceneId): string => {
  const { system, kind } = sceneRef(id)!;
  return kind === 'army' ? tr('demo_scene_army', systemName(tr, system)) : systemName(tr, system);
};

const GRIDS: readonly GridType[] = ['none', 'square', 'hex-pointy', 'hex-flat'];
const MEASUREMENTS: readonly Measurement[] = ['euclidean', 'chebyshev', 'alternating', 'manhattan', 'hex'];
const UNITS = ['mm', 'cm', 'm', 'in', 'ft', 'hex'] as const;
const BASE_UNITS = ['mm', 'in', 'cell'] as const;
const ROLES: readonly TokenRole[] = ['figure', 'leader', 'radio-operator'];
const key = (s: string) => s.replaceAll('-', '_');
/** The "new unit" choice of the add form (no grouping of a board has this id: ids are printable). */
const NEW_UNIT = '\u0000new';

interface Props {
  table: DemoTable;
  view: BoardView;
  tr: Tr;
  openPopup: () => void;
}

function useDemoState(table: DemoTable): DemoState {
  const [state, setState] = useState(table.current);
  useEffect(() => {
    const unsubscribe = table.subscribe(setState);
    // Effects run after the first paint: catch up with what changed meanwhile.
    setState(table.current);
    return unsubscribe;
  }, [table]);
  return state;
}

export function App({ table, view, tr, openPopup }: Props) {
  const state = useDemoState(table);
  const host = useRef<HTMLDivElement>(null);
  // What the last Ctrl+Z or Ctrl+Y did, said where the player looks and to assistive technology.
  const [undone, setUndone] = useState<string | null>(null);
  useEffect(() => {
    host.current?.append(view.root);
    table.fit();
  }, [view]);
  const history = (wanted: 'undo' | 'redo') => {
    const done = wanted === 'undo' ? table.undo() : table.redo();
    setUndone(
      tr(
        done
          ? wanted === 'undo'
            ? 'demo_undone'
            : 'demo_redone'
          : wanted === 'undo'
            ? 'demo_nothing_to_undo'
            : 'demo_nothing_to_redo',
      ),
    );
  };
  // Ctrl+Z undoes the last change on the board (a move, a figure added, removed or killed, a setting);
  // Ctrl+Y or Ctrl+Shift+Z plays it again (⌘ on a Mac). In a text field they stay the field's own.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const wanted = historyShortcut(e);
      if (!wanted || state.asking) return;
      e.preventDefault();
      history(wanted);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  // N centres the next figure out of command, Shift+N the one before (never while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'n' || e.ctrlKey || e.metaKey || e.altKey || state.asking) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      e.preventDefault();
      table.find(e.shiftKey ? -1 : 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  const { board } = state;
  const system = board?.system ?? 'hd-command';
  const scene = board ? sceneOfBoard(board) : system;
  const selected = board?.tokens.find((t) => t.id === state.selected) ?? null;

  return (
    <div class="demo">
      <header class="demo-header">
        <h1>{tr('demo_title')}</h1>
        <label class="field">
          <span>{tr('demo_scene')}</span>
          <select
            data-testid="demo-scene"
            value={scene}
            onChange={(e) => void table.open(e.currentTarget.value as SceneId)}
          >
            {SCENE_IDS.map((id) => (
              <option key={id} value={id}>
                {sceneName(tr, id)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="demo-reset" onClick={() => void table.loadExample(scene)}>
          {tr('demo_reset')}
        </button>
        <button type="button" class="primary" data-testid="demo-open-popup" onClick={openPopup}>
          {tr('demo_open_popup')}
        </button>
      </header>
      <Notices state={state} system={system} scene={scene} table={table} tr={tr} />
      <div class="demo-main">
        <section class="board-host" ref={host} aria-label={tr('demo_board')}>
          <div class="zoom-tools">
            <button
              type="button"
              aria-label={tr('demo_zoom_in')}
              title={tr('demo_zoom_in')}
              data-testid="demo-zoom-in"
              onClick={() => view.zoomBy(1.25)}
            >
              +
            </button>
            <button
              type="button"
              aria-label={tr('demo_zoom_out')}
              title={tr('demo_zoom_out')}
              data-testid="demo-zoom-out"
              onClick={() => view.zoomBy(0.8)}
            >
              −
            </button>
            <button type="button" data-testid="demo-fit" onClick={() => table.fit()}>
              {tr('demo_fit')}
            </button>
            <button
              type="button"
              data-testid="demo-legend"
              aria-pressed={state.legend}
              onClick={() => table.setLegend(!state.legend)}
            >
              {tr('demo_legend')}
            </button>
            <button
              type="button"
              data-testid="demo-finder"
              disabled={state.out === 0}
              aria-keyshortcuts="N Shift+N"
              title={tr('board_finder_keys')}
              onClick={() => table.find(1)}
            >
              {tr('board_finder', state.out)}
            </button>
            <button
              type="button"
              data-testid="demo-undo"
              disabled={!table.canUndo}
              aria-keyshortcuts="Control+Z Meta+Z"
              title={tr('demo_undo_keys')}
              onClick={() => history('undo')}
            >
              {tr('demo_undo')}
            </button>
            <button
              type="button"
              data-testid="demo-redo"
              disabled={!table.canRedo}
              aria-keyshortcuts="Control+Y Control+Shift+Z Meta+Shift+Z Meta+Y"
              title={tr('demo_undo_keys')}
              onClick={() => history('redo')}
            >
              {tr('demo_redo')}
            </button>
          </div>
          {/*
            What the finder and Undo did, on a line of their own that is always there, one line high:
            the board never moves as they speak (on a tablet, the words wrapped the buttons' row and
            the board dropped a line). The finder's figure has its words in full in the panel.
          */}
          <div class="board-said">
            <span class="demo-undone" role="status" data-testid="demo-finder-said">
              {state.found}
            </span>
            <span class="demo-undone" role="status" data-testid="demo-undone">
              {undone}
            </span>
          </div>
        </section>
        <aside class="demo-panel">
          {board && (
            <>
              <h2>{tr(board.title)}</h2>
              <SceneText board={board} scene={scene} state={state} table={table} tr={tr} />
              <p class="hint">{tr('demo_help')}</p>
              <Selected
                board={board}
                token={selected}
                said={state.said}
                table={table}
                tr={tr}
                onRemoved={(name) => setUndone(tr('demo_removed', name))}
              />
              <AddToken board={board} table={table} view={view} tr={tr} />
              <Settings board={board} labels={state.labels} table={table} tr={tr} />
            </>
          )}
        </aside>
      </div>
      {state.asking && <Confirm system={state.asking.system} answer={state.asking.answer} tr={tr} />}
    </div>
  );
}

/**
 * What the scene shows and what to try: the scene's own words while the stored game is the one its
 * example laid out; once the game moved on (a new game, an undo, a move in the popup), the game as
 * it stands, recomputed from the board (who is out of command, whose turn it is), never the
 * example's turn.
 */
function SceneText({
  board,
  scene,
  state,
  table,
  tr,
}: {
  board: DemoBoard;
  scene: SceneId;
  state: DemoState;
  table: DemoTable;
  tr: Tr;
}) {
  if (state.sceneGame !== false) {
    return (
      <p class="hint" data-testid="demo-try" data-game="scene">
        {tr(`demo_try_${key(scene)}`)}
      </p>
    );
  }
  const turn = table.turnSides();
  const sides = turn ? board.sides.filter((s) => turn.has(s.id)).map((s) => sideText(s.label, tr)) : [];
  const words = [
    tr('demo_try_moved', tr('demo_reset')),
    tr('demo_try_out', state.out),
    ...(sides.length > 0 ? [tr('demo_try_turn', sides.join(', '))] : []),
  ];
  return (
    <p class="hint" data-testid="demo-try" data-game="moved">
      {words.join(' ')}
    </p>
  );
}

function Notices({
  state,
  system,
  scene,
  table,
  tr,
}: {
  state: DemoState;
  system: SystemId;
  scene: SceneId;
  table: DemoTable;
  tr: Tr;
}) {
  const n = state.notice;
  return (
    <div class="demo-notices" role="status" data-testid="demo-notice" data-kind={n?.kind ?? ''}>
      {n?.kind === 'damaged' && <p class="notice">{tr('demo_notice_damaged')}</p>}
      {n?.kind === 'unreachable' && <p class="notice">{tr('demo_notice_unreachable')}</p>}
      {n?.kind === 'unbound' && (
        <p class="notice">
          {tr('demo_notice_unbound', systemName(tr, system))}{' '}
          <button
            type="button"
            class="small"
            data-testid="demo-load-example"
            onClick={() => void table.loadExample(scene)}
          >
            {tr('demo_load_example')}
          </button>
        </p>
      )}
    </div>
  );
}

function Confirm({ system, answer, tr }: { system: SystemId; answer: (yes: boolean) => void; tr: Tr }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} class="confirm" data-testid="demo-confirm" onCancel={(e) => (e.preventDefault(), answer(false))}>
      <p>{tr('demo_replace_confirm', systemName(tr, system))}</p>
      <div class="row">
        <button type="button" class="primary" data-testid="demo-confirm-yes" onClick={() => answer(true)}>
          {tr('demo_replace_yes')}
        </button>
        <button type="button" data-testid="demo-confirm-no" onClick={() => answer(false)}>
          {tr('demo_replace_no')}
        </button>
      </div>
    </dialog>
  );
}

const sideLabel = (board: DemoBoard, tr: Tr, id: string | null): string => {
  const side = board.sides.find((s) => s.id === id);
  return side ? sideText(side.label, tr) : tr('demo_side_none');
};

function Selected({
  board,
  token,
  said,
  table,
  tr,
  onRemoved,
}: {
  board: DemoBoard;
  token: DemoBoardToken | null;
  said: string | null;
  table: DemoTable;
  tr: Tr;
  onRemoved: (name: string) => void;
}) {
  return (
    <section class="panel-part" data-testid="demo-selected">
      <h3>{tr('demo_selected')}</h3>
      {!token ? (
        <p class="hint">{tr('demo_none_selected')}</p>
      ) : (
        <>
          <p>
            <strong data-testid="demo-selected-name">{token.name}</strong>
            {' · '}
            {sideLabel(board, tr, token.side)}
            {token.unit !== null && ` · ${tr('demo_unit')} ${unitLabels(table.unitNames(), tr)(token.unit)}`}
            {' · '}
            {tr(`demo_role_${key(token.role)}`)}
            {token.dead && ` · ${tr('demo_marker_dead')}`}
          </p>
          {/* Its status and words in full: a phone's board may have no room to open them (a tabletop's text, as text). */}
          {said && (
            <p class="demo-said" data-testid="demo-selected-said">
              {said}
            </p>
          )}
          <div class="row">
            <button type="button" data-testid="demo-kill" onClick={() => table.kill(token.id, !token.dead)}>
              {tr(token.dead ? 'demo_revive' : 'demo_kill')}
            </button>
            <button
              type="button"
              data-testid="demo-remove"
              onClick={() => {
                // Taken off at once, and said with the way back (Ctrl+Z, or the Undo button).
                table.remove(token.id);
                onRemoved(token.name);
              }}
            >
              {tr('demo_remove')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function AddToken({ board, table, view, tr }: { board: DemoBoard; table: DemoTable; view: BoardView; tr: Tr }) {
  const first = board.tokens[0];
  const [name, setName] = useState('');
  const [side, setSide] = useState<string>(board.sides[0]?.id ?? '');
  /** '' for no unit, a grouping of the board, or NEW_UNIT and the name typed for it. */
  const [unit, setUnit] = useState('');
  const [newUnit, setNewUnit] = useState('');
  const units = table.unitNames();
  const unitName = unitLabels(units, tr);
  const [role, setRole] = useState<TokenRole>('figure');
  const [radio, setRadio] = useState(false);
  const [base, setBase] = useState<Length>(first?.base ?? { value: 25, unit: 'mm' });
  const [baseTyped, setBaseTyped] = useState(String(base.value));
  // What the field holds when the form is sent, drawn or not yet.
  const baseField = useRef<HTMLInputElement>(null);
  const [baseProblem, setBaseProblem] = useState<Problem | null>(null);
  // Another scene: its own sides and bases.
  useEffect(() => {
    setSide(board.sides[0]?.id ?? '');
    const next = board.tokens[0]?.base ?? { value: 25, unit: 'mm' };
    setBase(next);
    setBaseTyped(String(next.value));
  }, [sceneOfBoard(board)]);
  const submit = (e: Event) => {
    e.preventDefault();
    // A base the board cannot draw is refused, in the field's words; nothing is added.
    const size = checkNumber(baseField.current?.value ?? baseTyped, {
      label: tr('demo_base'),
      min: 0.1,
      max: 1000,
      decimal: true,
    });
    setBaseProblem(size.ok ? null : size.error);
    if (!size.ok) return;
    const id = table.add({
      name: name.trim() || tr('demo_new_name'),
      side: side || null,
      unit: (unit === NEW_UNIT ? newUnit.trim() : unit).trim() || null,
      role,
      radio,
      base: { ...base, value: size.value },
    });
    if (id) {
      setName('');
      requestAnimationFrame(() => view.focus(id));
    }
  };
  return (
    <details class="panel-part" data-testid="demo-add">
      <summary>{tr('demo_add')}</summary>
      <form onSubmit={submit} class="add-form">
        <label class="field">
          <span>{tr('demo_name')}</span>
          <input
            data-testid="demo-add-name"
            value={name}
            maxLength={200}
            placeholder={tr('demo_new_name')}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label class="field">
          <span>{tr('demo_side')}</span>
          <select data-testid="demo-add-side" value={side} onChange={(e) => setSide(e.currentTarget.value)}>
            {board.sides.map((s) => (
              <option key={s.id} value={s.id}>
                {sideText(s.label, tr)}
              </option>
            ))}
            <option value="">{tr('demo_side_none')}</option>
          </select>
        </label>
        <label class="field">
          <span>{tr('demo_unit')}</span>
          <select data-testid="demo-add-unit" value={unit} onChange={(e) => setUnit(e.currentTarget.value)}>
            <option value="">{tr('demo_unit_none')}</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {unitName(u.id)}
              </option>
            ))}
            <option value={NEW_UNIT}>{tr('demo_unit_new')}</option>
          </select>
        </label>
        {unit === NEW_UNIT && (
          <label class="field">
            <span>{tr('demo_unit_name')}</span>
            <input
              data-testid="demo-add-unit-name"
              value={newUnit}
              maxLength={64}
              onInput={(e) => setNewUnit(e.currentTarget.value)}
            />
          </label>
        )}
        <label class="field">
          <span>{tr('demo_role')}</span>
          <select
            data-testid="demo-add-role"
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as TokenRole)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {tr(`demo_role_${key(r)}`)}
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input
            type="checkbox"
            data-testid="demo-add-radio"
            checked={radio}
            onChange={(e) => setRadio(e.currentTarget.checked)}
          />{' '}
          {tr('demo_radio')}
        </label>
        <label class="field">
          <span>{tr('demo_base')}</span>
          <span class="pair">
            <input
              type="text"
              inputMode="decimal"
              class="number"
              data-testid="demo-add-base"
              ref={baseField}
              value={baseTyped}
              aria-invalid={baseProblem ? 'true' : undefined}
              aria-describedby={baseProblem ? 'demo-add-base-error' : undefined}
              onInput={(e) => {
                setBaseTyped(e.currentTarget.value);
                setBaseProblem(null);
              }}
            />
            <select
              aria-label={tr('demo_base_unit')}
              value={base.unit}
              onChange={(e) => setBase({ ...base, unit: e.currentTarget.value })}
            >
              {[...new Set([...BASE_UNITS, base.unit])].map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </span>
        </label>
        {baseProblem && (
          <p class="field-error" role="alert" id="demo-add-base-error" data-testid="field-error">
            {said(table, baseProblem)}
          </p>
        )}
        <button type="submit" class="primary" data-testid="demo-add-submit">
          {tr('demo_add_button')}
        </button>
      </form>
    </details>
  );
}

/** The board's scale: a number of units per cell, refused (and said why) below 0.01 or above 100,000. */
const SCALE = { min: 0.01, max: 100_000, decimal: true } as const;

function Settings({ board, labels, table, tr }: { board: DemoBoard; labels: boolean; table: DemoTable; tr: Tr }) {
  const { scene } = board;
  // Whether the game says whose turn it is (the "turn" setting shows every figure otherwise, and says so).
  const turn = table.turnSides() !== null;
  const [scale, setScale] = useState(String(scene.unitsPerCell));
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => setScale(String(scene.unitsPerCell)), [scene.unitsPerCell]);
  const applyScale = (raw: string) => {
    const checked = checkNumber(raw, { label: tr('demo_scale_name'), ...SCALE });
    setProblem(checked.ok ? null : checked.error);
    if (checked.ok && checked.value !== scene.unitsPerCell) table.setScene({ unitsPerCell: checked.value });
  };
  return (
    <details class="panel-part" data-testid="demo-settings">
      <summary>{tr('demo_settings')}</summary>
      <label class="field">
        <span>{tr('demo_grid')}</span>
        <select
          data-testid="demo-grid"
          value={scene.grid}
          onChange={(e) => table.setScene({ grid: e.currentTarget.value as GridType })}
        >
          {GRIDS.map((g) => (
            <option key={g} value={g}>
              {tr(`demo_grid_${key(g)}`)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{tr('demo_scale')}</span>
        <span class="pair">
          <input
            type="text"
            inputMode="decimal"
            class="number"
            data-testid="demo-scale"
            value={scale}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'demo-scale-error' : undefined}
            onInput={(e) => {
              setScale(e.currentTarget.value);
              if (problem && checkNumber(e.currentTarget.value, { label: '', ...SCALE }).ok) setProblem(null);
            }}
            onChange={(e) => applyScale(e.currentTarget.value)}
          />
          <select
            aria-label={tr('demo_scale_unit')}
            data-testid="demo-scale-unit"
            value={scene.unitName}
            onChange={(e) => table.setScene({ unitName: e.currentTarget.value })}
          >
            {[...new Set([...UNITS, scene.unitName])].map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </span>
      </label>
      {problem && (
        <p class="field-error" role="alert" id="demo-scale-error" data-testid="field-error">
          {said(table, problem)}
        </p>
      )}
      <label class="field">
        <span>{tr('demo_measure')}</span>
        <select
          data-testid="demo-measure"
          value={scene.measurement}
          onChange={(e) => table.setScene({ measurement: e.currentTarget.value as Measurement })}
        >
          {MEASUREMENTS.map((m) => (
            <option key={m} value={m}>
              {tr(`demo_measure_${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label class="check">
        <input
          type="checkbox"
          data-testid="demo-labels"
          checked={labels}
          onChange={(e) => table.setLabels(e.currentTarget.checked)}
        />{' '}
        {tr('demo_labels')}
      </label>
      <BoardShowField value={board.show ?? 'all'} onChange={(show) => table.setShow(show)} tr={tr} testId="demo-show" />
      {board.show === 'turn' && !turn && (
        <p class="hint" role="status" data-testid="demo-show-said">
          {tr('board_show_no_turn')}
        </p>
      )}
      {board.show === 'focus' && (
        <p class="hint" role="status" data-testid="demo-show-said">
          {tr('board_show_focus_hint')}
        </p>
      )}
    </details>
  );
}
