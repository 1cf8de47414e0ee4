import { useState } from 'preact/hooks';
import {
  DC_PATH_READINGS,
  DC_RULES,
  DC_SIDES,
  DEFAULT_DC_HOUSE_RULES,
  diceAvailable,
  formatProfile,
  isEliminated,
  isFragile,
  type DcHex,
  type DcPathReading,
  type DcSide,
  type DcState,
} from '../../src/rules/dc';
import { useTr } from '../context';
import { usePlaces } from '../board/places';
import { PieceLink } from '../board/PieceLink';
import type { Dispatch } from './Panel';

const num = (e: Event): string => (e.currentTarget as HTMLInputElement | HTMLSelectElement).value;
const hexText = (at: DcHex | null): string => (at ? `(${at.q}, ${at.r})` : '');

/** Where a piece stands: on the board when a token stands for it (never asked again), else where it was typed. */
function Where({ id, name, at }: { id: string; name: string; at: DcHex | null }) {
  const tr = useTr();
  const onBoard = usePlaces().get(id)?.hexes[0];
  return (
    <>
      {onBoard ? (
        <span class="hint" data-testid={`dc-on-board-${id}`}>
          {tr('dc_on_board', onBoard.q, onBoard.r)}
        </span>
      ) : (
        hexText(at)
      )}{' '}
      <PieceLink piece={id} name={name} />
    </>
  );
}

/** Optional axial position: both numbers, or neither. */
function readHex(q: string, r: string): DcHex | null | undefined {
  if (q.trim() === '' && r.trim() === '') return null;
  const [a, b] = [Number(q), Number(r)];
  return q.trim() !== '' && r.trim() !== '' && Number.isFinite(a) && Number.isFinite(b) ? { q: a, r: b } : undefined;
}

/** Our readings where the text is silent, each editable and its default marked: the thresholds and the path reading. */
export function HouseRules({ state, dispatch }: { state: DcState; dispatch: Dispatch }) {
  const tr = useTr();
  const rules = state.config.houseRules;
  const field = (key: 'threshold' | 'fragileThreshold') => (
    <label class="row" key={key}>
      <span>{tr(`dc_rule_${key}`, DEFAULT_DC_HOUSE_RULES[key])}</span>
      <input
        class="number"
        type="number"
        min={1}
        max={10}
        data-testid={`dc-rule-${key}`}
        value={rules[key]}
        onChange={(e) => void dispatch({ type: 'configure', houseRules: { [key]: Number(num(e)) } })}
      />
    </label>
  );
  return (
    <details class="house-rules">
      <summary>{tr('dc_house_rules')}</summary>
      <p class="hint">{tr('dc_house_rules_explained')}</p>
      {field('threshold')}
      {field('fragileThreshold')}
      <div class="field">
        <label for="dc-rule-path">{tr('dc_rule_path')}</label>
        <select
          id="dc-rule-path"
          data-testid="dc-rule-path"
          value={rules.path}
          onChange={(e) => void dispatch({ type: 'configure', houseRules: { path: num(e) as DcPathReading } })}
        >
          {DC_PATH_READINGS.map((reading) => (
            <option key={reading} value={reading}>
              {tr(`dc_rule_path_${reading.replaceAll('-', '_')}`)}
              {reading === DEFAULT_DC_HOUSE_RULES.path ? ` (${tr('house_default')})` : ''}
            </option>
          ))}
        </select>
      </div>
      <p class="hint">{tr('dc_rules_fixed', DC_RULES.fragileAt, DC_RULES.eliminatedAt, DC_RULES.dramaCap)}</p>
    </details>
  );
}

/** Leaders and units of both sides: add them, set losses and hex positions (positions let the engine check range). */
export function Forces({ state, dispatch }: { state: DcState; dispatch: Dispatch }) {
  const tr = useTr();
  const setup = state.phase === 'setup';
  const markerText = (m: string) => tr(`dc_marker_${m}`);
  const list = (side: DcSide) => (
    <fieldset class="side" key={side} data-testid={`dc-forces-${side}`}>
      <legend>{tr(`dc_side_${side}`)}</legend>
      <ul class="dc-list">
        {state.leaders
          .filter((l) => l.side === side)
          .map((l) => (
            <li key={l.id} data-testid={`dc-leader-${l.id}`}>
              <strong>{l.name}</strong> {formatProfile(l.profile)} <Where id={l.id} name={l.name} at={l.at} />
              {!setup && (
                <span class="hint" data-testid={`dc-leader-dice-${l.id}`}>
                  {' · '}
                  {l.deactivated ? tr('dc_deactivated') : tr('dc_dice_left', diceAvailable(state, l))}
                </span>
              )}
              {setup && <Remove id={l.id} name={l.name} dispatch={dispatch} />}
            </li>
          ))}
        {state.units
          .filter((u) => u.side === side)
          .map((u) => (
            <li key={u.id} data-testid={`dc-unit-${u.id}`} class={isEliminated(u) ? 'lost' : ''}>
              {u.name} <Where id={u.id} name={u.name} at={u.at} />{' '}
              <label>
                <span class="visually-hidden">{tr('dc_losses_of', u.name)}</span>
                <input
                  class="number dc-small"
                  type="number"
                  min={0}
                  max={DC_RULES.eliminatedAt}
                  value={u.losses}
                  data-testid={`dc-losses-${u.id}`}
                  onChange={(e) => void dispatch({ type: 'lossesSet', unit: u.id, losses: Number(num(e)) })}
                />
              </label>{' '}
              <span class="hint" data-testid={`dc-state-${u.id}`}>
                {isEliminated(u) ? tr('dc_eliminated') : `${isFragile(u) ? tr('dc_fragile') + ' · ' : ''}${setup ? tr('dc_losses') : markerText(u.marker)}`}
              </span>
              {setup && <Remove id={u.id} name={u.name} dispatch={dispatch} />}
              {!setup && u.marker === 'commanded' && (
                <button type="button" class="small" data-testid={`dc-acted-${u.id}`} onClick={() => void dispatch({ type: 'unitActed', unit: u.id })}>
                  {tr('dc_acted')}
                </button>
              )}
            </li>
          ))}
      </ul>
    </fieldset>
  );
  return (
    <section class="dc-forces" aria-label={tr('dc_forces')}>
      {DC_SIDES.map(list)}
      <details open={setup}>
        <summary>{tr('dc_add_or_move')}</summary>
        <AddPiece dispatch={dispatch} />
        <Place state={state} dispatch={dispatch} />
      </details>
    </section>
  );
}

