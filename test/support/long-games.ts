// A long game of each system, played on a shared Owlbear scene by two clients (the game master and a
// player, alternately), to measure what the scene's metadata holds (test/unit/owlbear/size.test.ts,
// docs/owlbear.md). The game starts from the system's worked example (its demo scene's events); each
// action is then one of the events the system's own scenarios play (test/scenarios/<id>/*.json), drawn
// at random (seeded) among those the rules accept at that point, with an undo now and then: real
// event shapes, real ids, numbers as varied as the scenarios'.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { exampleRequest } from '../../src/adapters/demo/example';
import type { SceneRequest } from '../../src/shared-game/scene-request';
import type { SystemId } from '../../src/rules/ids';
import { Room, client, write, type Client } from './owlbear-room';

const scenarios = join(dirname(fileURLToPath(import.meta.url)), '../scenarios');

/** Every event the system's scenarios play (setup and play alike), as written there. */
export function scenarioEvents(system: SystemId): unknown[] {
  const out: unknown[] = [];
  for (const f of readdirSync(join(scenarios, system))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const s = JSON.parse(readFileSync(join(scenarios, system, f), 'utf8')) as {
      steps?: { event?: { type?: string } }[];
    };
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
  /** The checkpoint at the end (head and parts, as JSON), and the game it holds as JSON before packing. */
  readonly gameChars: number;
  readonly gameJsonChars: number;
  readonly compactions: number;
  /** The game master's compactions, ms from call to answer: the slowest, and the median. */
  readonly compactMaxMs: number;
  readonly compactMedianMs: number;
  readonly compactP99Ms: number;
  /**
   * The same less the garbage collector's pauses that fell inside each (Node's 'gc' performance entries):
   * the compaction's own work, the slowest. A pause is the whole page's, for what every part of it
   * allocated before; which task it lands in is chance. `compactGcMaxMs`: the longest such pause inside one.
   */
  readonly compactWorkMaxMs: number;
  readonly compactGcMaxMs: number;
  /** The largest key and the largest write the room saw (bytes), and writes it refused for their size. */
  readonly largestKey: number;
  readonly largestWrite: number;
  readonly refusedForSize: number;
  readonly types: Readonly<Record<string, number>>;
  /** The room at the end, and the two clients (to read the game again, or join late). */
  readonly room: Room;
  readonly gm: Client;
  readonly player: Client;
}

/** Seeded, so that figures can be compared from one run to the next. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export interface LongGameOptions {
  readonly seed?: number;
  /** The clients read the room after every this many actions (1: after each, as in a calm game). */
  readonly readEvery?: number;
}

export async function playLongGame(
  system: SystemId,
  actions: number,
  options: LongGameOptions = {},
): Promise<LongGame> {
  const room = new Room();
  // Two players at a brisk pace: an action every half second.
  let t = 0;
  const now = () => t;
  const gm = client('conn-gm.bg', 'gm', true, { now });
  const player = client('conn-p.bg', 'p', false, { now });
  room.join(gm, player);
  const sync = async () => {
    for (const c of [gm, player]) await room.deliver(c);
    for (const c of [gm, player]) write(room, c, c.game.heal());
  };
  const act = async (c: Client, request: SceneRequest) => {
    const r = await c.game.submit(request);
    if (r.ok) write(room, c, r.value.writes);
    return r.ok;
  };
  let compactions = 0;
  const compactMs: number[] = [];
  const windows: [start: number, end: number][] = [];
  const pauses: PerformanceEntry[] = [];
  const gc = new PerformanceObserver((list) => pauses.push(...list.getEntries()));
  gc.observe({ entryTypes: ['gc'] });
  await sync();
  await act(gm, { type: 'store/select-system', system });
  await act(gm, exampleRequest(system) as SceneRequest);
  await sync();
  const pool = scenarioEvents(system);
  const rng = lcg(options.seed ?? 7);
  const readEvery = options.readEvery ?? 1;
  let done = 0;
  let tried = 0;
  let maxChars = 0;
  const types: Record<string, number> = {};
  while (done < actions) {
    t += 500;
    const c = Math.floor(done / readEvery) % 2 ? player : gm;
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
        const g = gm.game.state.root.games[system]!;
        const st = replay(DESCRIPTORS[system].rules as never, g.config as never, g.log as never);
        console.log('STALL', JSON.stringify(st).slice(0, 3000), gm.game.state.toOpen, player.game.state.toOpen);
      }
      break;
    }
    done++;
    types[type] = (types[type] ?? 0) + 1;
    if (done % readEvery) continue;
    await sync();
    // Each player's background page opens his sealed values the game reads (the command roll's numbers).
    for (const x of [gm, player]) {
      const opening = x.game.openings();
      if (opening) await act(x, opening);
    }
    await sync();
    // The game master's background page compacts when enough waits (src/shared-game/model.ts LIMITS).
    if (gm.game.needsCompaction()) {
      const t0 = performance.now();
      const w = await gm.game.compact();
      const t1 = performance.now();
      compactMs.push(t1 - t0);
      windows.push([t0, t1]);
      if (w) {
        write(room, gm, w);
        compactions++;
      }
      await sync();
    }
    maxChars = Math.max(maxChars, room.chars);
  }
  await sync();
  pauses.push(...gc.takeRecords());
  gc.disconnect();
  const { workMax, gcMax } = withoutPauses(windows, pauses);
  const meta = room.metadata;
  const checkpoint = Object.entries(meta).filter(
    ([k]) => k === 'dev.commandpost/game' || k.startsWith('dev.commandpost/game/'),
  );
  const root = gm.game.state.game.root;
  const sorted = [...compactMs].sort((a, b) => a - b);
  return {
    actions: done,
    tried,
    events: root.games[system]?.log.events.length ?? 0,
    finalChars: room.chars,
    maxChars,
    gameChars: JSON.stringify(Object.fromEntries(checkpoint)).length,
    gameJsonChars: JSON.stringify({ games: root.games, bindings: root.bindings }).length,
    compactions,
    compactMaxMs: sorted.at(-1) ?? 0,
    compactMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    compactP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    compactWorkMaxMs: workMax,
    compactGcMaxMs: gcMax,
    largestKey: room.largestKey,
    largestWrite: room.largestWrite,
    refusedForSize: room.refusedForSize,
    types,
    room,
    gm,
    player,
  };
}

/** The slowest window less the pauses inside it, and the longest pause inside one. */
function withoutPauses(
  windows: readonly [number, number][],
  pauses: readonly PerformanceEntry[],
): { workMax: number; gcMax: number } {
  let workMax = 0;
  let gcMax = 0;
  for (const [start, end] of windows) {
    let paused = 0;
    for (const p of pauses) {
      const inside = Math.min(end, p.startTime + p.duration) - Math.max(start, p.startTime);
      if (inside <= 0) continue;
      paused += inside;
      gcMax = Math.max(gcMax, p.duration);
    }
    workMax = Math.max(workMax, end - start - paused);
  }
  return { workMax, gcMax };
}
