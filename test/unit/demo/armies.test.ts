// The army scenes as crowded boards (test/support/armies.ts), as the benchmarks build them: copies side
// by side, every token bound like the original's, the view marking each of them.
import { describe, expect, it } from 'vitest';
import { SCENE_IDS, sceneRef } from '../../../src/adapters/demo/scenes';
import { BoardRunner } from '../../../src/board/run';
import { armyBoard } from '../../support/armies';

const ARMIES = SCENE_IDS.filter((id) => sceneRef(id)!.kind === 'army');

/** The tokens the army's own scene marks. */
const markedAlone = (id: (typeof ARMIES)[number]) => {
  const { board, table, input } = armyBoard(id);
  return new Set(new BoardRunner().run(board, table, input).view.marks.map((m) => m.id));
};

describe.each(ARMIES)('%s copied to 1,000 tokens', (id) => {
  it('has unique tokens, each copy bound as the original, and a mark on every token', () => {
    const { board, table, input, perCopy } = armyBoard(id, { tokens: 1000 });
    expect(perCopy).toBeGreaterThanOrEqual(30);
    expect(table.tokens.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(table.tokens.map((t) => t.id)).size).toBe(table.tokens.length);
    const links = input.binding.links;
    for (const t of table.tokens) expect(links[t.id], t.id).toBe(links[t.id.replace(/~\d+$/, '')]);
    const { view } = new BoardRunner().run(board, table, input);
    expect(view.error).toBeNull();
    // A system that reads positions marks every token; Hell Dorado's only the active fighter and the lost (every copy of them).
    if (!id.startsWith('hd-')) expect(view.marks).toHaveLength(table.tokens.length);
    else {
      const marked = markedAlone(id);
      expect(view.marks.length).toBe(table.tokens.filter((t) => marked.has(t.id.replace(/~\d+$/, ''))).length);
    }
    // The original army is drawn as in its scene, copies or not.
    const alone = new BoardRunner().run(board, armyBoard(id).table, input).view;
    const status = new Map(view.marks.map((m) => [m.id, m.status]));
    for (const m of alone.marks) expect(status.get(m.id), m.id).toBe(m.status);
  });

  it('linked in its first copy only, the others are a table not yet bound', () => {
    const { table, input, perCopy } = armyBoard(id, { copies: 3, links: 'first' });
    const linked = table.tokens.filter((t) => input.binding.links[t.id] !== undefined);
    expect(linked.length).toBeLessThanOrEqual(perCopy);
    expect(linked.every((t) => !t.id.includes('~'))).toBe(true);
  });
});
