// Every file the popup exports, it imports: for every rule system, a random evening of actions (each
// roster entry linked to a token as it is made, as a roster taken from the board is), links made and
// dropped by hand, pieces removed, undos and redos, then export → import at wherever the cursor
// stands. The imported game is the exported one (its settings, its events, undone ones included, its
// cursor), with the same links to the board, and a second export of it is the same file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importProblem } from '../../../popup/import-words';
import { exampleRequest } from '../../../src/adapters/demo/example';
import type { Piece } from '../../../src/board/model';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import { DESCRIPTORS } from '../../../src/rules';
import type { AnyDescriptor } from '../../../src/rules/descriptor';
import { SYSTEM_IDS, type SystemId } from '../../../src/rules/ids';
import { fileParts, readGameFile, type ExportPage, type GameFile } from '../../../src/store/file';
import { parseRequest } from '../../../src/store/requests';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';
import { english } from '../popup/fake-api';

const NONE = { links: {}, sides: {} };
const now = () => new Date('2026-12-05T09:00:00.000Z');
const t = (x: Parameters<typeof formatText>[1]) => formatText(english as Catalogue, x) || x.key;

async function ask(store: StoreService, raw: unknown) {
  const request = parseRequest(raw);
  if (!request.ok) return request;
  return store.handle(request.value);
}

/** The file as the popup writes it: the worker's pages from the first event on, joined. */
async function exported(store: StoreService, system: SystemId): Promise<string> {
  const pages: ExportPage[] = [];
  for (let from = 0; ;) {
    const answer = await ask(store, { type: 'store/export', system, from });
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const page = (answer as { data: ExportPage }).data;
    pages.push(page);
    from += page.events.length;
    if (page.events.length === 0 || from >= page.length) return fileParts(pages[0]!, pages).join('');
  }
}

/** The event that takes `piece` out of the game (null: the system has none; its rosters change whole). */
const REMOVE: { readonly [K in SystemId]: (piece: Piece) => unknown } = {
  bdc: (p) => ({ type: 'removed', id: p.id }),
  dc: (p) => ({ type: 'removed', id: p.id }),
  'hd-modifiers': (p) => ({ type: 'fighterRemoved', fighter: p.id }),
  cr: (p) =>
    p.kind === 'leader'
      ? { type: 'leaderRemoved', side: p.side, leader: p.id }
      : { type: 'unitRemoved', side: p.side, unit: p.id },
  'hd-command': (p) => ({ type: 'rosterSet', side: p.side, fighters: [{ name: 'Seul', cmd: 1 }] }),
};

type Step =
  | { readonly kind: 'act'; readonly n: number; readonly link: boolean }
  | { readonly kind: 'remove' | 'link' | 'unlink'; readonly n: number }
  | { readonly kind: 'undo' | 'redo' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('act' as const), n: fc.nat(), link: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('remove' as const, 'link' as const, 'unlink' as const), n: fc.nat() }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'redo' as const) }) },
);

/** Plays `steps` on a fresh store (what the rules refuse is refused, and the evening goes on). */
async function play(system: SystemId, steps: readonly Step[]): Promise<StoreService> {
  const store = new StoreService(new MemoryStorage(), now);
  const descriptor: AnyDescriptor = DESCRIPTORS[system];
  const { events } = exampleRequest(system) as { events: readonly unknown[] };
  let token = 0;
  for (const s of steps) {
    const root = await store.current();
    const game = root.games[system];
    const pieces = game ? descriptor.pieces(replayAt(system, game)) : [];
    const piece = 'n' in s && pieces.length ? pieces[s.n % pieces.length]! : null;
    switch (s.kind) {
      case 'act': {
        const event = events[s.n % events.length];
        // A roster entry made with its token linked (refused when the event makes no piece: then played alone).
        const linked = s.link
          ? await ask(store, {
              type: 'game/batch',
              system,
              events: [event],
              links: [{ event: 0, token: `t${token++}` }],
            })
          : null;
        if (!linked?.ok) await ask(store, { type: 'game/dispatch', system, event });
        break;
      }
      case 'remove':
        if (piece) await ask(store, { type: 'game/dispatch', system, event: REMOVE[system](piece) });
        break;
      case 'link':
        if (piece) await ask(store, { type: 'board/link', system, links: [{ token: `h${token++}`, piece: piece.id }] });
        break;
      case 'unlink': {
        const linked = Object.keys(root.bindings[system]?.links ?? {});
        if (linked.length)
          await ask(store, {
            type: 'board/link',
            system,
            links: [{ token: linked[s.n % linked.length]!, piece: null }],
          });
        break;
      }
      default:
        await ask(store, { type: s.kind === 'undo' ? 'game/undo' : 'game/redo', system });
    }
  }
  return store;
}

function replayAt(
  system: SystemId,
  game: { config: unknown; log: { events: readonly unknown[]; cursor: number } },
): never {
  const { rules }: AnyDescriptor = DESCRIPTORS[system];
  let state: unknown = rules.initialState(game.config);
  for (const event of game.log.events.slice(0, game.log.cursor)) {
    const next = rules.apply(state, event);
    if (!next.ok) throw new Error(`the store holds an event its rules refuse: ${JSON.stringify(next.error)}`);
    state = next.value;
  }
  return state as never;
}

describe('export → import round-trips at any cursor', () => {
  for (const system of SYSTEM_IDS) {
    it(`${system}: after any actions, links, removals, undos and redos, the imported game is the exported one`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
          const store = await play(system, steps);
          const held = await store.current();
          if (!held.games[system]) return;
          const text = await exported(store, system);
          const file = readGameFile(JSON.parse(text)) as GameFile;
          expect(await importProblem(system, file.game, t)).toBeNull();
          const other = new StoreService(new MemoryStorage(), now);
          const answer = await ask(other, { type: 'game/import', system, game: file.game, binding: file.binding });
          expect(answer.ok ? null : answer.error).toBeNull();
          const back = await other.current();
          expect(back.games[system]).toEqual(held.games[system]);
          expect(back.bindings[system]).toEqual(held.bindings[system] ?? NONE);
          // The same file again (no links and empty links alike: a game never linked is written with null).
          const again = JSON.parse(await exported(other, system)) as { binding: unknown };
          expect({ ...again, binding: again.binding ?? NONE }).toEqual({
            ...JSON.parse(text),
            binding: (JSON.parse(text) as { binding: unknown }).binding ?? NONE,
          });
        }),
        { numRuns: Number(process.env.ROUND_TRIP_RUNS ?? 200) },
      );
    }, 60_000);
  }
});