function Remove({ id, name, dispatch }: { id: string; name: string; dispatch: Dispatch }) {
  const tr = useTr();
  return (
    <button type="button" class="small" aria-label={tr('dc_remove', name)} onClick={() => void dispatch({ type: 'removed', id })}>
      ✕
    </button>
  );
}

function AddPiece({ dispatch }: { dispatch: Dispatch }) {
  const tr = useTr();
  const [kind, setKind] = useState<'leader' | 'unit'>('leader');
  const [side, setSide] = useState<DcSide>('colonial');
  const [name, setName] = useState('');
  const [profile, setProfile] = useState('');
  const [losses, setLosses] = useState('0');
  const [q, setQ] = useState('');
  const [r, setR] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    const at = readHex(q, r) ?? null;
    const done =
      kind === 'leader'
        ? await dispatch({ type: 'leaderAdded', side, name, profile, at })
        : await dispatch({ type: 'unitAdded', side, name, losses: Number(losses), at });
    if (done) [setName, setProfile, setQ, setR].forEach((f) => f(''));
  };
  return (
    <form class="subform" data-testid="dc-add" onSubmit={(e) => void submit(e)}>
      <select aria-label={tr('dc_kind')} data-testid="dc-add-kind" value={kind} onChange={(e) => setKind(num(e) as 'leader' | 'unit')}>
        <option value="leader">{tr('dc_leader')}</option>
        <option value="unit">{tr('dc_unit')}</option>
      </select>
      <select aria-label={tr('dc_side')} data-testid="dc-add-side" value={side} onChange={(e) => setSide(num(e) as DcSide)}>
        {DC_SIDES.map((s) => (
          <option key={s} value={s}>
            {tr(`dc_side_${s}`)}
          </option>
        ))}
      </select>
      <input aria-label={tr('dc_name')} placeholder={tr('dc_name')} data-testid="dc-add-name" value={name} onInput={(e) => setName(num(e))} />
      {kind === 'leader' ? (
        <input aria-label={tr('dc_profile')} placeholder="4D8/3" class="dc-profile" data-testid="dc-add-profile" value={profile} onInput={(e) => setProfile(num(e))} />
      ) : (
        <label>
          {tr('dc_losses')}{' '}
          <input class="number dc-small" type="number" min={0} max={DC_RULES.eliminatedAt} data-testid="dc-add-losses" value={losses} onInput={(e) => setLosses(num(e))} />
        </label>
      )}
      <label>
        q <input class="number dc-small" type="number" data-testid="dc-add-q" value={q} onInput={(e) => setQ(num(e))} />
      </label>
      <label>
        r <input class="number dc-small" type="number" data-testid="dc-add-r" value={r} onInput={(e) => setR(num(e))} />
      </label>
      <button type="submit" data-testid="dc-add-submit">
        {tr('dc_add')}
      </button>
      <p class="hint">{tr('dc_add_hint')}</p>
    </form>
  );
}

/** Pieces move: one small form sets or clears any piece's hex. */
function Place({ state, dispatch }: { state: DcState; dispatch: Dispatch }) {
  const tr = useTr();
  // A piece on the board moves with its token: only the others are placed by hand.
  const places = usePlaces();
  const pieces = [...state.leaders, ...state.units].filter((p) => !places.get(p.id)?.hexes.length);
  const [id, setId] = useState('');
  const [q, setQ] = useState('');
  const [r, setR] = useState('');
  if (pieces.length === 0) return <></>;
  const chosen = pieces.some((p) => p.id === id) ? id : pieces[0]!.id;
  return (
    <form
      class="subform"
      data-testid="dc-place"
      onSubmit={(e) => {
        e.preventDefault();
        const at = readHex(q, r);
        if (at !== undefined) void dispatch({ type: 'placed', id: chosen, at });
      }}
    >
      <select
        aria-label={tr('dc_piece')}
        data-testid="dc-place-piece"
        value={chosen}
        onChange={(e) => {
          // Start from where the piece stands now.
          const at = pieces.find((p) => p.id === num(e))?.at ?? null;
          setId(num(e));
          setQ(at ? String(at.q) : '');
          setR(at ? String(at.r) : '');
        }}
      >
        {pieces.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <label>
        q <input class="number dc-small" type="number" data-testid="dc-place-q" value={q} onInput={(e) => setQ(num(e))} />
      </label>
      <label>
        r <input class="number dc-small" type="number" data-testid="dc-place-r" value={r} onInput={(e) => setR(num(e))} />
      </label>
      <button type="submit" data-testid="dc-place-submit">
        {tr('dc_place')}
      </button>
      <p class="hint">{tr('dc_place_hint')}</p>
    </form>
  );
}
