// The Roll20 part's board settings: where sides and units come from, the leader and dead markers,
// what is drawn, and each token's role and unit set by hand.
import { useMemo } from 'preact/hooks';
import { BoardShowField } from '../board/Visibility';
import {
  ROLES,
  SIDE_SOURCES,
  UNIT_SOURCES,
  type Roll20Settings,
  type TokenAssignment,
} from '../../src/adapters/roll20/settings';
import type { BoardSummary } from '../../src/board/summary';
import type { Tr } from '../board/at';

type Save = (s: Partial<Roll20Settings>) => void;

export function Settings({
  summary,
  settings,
  save,
  tr,
}: {
  summary: BoardSummary;
  settings: Roll20Settings;
  save: Save;
  tr: Tr;
}) {
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
      {toggles(settings, save, tr)}
      {/* This browser's own game; at the table's one game the game master says it (above). */}
      {summary.shared?.state !== 'ready' && (
        <BoardShowField value={settings.show} onChange={(show) => save({ show })} tr={tr} testId="r20-show" />
      )}
      <Assignments summary={summary} settings={settings} save={save} tr={tr} />
    </details>
  );
}

/** What is drawn on the board: the overlay, its labels, its key. */
const TOGGLES = [
  ['overlay', 'r20_overlay'],
  ['labels', 'r20_labels'],
  ['legend', 'board_key_show'],
] as const;

function toggles(settings: Roll20Settings, save: Save, tr: Tr) {
  return TOGGLES.map(([k, label]) => (
    <label key={k}>
      <input
        type="checkbox"
        data-testid={`r20-${k}`}
        checked={settings[k]}
        onChange={(e) => save({ [k]: e.currentTarget.checked })}
      />{' '}
      {tr(label)}
    </label>
  ));
}

/** Each token's role and unit set by hand (left empty: automatic, as the settings above say). */
function Assignments({
  summary,
  settings,
  save,
  tr,
}: {
  summary: BoardSummary;
  settings: Roll20Settings;
  save: Save;
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
  );
}
