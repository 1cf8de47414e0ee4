import { useState } from 'preact/hooks';
import { RENDERER_REASONS } from '../../src/adapters/roll20/renderer';
import type { Roll20Settings } from '../../src/adapters/roll20/settings';
import type { BoardFigure, BoardSummary } from '../../src/board/summary';
import { useTr, useTrn, type BoardData } from '../context';
import type { ChatResult } from '../api';
import { unitLabels } from '../../src/board/names';
import type { Tr } from '../board/at';
import { SharedTable } from './SharedTable';
import { Settings } from './Settings';
import { Auras } from './Auras';
import { Diagnostics } from './Diagnostics';

/** What only Roll20 has: posting the command summary in its chat, and how its tokens map to the table model. */
export function Roll20Part({ board }: { board: BoardData }) {
  const tr = useTr();
  const trn = useTrn();
  const { summary, settings, live } = board;
  const save = (next: Partial<Roll20Settings>) =>
    void live.send({ type: 'table/settings', settings: { ...settings, ...next } });
  const page = summary.page;
  const lattice = page?.lattice;
  // Why the board is not drawn (the renderer not there yet, its canvas or camera gone, a lost WebGL context).
  const undrawn =
    summary.state === 'live' && summary.mode === 'data-only'
      ? RENDERER_REASONS.find((r) => summary.missing.includes(r))
      : undefined;
  const [chat, setChat] = useState<ChatResult | 'idle' | null>('idle');
  const post = async () => {
    const result = await live.chat(chatSummary(summary, tr));
    setChat(result === true ? 'posted' : result === false ? null : result);
  };
  return (
    <>
      {undrawn && (
        <p role="status" class="hint" data-testid="r20-undrawn" data-reason={undrawn}>
          {tr(`r20_undrawn_${undrawn.replace('-', '_')}`)}
        </p>
      )}
      {page?.defaulted && page.defaulted.length > 0 && (
        <p class="hint" data-testid="r20-defaulted">
          {tr('r20_page_defaulted', page.defaulted.join(', '))}
        </p>
      )}
      {lattice && (
        <p class="hint" data-testid="r20-lattice" data-source={lattice.source} data-reason={lattice.reason}>
          {tr(
            'r20_lattice',
            tr(`r20_lattice_${lattice.source}`),
            lattice.col,
            lattice.row,
            lattice.reason === 'page'
              ? tr('r20_lattice_why_page', Math.round(lattice.onLattice * lattice.tokens), lattice.tokens)
              : trn(
                  `r20_lattice_why_${lattice.reason}`,
                  lattice.tokens,
                  Math.round(lattice.onLattice * lattice.tokens),
                ),
          )}
        </p>
      )}
      {summary.state === 'live' && summary.figures.length > 0 && (
        <p class="row">
          <button type="button" class="small" data-testid="r20-chat" onClick={() => void post()}>
            {tr('r20_chat')}
          </button>{' '}
          {chat !== 'idle' && (
            <span role="status" class="hint" data-testid="r20-chat-result" data-result={chat ?? 'unanswered'}>
              {tr(
                chat === 'posted'
                  ? 'r20_chat_posted'
                  : chat === 'interfering'
                    ? 'r20_chat_interfering'
                    : 'r20_chat_failed',
              )}
            </span>
          )}
        </p>
      )}
      {summary.shared && <SharedTable shared={summary.shared} live={live} tr={tr} />}
      <Settings summary={summary} settings={settings} save={save} tr={tr} />
      <Auras live={live} tr={tr} />
      <Diagnostics live={live} tr={tr} />
    </>
  );
}

const IN_COMMAND = new Set<BoardFigure['status']>(['commanded', 'link', 'eligible']);

/** One chat line: per tabletop unit with a leader, how many are in command and who is out. */
export function chatSummary(summary: BoardSummary, tr: Tr): string {
  const units = new Map<string, BoardFigure[]>();
  for (const f of summary.figures)
    if (f.unit !== null) (units.get(f.unit) ?? units.set(f.unit, []).get(f.unit)!).push(f);
  const parts: string[] = [];
  const name = unitLabels(summary.units ?? [], tr);
  for (const [unit, figures] of units) {
    const ranks = figures.filter((f) => f.role !== 'leader');
    const inCommand = ranks.filter((f) => IN_COMMAND.has(f.status)).length;
    const out = ranks.filter((f) => !IN_COMMAND.has(f.status)).map((f) => f.name);
    parts.push(tr('r20_chat_unit', name(unit), inCommand, ranks.length, out.length ? out.join(', ') : '—'));
  }
  return `${tr('r20_chat_title', summary.page?.name ?? '')} ${parts.join(' · ')}`;
}
