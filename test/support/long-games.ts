// A long game of each system, played on a shared Owlbear scene by two clients (the game master and a
// player, alternately), to measure what the scene's metadata holds (test/unit/owlbear/size.test.ts,
// docs/owlbear.md). The game starts from the system's worked example (its demo scene's events); each
// action is then one of the events the system's own scenarios play (test/scenarios/<id>/*.json), drawn
// at random (seeded) among those the rules accept at that point, with an undo now and then: real
// event shapes, real ids, numbers as varied as the scenarios'.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleRequest } from '../../src/adapters/demo/example';
import type { SceneRequest } from '../../src/messages';
import type { SystemId } from '../../src/rules/ids';
import { Room, client } from './owlbear-room';
import type { SceneSync } from '../../src/adapters/owlbear/sync';

const scenarios = join(dirname(fileURLToPath(import.meta.url)), '../scenarios');

/** Every event the system's scenarios play (setup and play alike), as written there. */
export function scenarioEvents(system: SystemId): unknown[] {
  const out: unknown[] = [];
  for (const f of readdirSync(join(scenarios, system)).filter((f) => f.endsWith('.json')).sort()) {
    const s = JSON.parse(readFileSync(join(scenarios, system, f), 'utf8')) as { steps?: { event?: { type?: string } }[] };
    for (const step of s.steps ?? []) if (step.event && step.event.type !== 'newGame') out.push(step.event);
  }
  return out;
}

export interface LongGame {
  readonly actions: number;
  readonly tried: number;
  readonly events: number;
  /** Characters of the scene's metadata (our keys) at the end, and at most along the way. */
  readonly finalChars: number;
  readonly maxChars: number;
  /** The compacted game at the end: packed, and as JSON before packing. */
  readonly gameChars: number;
  readonly gameJsonChars: number;
  readonly compactions: number;
  readonly types: Readonly<Record<string, number>>;
}

/** Seeded, so that figures can be compared from one run to the next. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export async function playLongGame(system: SystemId, actions: number, seed = 7): Promise<LongGame> {
  const room = new Room();
  const gm = client('conn-gm.bg', 'gm', true);
  const player = client('conn-p.bg', 'p', false);
  room.join(gm, player);
  const sync = async () => {
    for (const c of [gm, player]) await room.deliver(c);
    for (const c of [gm, player]) {
      const w = c.heal();
      if (w) room.set(w, c);
    }
  };
  const act = async (c: SceneSync, request: SceneRequest) => {
    const r = await c.submit(request);
    if (r.ok) room.set(r.value.write, c);
    return r.ok;
  };
  let compactions = 0;
  await act(gm, { type: 'store/select-system', system });
  await act(gm, exampleRequest(system) as SceneRequest);
  await sync();
  const pool = scenarioEvents(system);
  const rng = lcg(seed);
  let done = 0;
  let tried = 0;
  let maxChars = 0;
  const types: Record<string, number> = {};
  while (done < actions) {
    const c = done % 2 ? player : gm;
    // One action in 25 is an undo; otherwise the first event drawn that the rules accept now.
    let type: string | null = null;
    if (rng() < 0.04) {
      tried++;
      if (await act(c, { type: 'game/undo', system })) type = 'undo';
    }
    for (let attempt = 0; type === null && attempt < 2000; attempt++) {
      tried++;
      const event = pool[Math.floor(rng() * pool.length)] as { type: string };
      if (await act(c, { type: 'game/dispatch', system, event } as SceneRequest)) type = event.type;
    }
    if (type === null) {
      if (process.env.LONG_GAME_DEBUG) {
        const { DESCRIPTORS } = await import('../../src/rules');
        const { replay } = await import('../../src/game/log');
        const g = gm.state.root.games[system]!;
        const st = replay(DESCRIPTORS[system].rules as never, g.config as never, g.log as never);
        console.log('STALL', JSON.stringify(st).slice(0, 3000), gm.state.toOpen, player.state.toOpen);
      }
      break;
    }
    done++;
    types[type] = (types[type] ?? 0) + 1;
    await sync();
    // Each player's background page opens his sealed values the game reads (the command roll's numbers).
    for (const x of [gm, player]) {
      const opening = x.openings();
      if (opening) await act(x, opening);
    }
    await sync();
    // The game master's background page compacts when enough waits (./game.ts SCENE_LIMITS).
    if (gm.needsCompaction()) {
      const w = await gm.compact();
      if (w) {
        room.set(w, gm);
        compactions++;
      }
      await sync();
    }
    maxChars = Math.max(maxChars, room.chars);
  }
  const game = room.metadata['dev.commandpost/game'] as { game: string } | undefined;
  const root = gm.state.game.root;
  return {
    actions: done,
    tried,
    events: root.games[system]?.log.events.length ?? 0,
    finalChars: room.chars,
    maxChars,
    gameChars: game ? JSON.stringify(game).length : 0,
    gameJsonChars: JSON.stringify({ games: root.games, bindings: root.bindings }).length,
    compactions,
    types,
  };
}
