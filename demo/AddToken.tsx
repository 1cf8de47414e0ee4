// The panel's form that adds a figure to the board: its name, side, unit (an existing one or a new
// one), role, radio and base, the base checked before anything is added.
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { sceneOfBoard, sideText, type DemoBoard } from '../src/adapters/demo/model';
import { unitLabels } from '../src/board/names';
import type { Length, TokenRole } from '../src/table/model';
import { checkNumber, type Problem } from '../popup/checks';
import type { BoardView } from './board-view';
import type { DemoTable } from './table';
import { key, said, type Tr } from './words';

const BASE_UNITS = ['mm', 'in', 'cell'] as const;
const ROLES: readonly TokenRole[] = ['figure', 'leader', 'radio-operator'];
/** The "new unit" choice of the add form (no grouping of a board has this id: ids are printable). */
const NEW_UNIT = '\u0000new';

interface Props {
  board: DemoBoard;
  table: DemoTable;
  view: BoardView;
  tr: Tr;
}

export function AddToken({ board, table, view, tr }: Props) {
  const [name, setName] = useState('');
  const [side, setSide] = useState<string>(board.sides[0]?.id ?? '');
  /** '' for no unit, a grouping of the board, or NEW_UNIT and the name typed for it. */
  const [unit, setUnit] = useState('');
  const [newUnit, setNewUnit] = useState('');
  const [role, setRole] = useState<TokenRole>('figure');
  const [radio, setRadio] = useState(false);
  const base = useBase(board, tr);
  // Another scene: its own sides (and its own bases, in useBase).
  useEffect(() => setSide(board.sides[0]?.id ?? ''), [sceneOfBoard(board)]);
  const submit = (e: Event) => {
    e.preventDefault();
    const size = base.check();
    if (size === null) return;
    const id = table.add({
      name: name.trim() || tr('demo_new_name'),
      side: side || null,
      unit: (unit === NEW_UNIT ? newUnit.trim() : unit).trim() || null,
      role,
      radio,
      base: { ...base.base, value: size },
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
        <SideField board={board} side={side} setSide={setSide} tr={tr} />
        <UnitFields table={table} unit={unit} setUnit={setUnit} newUnit={newUnit} setNewUnit={setNewUnit} tr={tr} />
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
        <BaseField base={base} table={table} tr={tr} />
        <button type="submit" class="primary" data-testid="demo-add-submit">
          {tr('demo_add_button')}
        </button>
      </form>
    </details>
  );
}

interface Base {
  readonly base: Length;
  readonly setBase: (base: Length) => void;
  readonly typed: string;
  readonly setTyped: (typed: string) => void;
  readonly field: RefObject<HTMLInputElement | null>;
  readonly problem: Problem | null;
  readonly setProblem: (problem: Problem | null) => void;
  /** The base's size as sent, or null (and its problem shown) when the board cannot draw it. */
  readonly check: () => number | null;
}

/** The new figure's base: the board's first figure's to begin with, as typed, and what is wrong with it. */
function useBase(board: DemoBoard, tr: Tr): Base {
  const [base, setBase] = useState<Length>(board.tokens[0]?.base ?? { value: 25, unit: 'mm' });
  const [typed, setTyped] = useState(String(base.value));
  // What the field holds when the form is sent, drawn or not yet.
  const field = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Another scene: its own sides and bases.
  useEffect(() => {
    const next = board.tokens[0]?.base ?? { value: 25, unit: 'mm' };
    setBase(next);
    setTyped(String(next.value));
  }, [sceneOfBoard(board)]);
  const check = () => {
    // A base the board cannot draw is refused, in the field's words; nothing is added.
    const size = checkNumber(field.current?.value ?? typed, {
      label: tr('demo_base'),
      min: 0.1,
      max: 1000,
      decimal: true,
    });
    setProblem(size.ok ? null : size.error);
    return size.ok ? size.value : null;
  };
  return { base, setBase, typed, setTyped, field, problem, setProblem, check };
}

function SideField({
  board,
  side,
  setSide,
  tr,
}: {
  board: DemoBoard;
  side: string;
  setSide: (side: string) => void;
  tr: Tr;
}) {
  return (
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
  );
}

function UnitFields({
  table,
  unit,
  setUnit,
  newUnit,
  setNewUnit,
  tr,
}: {
  table: DemoTable;
  unit: string;
  setUnit: (unit: string) => void;
  newUnit: string;
  setNewUnit: (name: string) => void;
  tr: Tr;
}) {
  const units = table.unitNames();
  const unitName = unitLabels(units, tr);
  return (
    <>
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
    </>
  );
}

function BaseField({ base, table, tr }: { base: Base; table: DemoTable; tr: Tr }) {
  const { problem } = base;
  return (
    <>
      <label class="field">
        <span>{tr('demo_base')}</span>
        <span class="pair">
          <input
            type="text"
            inputMode="decimal"
            class="number"
            data-testid="demo-add-base"
            ref={base.field}
            value={base.typed}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'demo-add-base-error' : undefined}
            onInput={(e) => {
              base.setTyped(e.currentTarget.value);
              base.setProblem(null);
            }}
          />
          <select
            aria-label={tr('demo_base_unit')}
            value={base.base.unit}
            onChange={(e) => base.setBase({ ...base.base, unit: e.currentTarget.value })}
          >
            {[...new Set([...BASE_UNITS, base.base.unit])].map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </span>
      </label>
      {problem && (
        <p class="field-error" role="alert" id="demo-add-base-error" data-testid="field-error">
          {said(table, problem)}
        </p>
      )}
    </>
  );
}
