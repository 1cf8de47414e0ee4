import type { ComponentChildren } from 'preact';
import {
  DC_LIMITS,
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
  type DcEvent,
  type DcState,
} from '../../src/rules/dc';
import { useTr, useTrn } from '../context';
import { usePlaces } from '../board/places';
import { PieceLink } from '../board/PieceLink';
import { useRemove } from '../components/game';
import { useDraft } from '../use-draft';
import { FieldInput, SettingNumber, useNumberField, useTextField, type Field } from '../fields';
import type { Dispatch } from './dispatch';

const num = (e: Event): string => (e.currentTarget as HTMLInputElement | HTMLSelectElement).value;
const hexText = (at: DcHex | null): string => (at ? `(${at.q}, ${at.r})` : '');
const COORD = { min: -DC_LIMITS.coord, max: DC_LIMITS.coord };

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

/** An axial position: both numbers, or neither (null); undefined after saying what is wrong. */
function readHex(q: Field<number>, r: Field<number>): DcHex | null | undefined {
  if (q.current().trim() === '' && r.current().trim() === '') return null;
  const [a, b] = [q.check(), r.check()];
  return a === null || b === null ? undefined : { q: a, r: b };
}

/** Our readings where the text is silent, each editable and its default marked: the thresholds and the path reading. */
export function HouseRules({ state, dispatch }: { state: DcState; dispatch: Dispatch }) {
  const tr = useTr();
  const trn = useTrn();
  const rules = state.config.houseRules;
  const field = (key: 'threshold' | 'fragileThreshold') => (
    <label class="row" key={key}>
      <span>{tr(`dc_rule_${key}`, DEFAULT_DC_HOUSE_RULES[key])}</span>
      <SettingNumber
        id={`dc-rule-${key}`}
        spec={{ label: tr(`dc_rule_${key}_name`), min: 1, max: 10 }}
        data-testid={`dc-rule-${key}`}
        value={rules[key]}
        apply={(n) => dispatch({ type: 'configure', houseRules: { [key]: n } })}
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
      <p class="hint">{trn('dc_rules_fixed', DC_RULES.fragileAt, DC_RULES.eliminatedAt, DC_RULES.dramaCap)}</p>
    </details>
  );
}

