// The roster taken from the board for review (the system's descriptor.roster): a draft kept while the
// popup is closed, each field checked as it is left and all of them again when the roster is applied.
import { useMemo, useState } from 'preact/hooks';
import type { Binding } from '../../src/board/model';
import type { Request } from '../../src/messages';
import type { AnyDescriptor, DraftField, RosterDraft } from '../../src/rules/descriptor';
import { checkNumber, checkText, FieldError, type Problem } from '../fields';
import { useDraft } from '../use-draft';
import type { BoardAt, Tr } from './at';

/** How this system takes a roster from the board. */
type Roster = NonNullable<AnyDescriptor['roster']>;

/** A roster entry under review, its fields as typed (checked when the roster is applied). */
type Entry = RosterDraft['entries'][number];

/** What is wrong with the fields, by `entry:field` (`entry:name` for its name). */
type Problems = Record<string, Problem>;

/** "Take the roster from the board": a draft to review, applied in one batch with its links. */
export function RosterFromBoard({ at, roster, state }: { at: BoardAt; roster: Roster; state: unknown }) {
  const { summary, binding, system, send, tr } = at;
  // Kept while the popup is closed, as any choice in progress.
  const [kept, keep] = useDraft<string>('board.roster', '');
  const [problems, setProblems] = useState<Problems>({});
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
  /** One field left: what is wrong with it said at once, under it. */
  const left = (key: string, checked: { ok: boolean; error?: Problem }) =>
    setProblems(({ [key]: _gone, ...rest }) => (checked.ok ? rest : { ...rest, [key]: checked.error! }));
  const apply = async () => {
    const { found, ready } = checkDraft(draft, roster, tr);
    setProblems(found);
    if (!ready) return;
    const { events, links } = roster.events(ready, state);
    const sides = newSides(ready, binding);
    if (events.length === 0) return setDraft(null);
    if (await send({ type: 'game/batch', system, events, links, ...(sides.length ? { sides } : {}) } as Request))
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
            <RosterEntry
              key={e.key}
              at={at}
              fields={roster.fields}
              entry={e}
              i={i}
              problems={problems}
              edit={edit}
              left={left}
            />
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

/** One entry under review: whether it is taken, its name, and its system's fields for its kind. */
function RosterEntry({
  at: { sideName, tr },
  fields,
  entry: e,
  i,
  problems,
  edit,
  left,
}: {
  at: BoardAt;
  fields: readonly DraftField[];
  entry: Entry;
  /** The entry's place in the draft, for its error messages' ids. */
  i: number;
  problems: Problems;
  /** The entry `key` as the player changes it. */
  edit: (key: string, change: Partial<Entry>) => void;
  /** A field left (`entry:field`), as checked: what is wrong with it said at once, under it. */
  left: (key: string, checked: { ok: boolean; error?: Problem }) => void;
}) {
  return (
    <li data-testid="board-roster-entry" data-kind={e.kind}>
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
          onChange={(ev) => left(`${e.key}:name`, nameOf(ev.currentTarget.value, tr))}
        />
      </label>
      <FieldError id={`roster-${i}-name-error`} error={problems[`${e.key}:name`] ?? null} />
      {fields
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
              onChange={(ev) => left(`${e.key}:${f.key}`, fieldOf(f, ev.currentTarget.value, tr))}
            />
            <FieldError id={`roster-${i}-${f.key}-error`} error={problems[`${e.key}:${f.key}`] ?? null} />
          </label>
        ))}
    </li>
  );
}

/** An entry's name as typed, checked. */
const nameOf = (raw: string, tr: Tr) => checkText(raw, { label: tr('board_roster_name'), max: 60 });

/** One of the system's fields as typed, checked: a number in its range, or a short text. */
const fieldOf = (f: DraftField, raw: string, tr: Tr) =>
  f.kind === 'number'
    ? checkNumber(raw, { label: tr(f.label), min: f.min ?? 0, max: f.max ?? 1000 })
    : checkText(raw, { label: tr(f.label), max: 20 });

/**
 * Each included entry's fields in the player's words, checked: what is wrong with them, and the draft
 * with numbers where numbers go (null while anything is wrong).
 */
function checkDraft(draft: RosterDraft, roster: Roster, tr: Tr): { found: Problems; ready: RosterDraft | null } {
  const found: Problems = {};
  const entries = draft.entries.map((e) => {
    if (!e.include) return e;
    const name = nameOf(e.name, tr);
    if (!name.ok) found[`${e.key}:name`] = name.error;
    const fields = { ...e.fields };
    for (const f of roster.fields.filter((x) => x.for.includes(e.kind))) {
      const value = fieldOf(f, String(e.fields[f.key] ?? ''), tr);
      if (value.ok) fields[f.key] = value.value;
      else found[`${e.key}:${f.key}`] = value.error;
    }
    return { ...e, name: name.ok ? name.value : e.name, fields };
  });
  return { found, ready: Object.keys(found).length === 0 ? { ...draft, entries } : null };
}

/** The board's sides the roster maps to a game side that the binding does not map yet. */
function newSides(ready: RosterDraft, binding: Binding): { tabletop: string; side: string }[] {
  const known = new Set(Object.keys(binding.sides));
  return Object.entries(ready.sides)
    .filter(([tabletop]) => !known.has(tabletop))
    .map(([tabletop, side]) => ({ tabletop, side }));
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
