// The panel's board settings: grid, scale (checked as typed), measurement, labels and which figures
// the board shows.
import { useEffect, useState } from 'preact/hooks';
import type { DemoBoard } from '../src/adapters/demo/model';
import { BoardShowField } from '../popup/board/Visibility';
import type { GridType, Measurement } from '../src/table/model';
import { checkNumber, type Problem } from '../popup/checks';
import type { DemoTable } from './table';
import { key, said, type Tr } from './words';

const GRIDS: readonly GridType[] = ['none', 'square', 'hex-pointy', 'hex-flat'];
const MEASUREMENTS: readonly Measurement[] = ['euclidean', 'chebyshev', 'alternating', 'manhattan', 'hex'];
const UNITS = ['mm', 'cm', 'm', 'in', 'ft', 'hex'] as const;

interface Props {
  board: DemoBoard;
  table: DemoTable;
  tr: Tr;
}

export function Settings({ board, labels, table, tr }: Props & { labels: boolean }) {
  const { scene } = board;
  // Whether the game says whose turn it is (the "turn" setting shows every figure otherwise, and says so).
  const turn = table.turnSides() !== null;
  return (
    <details class="panel-part" data-testid="demo-settings">
      <summary>{tr('demo_settings')}</summary>
      <label class="field">
        <span>{tr('demo_grid')}</span>
        <select
          data-testid="demo-grid"
          value={scene.grid}
          onChange={(e) => table.edits.setScene({ grid: e.currentTarget.value as GridType })}
        >
          {GRIDS.map((g) => (
            <option key={g} value={g}>
              {tr(`demo_grid_${key(g)}`)}
            </option>
          ))}
        </select>
      </label>
      <ScaleField board={board} table={table} tr={tr} />
      <label class="field">
        <span>{tr('demo_measure')}</span>
        <select
          data-testid="demo-measure"
          value={scene.measurement}
          onChange={(e) => table.edits.setScene({ measurement: e.currentTarget.value as Measurement })}
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
      <BoardShowField
        value={board.show ?? 'all'}
        onChange={(show) => table.edits.setShow(show)}
        tr={tr}
        testId="demo-show"
      />
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

/** The board's scale: a number of units per cell, refused (and said why) below 0.01 or above 100,000. */
const SCALE = { min: 0.01, max: 100_000, decimal: true } as const;

function ScaleField({ board: { scene }, table, tr }: Props) {
  const [scale, setScale] = useState(String(scene.unitsPerCell));
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => setScale(String(scene.unitsPerCell)), [scene.unitsPerCell]);
  const applyScale = (raw: string) => {
    const checked = checkNumber(raw, { label: tr('demo_scale_name'), ...SCALE });
    setProblem(checked.ok ? null : checked.error);
    if (checked.ok && checked.value !== scene.unitsPerCell) table.edits.setScene({ unitsPerCell: checked.value });
  };
  return (
    <>
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
            onChange={(e) => table.edits.setScene({ unitName: e.currentTarget.value })}
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
    </>
  );
}
