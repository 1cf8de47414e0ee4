import { useMemo } from 'preact/hooks';
import { RADIUS_UNITS, SIDE_SOURCES, UNIT_SOURCES, type Roll20Settings, type TokenAssignment } from '../../src/adapters/roll20/settings';
import type { LiveFigure, LiveTable } from '../../src/adapters/roll20/summary';
import { replay } from '../../src/game/log';
import { hdCommand, SIDE_IDS, type HdState, type SideId } from '../../src/rules/hd-command';
import { storedGame, type StoreRoot } from '../../src/store/root';
import type { LiveApi } from '../api';
import type { Send } from '../App';
import { useTr } from '../context';

type Tr = ReturnType<typeof useTr>;

interface Props {
  table: LiveTable;
  settings: Roll20Settings;
  root: StoreRoot;
  send: Send;
  live: LiveApi;
}

/** Who is in command on the Roll20 board and why; board settings; Hell Dorado losses seen on the map. */
export function LiveTableView({ table, settings, root, send, live }: Props) {
  const tr = useTr();
  const save = (next: Partial<Roll20Settings>) => void live.send({ type: 'table/settings', settings: { ...settings, ...next } });
  const players = new Map(table.players.map((p) => [p.id, p.name]));
  const sideLabel = (side: string | null) =>
    side === null ? tr('r20_side_none') : settings.sideFrom === 'controlledby' ? side.split(',').map((id) => (id === 'all' ? tr('r20_all_players') : (players.get(id) ?? id))).join(', ') : side;

  // Figures by side, then by unit, in the order they came.
  const sides = useMemo(() => {
    const out = new Map<string | null, Map<string | null, LiveFigure[]>>();
    for (const f of table.figures) {
      const units = out.get(f.side) ?? out.set(f.side, new Map()).get(f.side)!;
      (units.get(f.unit) ?? units.set(f.unit, []).get(f.unit)!).push(f);
    }
    return out;
  }, [table.figures]);

  return (
    <section class="r20-live" aria-labelledby="r20-live-title" data-testid="r20-live">
      <h2 id="r20-live-title">{tr('r20_live_title')}</h2>
      <Status table={table} tr={tr} />
      {table.page && (
        <p class="hint" data-testid="r20-page">
          {tr('r20_page', table.page.name, table.page.scale, table.page.units, tr(`r20_engine_${table.engine}`))}
        </p>
      )}
      {table.state === 'live' && (
        <p class="hint" data-testid="r20-radius">
          {tr('r20_radius_line', table.radius.value, table.radius.unit, tr(settings.from === 'edge' ? 'r20_from_edge' : 'r20_from_centre'))}
        </p>
      )}
      <Losses table={table} root={root} send={send} tr={tr} />
      {[...sides].map(([side, units]) => (
        <div class="side r20-side" key={side ?? ''} data-testid="r20-side">
          <h3>{sideLabel(side)}</h3>
          {[...units].map(([unit, figures]) => (
            <div key={unit ?? ''} class="r20-unit">
              <h4>{unit === null ? tr('r20_unit_none') : tr('r20_unit', unit.slice(unit.indexOf('/') + 1))}</h4>
              <ul>
                {figures.map((f) => (
                  <Figure key={f.id} f={f} unit={table.radius.unit} tr={tr} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
      {table.state === 'live' && table.figures.length > 0 && (
        <p>
          <button type="button" class="small" data-testid="r20-chat" onClick={() => void live.chat(chatSummary(table, sides, tr))}>
            {tr('r20_chat')}
          </button>
        </p>
      )}
      {table.more > 0 && <p class="hint">{tr('r20_more', table.more)}</p>}
      {table.dropped > 0 && (
        <p class="hint" data-testid="r20-dropped">
          {tr('r20_dropped', table.dropped)}
        </p>
      )}
      <Settings table={table} settings={settings} save={save} tr={tr} />
    </section>
  );
}

/** One chat line: per unit with a leader, how many are in command and who is out. */
function chatSummary(table: LiveTable, sides: Map<string | null, Map<string | null, LiveFigure[]>>, tr: Tr): string {
  const parts: string[] = [];
  for (const units of sides.values()) {
    for (const [unit, figures] of units) {
      if (unit === null) continue;
      const leader = figures.find((f) => f.status === 'leader');
      const ranks = figures.filter((f) => f.role !== 'leader');
      const inCommand = ranks.filter((f) => f.status === 'commanded' || f.status === 'link').length;
      const out = ranks.filter((f) => f.status === 'out' || f.status === 'none').map((f) => f.name);
      parts.push(tr('r20_chat_unit', leader?.name ?? unit.slice(unit.indexOf('/') + 1), inCommand, ranks.length, out.length ? out.join(', ') : '—'));
    }
  }
  return `${tr('r20_chat_title', table.page?.name ?? '')} ${parts.join(' · ')}`;
}

function Status({ table, tr }: { table: LiveTable; tr: Tr }) {
  const missing = table.missing.join(', ');
  if (table.state === 'waiting') return <p role="status" data-testid="r20-state">{tr('r20_state_waiting')}</p>;
  if (table.state === 'unavailable') return <p role="alert" data-testid="r20-state">{tr('r20_state_unavailable', missing || '?')}</p>;
  return (
    <>
      {table.mode === 'data-only' && (
        <p role="status" class="r20-notice" data-testid="r20-data-only">
          {tr('r20_data_only', missing || '?')}
        </p>
      )}
      {table.error && (
        <p role="alert" data-testid="r20-error">
          {tr(`r20_error_${table.error.replaceAll('-', '_')}`, `${table.radius.value} ${table.radius.unit}`, table.page?.units ?? '')}
        </p>
      )}
    </>
  );
}

function Figure({ f, unit, tr }: { f: LiveFigure; unit: string; tr: Tr }) {
  const why = f.reasons.map((r) => tr(`r20_reason_${r.code.replaceAll('-', '_')}`, r.who ?? '', r.by ?? '', unit)).join('; ');
  return (
    <li data-testid="r20-figure" data-id={f.id} data-status={f.status}>
      <span class={`r20-dot r20-${f.status}`} aria-hidden="true" />
      <span data-testid="r20-name">{f.name}</span> — {tr(`r20_status_${f.status}`)}
      {f.by !== null && ` ${tr('r20_by', f.by)}`}
      {why && <span class="hint"> ({why})</span>}
    </li>
  );
}

/** Figures removed or marked dead on the map, matched by name to Hell Dorado fighters still on the table. */
function Losses({ table, root, send, tr }: { table: LiveTable; root: StoreRoot; send: Send; tr: Tr }) {
  const state = useMemo((): HdState | null => {
    const game = storedGame(root, 'hd-command', hdCommand.defaultConfig);
    const r = replay(hdCommand, game.config, game.log);
    return r.ok && r.value.phase === 'playing' ? r.value : null;
  }, [root]);
  if (!table.losses.length) return null;
  const norm = (s: string) => s.trim().toLowerCase();
  const match = (name: string): { side: SideId; id: string; name: string; cmd: number } | null => {
    if (!state) return null;
    for (const side of SIDE_IDS) {
      const f = state.sides[side].fighters.find((x) => x.status === 'on-table' && norm(x.name) === norm(name));
      if (f) return { side, id: f.id, name: f.name, cmd: f.cmd };
    }
    return null;
  };
  return (
    <div class="subform" data-testid="r20-losses">
      <h3>{tr('r20_losses_title')}</h3>
      <ul>
        {table.losses.map((l) => {
          const m = match(l.name);
          return (
            <li key={l.id} data-testid="r20-loss">
              {tr(l.how === 'dead' ? 'r20_loss_dead' : 'r20_loss_removed', l.name)}{' '}
              {m && (
                <button
                  type="button"
                  class="small"
                  data-testid="r20-apply-loss"
                  onClick={() => void send({ type: 'game/dispatch', system: 'hd-command', event: { type: 'fighterLost', side: m.side, fighterId: m.id, how: 'killed' } })}
                >
                  {tr('r20_apply_loss', m.name, m.cmd)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Settings({ table, settings, save, tr }: { table: LiveTable; settings: Roll20Settings; save: (s: Partial<Roll20Settings>) => void; tr: Tr }) {
  const assign = (id: string, a: TokenAssignment) => {
    const next = { ...settings.assignments };
    const merged: TokenAssignment = { ...next[id], ...a };
    if (merged.role === undefined && merged.unit === undefined) delete next[id];
    else next[id] = merged;
    save({ assignments: next });
  };
  return (
    <details class="r20-settings">
      <summary>{tr('r20_settings')}</summary>
      <p class="hint">{tr('r20_defaults_hint')}</p>
      <label class="field">
        {tr('r20_side_from')}
        <select data-testid="r20-side-from" value={settings.sideFrom} onChange={(e) => save({ sideFrom: e.currentTarget.value as Roll20Settings['sideFrom'] })}>
          {SIDE_SOURCES.map((s) => <option key={s} value={s}>{tr(`r20_side_from_${s}`)}</option>)}
        </select>
      </label>
      <label class="field">
        {tr('r20_unit_from')}
        <select data-testid="r20-unit-from" value={settings.unitFrom} onChange={(e) => save({ unitFrom: e.currentTarget.value as Roll20Settings['unitFrom'] })}>
          {UNIT_SOURCES.map((s) => <option key={s} value={s}>{tr(`r20_unit_from_${s}`)}</option>)}
        </select>
      </label>
      <label class="field">
        {tr('r20_leader_marker')}
        <input data-testid="r20-leader-marker" value={settings.leaderMarker} maxLength={64} onChange={(e) => save({ leaderMarker: e.currentTarget.value.replace(/[,@]/g, '') })} />
      </label>
      <label class="field">
        {tr('r20_dead_marker')}
        <input data-testid="r20-dead-marker" value={settings.deadMarker} maxLength={64} onChange={(e) => save({ deadMarker: e.currentTarget.value.replace(/[,@]/g, '') })} />
      </label>
      <div class="row">
        <label class="field">
          {tr('r20_radius')}
          <input
            type="number"
            min="0"
            step="any"
            data-testid="r20-radius-value"
            value={settings.radius.value}
            onChange={(e) => {
              const value = Number(e.currentTarget.value);
              if (Number.isFinite(value) && value >= 0 && value <= 10_000) save({ radius: { ...settings.radius, value } });
            }}
          />
        </label>
        <label class="field">
          {tr('r20_radius_unit')}
          <select data-testid="r20-radius-unit" value={settings.radius.unit} onChange={(e) => save({ radius: { ...settings.radius, unit: e.currentTarget.value as Roll20Settings['radius']['unit'] } })}>
            {RADIUS_UNITS.map((u) => <option key={u} value={u}>{u === 'page' ? tr('r20_unit_page', table.page?.units ?? '') : u === 'cell' ? tr('r20_unit_cell') : u}</option>)}
          </select>
        </label>
        <label class="field">
          {tr('r20_from')}
          <select data-testid="r20-from" value={settings.from} onChange={(e) => save({ from: e.currentTarget.value as Roll20Settings['from'] })}>
            <option value="edge">{tr('r20_from_edge')}</option>
            <option value="centre">{tr('r20_from_centre')}</option>
          </select>
        </label>
      </div>
      <label>
        <input type="checkbox" data-testid="r20-overlay" checked={settings.overlay} onChange={(e) => save({ overlay: e.currentTarget.checked })} /> {tr('r20_overlay')}
      </label>
      <label>
        <input type="checkbox" data-testid="r20-native-auras" checked={settings.nativeAuras} onChange={(e) => save({ nativeAuras: e.currentTarget.checked })} /> {tr('r20_native_auras')}
      </label>
      <details>
        <summary>{tr('r20_assign')}</summary>
        <ul class="r20-assign">
          {table.figures.map((f) => {
            const a = settings.assignments[f.id];
            return (
              <li key={f.id} class="row">
                <span>{f.name}</span>
                <select aria-label={tr('r20_role_of', f.name)} data-testid={`r20-role-${f.id}`} value={a?.role ?? ''} onChange={(e) => assign(f.id, { role: (e.currentTarget.value || undefined) as TokenAssignment['role'] })}>
                  <option value="">{tr('r20_role_auto')}</option>
                  <option value="leader">{tr('r20_role_leader')}</option>
                  <option value="figure">{tr('r20_role_figure')}</option>
                </select>
                <input
                  aria-label={tr('r20_unit_of', f.name)}
                  data-testid={`r20-unit-${f.id}`}
                  value={a?.unit ?? ''}
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