/** Leaders and units of both sides: add them, set losses and hex positions (positions let the engine check range). */
export function Forces({ state, dispatch }: { state: DcState; dispatch: Dispatch }) {
  const tr = useTr();
  const setup = state.phase === 'setup';
  const remove = useRemove(dispatch);
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
              {setup && <Remove id={l.id} name={l.name} remove={remove} />}
            </li>
          ))}
        {state.units
          .filter((u) => u.side === side)
          .map((u) => (
            <li key={u.id} data-testid={`dc-unit-${u.id}`} class={isEliminated(u) ? 'lost' : ''}>
              {u.name} <Where id={u.id} name={u.name} at={u.at} />{' '}
              <label>
                <span class="visually-hidden">{tr('dc_losses_of', u.name)}</span>
                <SettingNumber
                  id={`dc-losses-${u.id}`}
                  class="number dc-small"
                  spec={{ label: tr('dc_losses_of', u.name), min: 0, max: DC_RULES.eliminatedAt }}
                  value={u.losses}
                  data-testid={`dc-losses-${u.id}`}
                  apply={(losses) => dispatch({ type: 'lossesSet', unit: u.id, losses })}
                />
              </label>{' '}
              <span class="hint" data-testid={`dc-state-${u.id}`}>
                {isEliminated(u)
                  ? tr('dc_eliminated')
                  : `${isFragile(u) ? tr('dc_fragile') + ' · ' : ''}${setup ? tr('dc_losses') : markerText(u.marker)}`}
              </span>
              {setup && <Remove id={u.id} name={u.name} remove={remove} />}
              {!setup && u.marker === 'commanded' && (
                <button
                  type="button"
                  class="small"
                  data-testid={`dc-acted-${u.id}`}
                  onClick={() => void dispatch({ type: 'unitActed', unit: u.id })}
                >
                  {tr('dc_acted')}
                </button>
              )}
            </li>
          ))}
      </ul>
    </fieldset>
  );
  const [adding, setAdding] = useDraft('dc-add-open', setup);
  const content = (
    <>
      {DC_SIDES.map(list)}
      <details open={adding} onToggle={(e) => setAdding((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>{tr('dc_add_or_move')}</summary>
        <AddPiece dispatch={dispatch} />
        <Place state={state} dispatch={dispatch} />
      </details>
    </>
  );
  // Setup is the forces; once the game is on they fold away under the activation.
  return setup ? (
    <section class="dc-forces" aria-label={tr('dc_forces')}>
      {content}
    </section>
  ) : (
    <ForcesFolded label={tr('dc_forces_playing')}>{content}</ForcesFolded>
  );
}

function ForcesFolded({ label, children }: { label: string; children: ComponentChildren }) {
  const [open, setOpen] = useDraft('dc-forces-open', false);
  return (
    <details
      class="dc-forces"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
      data-testid="dc-forces"
    >
      <summary>{label}</summary>
      {children}
    </details>
  );
}

function Remove({
  id,
  name,
  remove,
}: {
  id: string;
  name: string;
  remove: (event: DcEvent, name: string) => Promise<boolean>;
}) {
  const tr = useTr();
  return (
    <button
      type="button"
      class="small"
      aria-label={tr('dc_remove', name)}
      onClick={() => void remove({ type: 'removed', id }, name)}
    >
      ✕
    </button>
  );
}

function AddPiece({ dispatch }: { dispatch: Dispatch }) {
  const tr = useTr();
  const [kind, setKind] = useDraft<string>('dc-add-kind', 'leader');
  const [side, setSide] = useDraft<string>('dc-add-side', 'colonial');
  const name = useTextField('dc-add-name', { label: tr('dc_name'), max: DC_LIMITS.nameLength });
  const profile = useTextField('dc-add-profile', { label: tr('dc_profile'), max: 12 });
  const losses = useNumberField('dc-add-losses', { label: tr('dc_losses'), min: 0, max: DC_RULES.eliminatedAt }, 0);
  const q = useNumberField('dc-add-q', { label: 'q', ...COORD }, '');
  const r = useNumberField('dc-add-r', { label: 'r', ...COORD }, '');
  const submit = async (e: Event) => {
    e.preventDefault();
    const n = name.check();
    const at = readHex(q, r);
    const sideId: DcSide = (DC_SIDES as readonly string[]).includes(side) ? (side as DcSide) : 'colonial';
    if (n === null || at === undefined) return;
    let done = false;
    if (kind === 'leader') {
      const p = profile.check();
      if (p === null) return;
      done = await dispatch({ type: 'leaderAdded', side: sideId, name: n, profile: p, at });
    } else {
      const l = losses.check();
      if (l === null) return;
      done = await dispatch({ type: 'unitAdded', side: sideId, name: n, losses: l, at });
    }
    if (done) [name, profile, q, r].forEach((f) => f.reset());
  };
  return (
    <form class="subform" noValidate data-testid="dc-add" onSubmit={(e) => void submit(e)}>
      <select aria-label={tr('dc_kind')} data-testid="dc-add-kind" value={kind} onChange={(e) => setKind(num(e))}>
        <option value="leader">{tr('dc_leader')}</option>
        <option value="unit">{tr('dc_unit')}</option>
      </select>
      <select aria-label={tr('dc_side')} data-testid="dc-add-side" value={side} onChange={(e) => setSide(num(e))}>
        {DC_SIDES.map((s) => (
          <option key={s} value={s}>
            {tr(`dc_side_${s}`)}
          </option>
        ))}
      </select>
      <FieldInput
        field={name}
        aria-label={tr('dc_name')}
        placeholder={tr('dc_name')}
        data-testid="dc-add-name"
        maxLength={DC_LIMITS.nameLength}
      />
      {kind === 'leader' ? (
        <FieldInput
          field={profile}
          aria-label={tr('dc_profile')}
          placeholder="4D8/3"
          class="dc-profile"
          data-testid="dc-add-profile"
          maxLength={12}
        />
      ) : (
        <label>
          {tr('dc_losses')} <FieldInput field={losses} numeric class="number dc-small" data-testid="dc-add-losses" />
        </label>
      )}
      <label>
        q <FieldInput field={q} numeric class="number dc-small" data-testid="dc-add-q" />
      </label>
      <label>
        r <FieldInput field={r} numeric class="number dc-small" data-testid="dc-add-r" />
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
  const [id, setId] = useDraft('dc-place-piece', '');
  const q = useNumberField('dc-place-q', { label: 'q', ...COORD }, '');
  const r = useNumberField('dc-place-r', { label: 'r', ...COORD }, '');
  if (pieces.length === 0) return <></>;
  const chosen = pieces.some((p) => p.id === id) ? id : pieces[0]!.id;
  return (
    <form
      class="subform"
      data-testid="dc-place"
      noValidate
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
          q.setRaw(at ? String(at.q) : '');
          r.setRaw(at ? String(at.r) : '');
        }}
      >
        {pieces.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <label>
        q <FieldInput field={q} numeric class="number dc-small" data-testid="dc-place-q" />
      </label>
      <label>
        r <FieldInput field={r} numeric class="number dc-small" data-testid="dc-place-r" />
      </label>
      <button type="submit" data-testid="dc-place-submit">
        {tr('dc_place')}
      </button>
      <p class="hint">{tr('dc_place_hint')}</p>
    </form>
  );
}
