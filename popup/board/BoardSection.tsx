// The board section's shell: the line that opens it, and where each of its parts goes. The parts (the board's
// status, proposals, links, the roster taken from the board) have files of their own and share at.ts's record.
import { useMemo, useState } from 'preact/hooks';
import { outCounts } from '../../src/board/finder';
import { EMPTY_BINDING, type Binding } from '../../src/board/model';
import { replay } from '../../src/game/log';
import type { AnyDescriptor } from '../../src/rules/descriptor';
import type { SystemId } from '../../src/rules/ids';
import type { StoredGame, StoreRoot } from '../../src/store/root';
import { useApi, useBoard, useTr, useTrn, type Send } from '../context';
import { useDraft } from '../use-draft';
import { Roll20Part } from '../roll20/Roll20Part';
import type { BoardAt } from './at';
import { Legend } from './Legend';
import { Measure, PageNotes, Status } from './Status';
import { Orphans, SelectedTokens, TokenLinks } from './links';
import { AliveAgain, Proposals, readApplied, type Applied } from './proposals';
import { RosterFromBoard } from './RosterFromBoard';
import { boardLabelOf, sideNameOf } from './sides';

interface Props {
  root: StoreRoot;
  game: StoredGame<SystemId>;
  descriptor: AnyDescriptor;
  send: Send;
}

/**
 * The live board of the active tab, for the game on screen. The game comes first: the section is one
 * line that opens ("Demo table: 9 of 9 linked · 1 out of command · 1 proposal"); above the panel stay
 * only what needs a click now: what the board proposes (losses, late entries), the token selected on
 * the board (to link it), a token left standing for a piece the game no longer has. Opened: the
 * board's key, its page and measure, the roster taken from the board for review, and in a disclosure
 * of its own every token's status, why, and link. Works the same for every rule system and tabletop.
 */
export function BoardSection({ root, game, descriptor, send }: Props) {
  const tr = useTr();
  const board = useBoard()!;
  const { summary } = board;
  const replayed = useMemo(() => replay(descriptor.rules, game.config, game.log), [descriptor, game]);
  const state: unknown = replayed.ok ? replayed.value : null;
  const binding: Binding = root.bindings[descriptor.id] ?? EMPTY_BINDING;
  const pieces = useMemo(() => (state === null ? [] : descriptor.pieces(state)), [descriptor, state]);
  const system = descriptor.id;
  const sideName = (side: string | null) =>
    side === null ? '' : sideNameOf(state, system, side, tr, boardLabelOf(summary, binding, side));
  const at: BoardAt = { summary, pieces, binding, system, game, send, sideName, tr };
  const linked = summary.figures.filter((f) => binding.links[f.id] !== undefined).length;
  // Kept here, not with the proposals: the line that opens counts them.
  const offered = state !== null && descriptor.propose ? descriptor.propose(state, binding, summary) : [];
  const [dismissed, setDismissed] = useDraft<readonly string[]>('board.dismissed', []);
  const shown = offered.filter((p) => !dismissed.includes(p.key));
  // The losses the board proposed and the player applied, to offer them back if the token comes back.
  const [applied, setApplied] = useDraft<string>('board.applied', '');
  const taken = useMemo(() => readApplied(applied), [applied]);
  const onApplied = (cursor: number) => {
    const entry: Applied = {
      cursor,
      tokens: summary.gone.map((g) => g.id),
      alive: pieces.filter((p) => !p.gone).map((p) => p.id),
    };
    setApplied(JSON.stringify([...taken.slice(-9), entry]));
  };
  const [open, setOpen] = useDraft<boolean>('board.open', false);
  return (
    <>
      <section class="board-live" aria-labelledby="board-title" data-testid="board">
        <Status summary={summary} tr={tr} />
        <details
          class="board-details"
          open={open}
          onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
          data-testid="board-details"
        >
          <summary data-testid="board-summary">
            {/* A heading (inline, in the line that opens): the board's sides and units under it are its h3 and h4. */}
            <h2 id="board-title">{tr(`board_title_${summary.tabletop}`)}</h2>
            <Counts at={at} linked={linked} proposals={shown.length} />
          </summary>
          {/* The tab's finder first, under the live line's "N out": one click a figure, the board centres it and opens its words. */}
          <Finder at={at} />
          {/* The board's key first: what each mark, ring and line on the board means. */}
          <Legend />
          <PageNotes summary={summary} tr={tr} />
          <Measure descriptor={descriptor} tr={tr} />
          <p class="hint" data-testid="board-linked">
            {tr('board_linked_count', linked, summary.figures.length)}
          </p>
          {state !== null && descriptor.roster && <RosterFromBoard at={at} roster={descriptor.roster} state={state} />}
          <TokenLinks at={at} />
          {summary.dropped > 0 && (
            <p class="hint" data-testid="board-dropped">
              {tr('board_dropped', summary.dropped)}
            </p>
          )}
          {summary.tabletop === 'roll20' && <Roll20Part board={board} />}
        </details>
      </section>
      <Orphans at={at} />
      <SelectedTokens at={at} />
      <AliveAgain at={at} taken={taken} onDone={(left) => setApplied(JSON.stringify(left))} />
      {shown.length > 0 && (
        <Proposals
          at={at}
          proposals={shown}
          onApplied={onApplied}
          onDismiss={(key) => setDismissed([...dismissed, key].slice(-50))}
        />
      )}
    </>
  );
}

/** The line that opens, after the title: tokens linked, out of command, unable to command, and proposals. */
function Counts({ at: { summary, tr }, linked, proposals }: { at: BoardAt; linked: number; proposals: number }) {
  const trn = useTrn();
  // The same count as the finder's (src/board/finder.ts): figures out of command, and leaders who cannot command.
  const { out, blocked } = outCounts(summary.figures);
  if (summary.state !== 'live') return null;
  return (
    <span class="board-counts">
      {/* After the title as the language punctuates it (French: a space before the colon). Every token linked goes without saying: the line stays one line with an army on the board. */}
      {tr(
        'board_strip_counts',
        [
          (linked < summary.figures.length || out + blocked === 0) &&
            tr('board_strip_linked', linked, summary.figures.length),
          out > 0 && tr('board_strip_out', out),
          blocked > 0 && trn('board_strip_blocked', blocked),
          proposals > 0 && trn('board_strip_proposals', proposals),
        ]
          .filter(Boolean)
          .join(' · '),
      )}
    </span>
  );
}

/**
 * The tab's finder (the demo table's and Roll20's): each click centres the next figure out of command or
 * leader who cannot command on the board, and says who and why. Gone once the tab leaves it unanswered.
 */
function Finder({ at: { summary, tr } }: { at: BoardAt }) {
  const live = useApi().live;
  const { out, blocked } = outCounts(summary.figures);
  const toFind = out + blocked;
  const [findable, setFindable] = useState(true);
  const [found, setFound] = useState('');
  const finds = summary.tabletop === 'demo' || summary.tabletop === 'roll20';
  if (summary.state !== 'live' || !finds || !live?.find || toFind === 0 || !findable) return null;
  return (
    <p class="board-find">
      <button
        type="button"
        class="small"
        data-testid="board-find"
        onClick={() =>
          void live.find!(1).then((said) => {
            setFindable(said !== null);
            setFound(said ?? '');
          })
        }
      >
        {tr('board_find', toFind)}
      </button>{' '}
      <span role="status" data-testid="board-find-said">
        {found}
      </span>
    </p>
  );
}
