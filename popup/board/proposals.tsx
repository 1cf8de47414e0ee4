// What the board proposes to the game (losses, late entries), and a loss applied whose token came back on
// the board offered back: the parts of the board section that change the game, not only its links.
import type { Proposal } from '../../src/rules/descriptor';
import type { Request } from '../../src/messages';
import { useT } from '../context';
import { FieldInput, useNumberField } from '../fields';
import type { BoardAt } from './at';

/** A proposal the player applied: the game's place after it, the tokens gone then, the pieces still in the game before it. */
export interface Applied {
  readonly cursor: number;
  readonly tokens: readonly string[];
  readonly alive: readonly string[];
}

/** The applied proposals as their draft keeps them (JSON); anything else, or nothing, is none. */
export function readApplied(kept: string): Applied[] {
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
export function AliveAgain({
  at: { summary, pieces, binding, system, game, send, tr },
  taken,
  onDone,
}: {
  at: BoardAt;
  taken: readonly Applied[];
  onDone: (left: Applied[]) => void;
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

/** What the board proposes, each applied or dismissed on its own. */
export function Proposals({
  at,
  proposals,
  onApplied,
  onDismiss,
}: {
  at: BoardAt;
  proposals: Proposal<unknown>[];
  onApplied: (cursor: number) => void;
  onDismiss: (key: string) => void;
}) {
  const cursor = at.game.log.cursor;
  return (
    <div class="subform board-proposals" data-testid="board-proposals">
      <h2>{at.tr('board_proposals_title')}</h2>
      <ul>
        {proposals.map((p) => (
          <ProposalRow
            key={p.key}
            at={at}
            proposal={p}
            onApplied={(n) => n === 1 && onApplied(cursor + 1)}
            onDismiss={() => onDismiss(p.key)}
          />
        ))}
      </ul>
    </div>
  );
}

/** One proposal: its words, the number it asks first (a late entrant's CMD), and apply or dismiss. */
function ProposalRow({
  at: { system, send, tr },
  proposal: p,
  onApplied,
  onDismiss,
}: {
  at: BoardAt;
  proposal: Proposal<unknown>;
  onApplied: (events: number) => void;
  onDismiss: () => void;
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
