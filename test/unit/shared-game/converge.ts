// The shared game converges whatever happens at the table (property): random interleavings of honest
// actions, stale merges (a writer's update spread over its own copy, under the `client` reading of
// Owlbear's merge), writes Owlbear refuses, pages that reload, roles that change hands, a hostile
// player's writes of every kind, and compaction. At the end of the evening every honest action is in
// every honest client's game exactly once, unchanged, and the honest clients have the same game.
// Played by converge-server.test.ts and converge-client.test.ts, one merge reading each (both at once).
import fc from 'fast-check';
import { expect } from 'vitest';
import { GAME_KEY, OPS_PREFIX, PART_PREFIX, SCENE_KEY } from '../../../src/adapters/owlbear/keys';
import { RECORD_KEY } from '../../../src/adapters/owlbear/keys';
import { digest, digestText, readRecord } from '../../../src/shared-game/records';
import { headText, signedText, type Head } from '../../../src/shared-game/checkpoint';
import { signCheckpoint, signPages } from '../../../src/shared-game/signing';
import { returnedValue } from '../../../src/shared-game/returns';
import { LIMITS } from '../../../src/shared-game/model';
import { MemoryKeeper, nodeCodec, parseMetadata, type Client } from '../../support/owlbear-room';
import { Table, names, opsOf, sideEdited } from './harness';

type Forgery =
  | 'clock'
  | 'by'
  | 'gm'
  | 'into'
  | 'same-seq'
  | 'suffix'
  | 'empty'
  | 'game'
  | 'game-signed'
  | 'game-claimed'
  | 'game-elsewhere'
  | 'delete-game'
  | 'record'
  | 'replay'
  | 'flood'
  | 'crowd'
  | 'huge'
  | 'stale'
  | 'gone-pages';
// Every forgery is drawn in every run but one: 'game-elsewhere' (another scene's game the game master
// signed, copied in), drawn only with OWLBEAR_FORGERIES=all. Drawn in every run from 7c129e4, it made
// about one run of 1,000 evenings per merge in two fail: where no page at the table names this scene
// (the game master away, every player refreshed), the copy is taken, and the scene's actions are lost
// where the game master, back, takes the copy his own key signed (docs/shared-game.md, "Cross-scene
// copies"; the open evenings are replayed as still failing in ./open-evenings.test.ts). 'gone-pages'
// (pages and return keys under made-up gone connections) is drawn in every run. OWLBEAR_FORGERIES=held
// leaves out both, to tell whether an evening needs them.
const HELD: Forgery[] = [
  'clock',
  'by',
  'gm',
  'into',
  'same-seq',
  'suffix',
  'empty',
  'game',
  'game-signed',
  'game-claimed',
  'delete-game',
  'record',
  'replay',
  'flood',
  'crowd',
  'huge',
  'stale',
];
const FORGERIES: Forgery[] =
  process.env.OWLBEAR_FORGERIES === 'held'
    ? HELD
    : process.env.OWLBEAR_FORGERIES === 'all'
      ? [...HELD, 'gone-pages', 'game-elsewhere']
      : [...HELD, 'gone-pages'];
/** Whether players refresh their tabs (a new connection each: in every run, but with OWLBEAR_REFRESH=0), and whether a player made game master may too (see the `refresh` step). */
const REFRESH = process.env.OWLBEAR_REFRESH !== '0' || process.env.OWLBEAR_GM_REFRESH === '1';
const GM_REFRESH = process.env.OWLBEAR_GM_REFRESH === '1';

export type Step =
  | { kind: 'act'; who: number; side: 'A' | 'B' }
  | { kind: 'hostile-act' }
  | { kind: 'land'; who: number }
  | { kind: 'refuse'; who: number }
  | { kind: 'hear'; who: number }
  | { kind: 'tick'; ms: number }
  | { kind: 'compact' }
  | { kind: 'reload'; who: number }
  /** A player refreshes his tab: a new connection (his player metadata reset), the same player, the same browser. */
  | { kind: 'refresh'; who: number }
  | { kind: 'up'; who: number }
  /** `whileAway`: also while the game master is away. */
  | { kind: 'role'; who: number; whileAway?: boolean }
  /** The game master leaves; `early`: before his last actions are compacted. */
  | { kind: 'away'; early?: boolean }
  | { kind: 'back' }
  | { kind: 'join' }
  | { kind: 'forge'; what: Forgery; victim: number };

const who = fc.integer({ min: 0, max: 2 });
export const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('act' as const), who, side: fc.constantFrom('A' as const, 'B' as const) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'hostile-act' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('land' as const), who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refuse' as const), who }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('hear' as const), who }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(100, 300, 700) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('up' as const), who }) },
  // A player's refresh, in every run (each kind of evening it found is fixed and replayed in KNOWN below).
  ...(REFRESH
    ? [
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('refresh' as const), who: fc.integer({ min: 1, max: 2 }) }),
        },
      ]
    : []),
  // The game master's absence in full: he leaves before his last actions are compacted, or after; roles
  // change hands while he is away, or only while he is here.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('role' as const),
      who: fc.integer({ min: 1, max: 2 }),
      whileAway: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('away' as const), early: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'back' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'join' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('forge' as const),
      what: fc.constantFrom<Forgery>(...FORGERIES),
      victim: who,
    }),
  },
);

const HOSTILE = 'X';

/** One forged write of the hostile player's (his client writes whatever it likes, wherever it likes, and his own record). */
async function forge(
  table: Table,
  what: Forgery,
  victimIndex: number,
  history: ReadonlyMap<string, string>[],
  n: number,
): Promise<void> {
  const victim = table.honest[victimIndex]!;
  const meta = table.metadata;
  const scene = (meta['dev.commandpost/scene'] as string | undefined) ?? 'nope';
  const hKey = OPS_PREFIX + 'h.bg';
  const hOps = opsOf(meta, 'h.bg');
  const next = (hOps[hOps.length - 1]?.seq ?? 0) + 1;
  const mine = (op: object) => ({
    v: 2,
    scene,
    done: 0,
    ops: [...hOps, { seq: next, lamport: (hOps[hOps.length - 1]?.lamport ?? 0) + 1, by: 'h', ...op }],
  });
  const name = `${HOSTILE}${n}`;
  const theirs = opsOf(meta, victim.me.writer);
  const last = theirs[theirs.length - 1];
  const vKey = OPS_PREFIX + victim.me.writer;
  switch (what) {
    case 'clock':
      return table.forge({ [hKey]: mine({ lamport: Number.MAX_SAFE_INTEGER, request: sideEdited('A', name) }) });
    case 'by':
      return table.forge({ [hKey]: mine({ by: victim.me.player, request: sideEdited('B', name) }) });
    case 'gm':
      return table.forge({
        [hKey]: mine({ gm: true, request: { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] } }),
      });
    case 'into':
      return table.forge({
        [vKey]: {
          v: 2,
          scene,
          done: 0,
          ops: [
            ...theirs,
            {
              seq: (last?.seq ?? 0) + 1,
              lamport: (last?.lamport ?? 0) + 1,
              by: victim.me.player,
              ...(victim.me.gm ? { gm: true } : {}),
              request: sideEdited('A', name),
            },
          ],
        },
      });
    case 'same-seq': {
      // An op under the number the victim is about to use (his own writes may be refused meanwhile).
      const seq = (last?.seq ?? 0) + 1;
      return table.forge({
        [vKey]: {
          v: 2,
          scene,
          done: 0,
          ops: [
            ...theirs,
            { seq, lamport: (last?.lamport ?? 0) + 1, by: victim.me.player, request: sideEdited('B', name) },
          ],
        },
        [`${vKey}.1`]: {
          v: 2,
          scene,
          done: 0,
          ops: [{ seq: seq + 1, lamport: 99, by: victim.me.player, request: sideEdited('B', name) }],
        },
      });
    }
    case 'suffix':
      // A page name no page of the victim's connection writes.
      return table.forge({
        [`${vKey.slice(0, -3)}.x`]: {
          v: 2,
          scene,
          done: 0,
          ops: [{ seq: 1, lamport: 1, by: victim.me.player, gm: true, request: sideEdited('A', name) }],
        },
        [`${vKey}.9`]: {
          v: 2,
          scene,
          done: 0,
          ops: [{ seq: 1, lamport: 1, by: victim.me.player, request: sideEdited('A', name) }],
        },
      });
    case 'empty':
      return table.forge({ [vKey]: null });
    case 'game':
    case 'game-signed':
    case 'game-claimed':
    case 'game-elsewhere':
      return forgeGame(table, what, scene);
    case 'delete-game':
      return table.forge({
        [GAME_KEY]: null,
        ...Object.fromEntries(
          Object.keys(meta)
            .filter((k) => k.startsWith(PART_PREFIX))
            .map((k) => [k, null]),
        ),
      });
    case 'record': {
      // His own record signs a forged checkpoint (he is no game master) and his own pages of forged authorship.
      const pages = [mine({ request: sideEdited('A', `${HOSTILE}own${n}`) }), null, null, null, null, null, null, null];
      table.forge({ [hKey]: pages[0] });
      table.room.records.set('h', {
        v: 1,
        ops: [{ s: scene, h: digest(pages), n: next }],
        cp: [{ s: scene, h: digest(meta[GAME_KEY] ?? null), g: 1 }],
      });
      void RECORD_KEY;
      return;
    }
    case 'replay': {
      // An older copy of the victim's key, or the victim's ops copied into the hostile player's.
      const at = history[Math.floor(history.length / 2)];
      const old = at && parseMetadata(at);
      if (old && n % 2) return table.forge({ [vKey]: old[vKey] ?? null });
      return table.forge({
        [hKey]: { v: 2, scene, done: 0, ops: [...hOps, ...theirs.map((op, i) => ({ ...op, seq: next + i }))] },
      });
    }
    case 'flood':
      return table.forge(
        Object.fromEntries(
          Array.from({ length: 80 }, (_, i) => [
            `${OPS_PREFIX}fake${n}x${i}.bg`,
            { v: 2, scene, done: 0, ops: [{ seq: 1, lamport: 1, by: `fake${i}`, request: sideEdited('A', name) }] },
          ]),
        ),
      );
    case 'crowd':
      // Keys under the hostile player's own connection, as many as 64 writers.
      return table.forge(
        Object.fromEntries(
          Array.from({ length: 64 }, (_, i) => [
            `${OPS_PREFIX}h.x${i}`,
            { v: 2, scene, done: 0, ops: [{ seq: 1, lamport: 1, by: 'h', request: sideEdited('A', name) }] },
          ]),
        ),
      );
    case 'huge':
      return table.forge({
        [hKey]: mine({
          request: {
            type: 'game/dispatch',
            system: 'hd-command',
            event: { type: 'spend', side: 'A', amount: 1e308, permanent: false, note: 'x'.repeat(100_000) },
          },
        }),
      });
    case 'gone-pages': {
      // Pages under a connection no one saw, signed by a key of his own that his record names: some
      // claim to be the victim's (a player's, or a game master's if the victim is one), some his own.
      const secret = (await nodeCodec.newSecret())!;
      const key = (await nodeCodec.publicKey(secret))!;
      table.room.records.set('h', {
        ...(readRecord(table.room.records.get('h')) ?? { v: 1, ops: [], cp: [] }),
        k: key,
      });
      for (const c of table.honest) table.room.deliverParty(c);
      const pages = async (writer: string, player: string, gm: boolean, event: string) => {
        const page = {
          v: 2,
          scene,
          done: 0,
          ops: [
            {
              seq: 1,
              lamport: (hOps[hOps.length - 1]?.lamport ?? 0) + 1,
              by: player,
              ...(gm ? { gm: true } : {}),
              request: sideEdited('A', event),
            },
          ],
        };
        const sig = await signPages(nodeCodec, secret, key, writer, {
          scene,
          player,
          gm,
          h: digest([page, null, null, null, null, null, null, null]),
        });
        return { page, sig, keys: { [OPS_PREFIX + writer]: page, [`${OPS_PREFIX}${writer}.s`]: sig } };
      };
      // (His game master, asked about pages signed in another's name, knows they are not that player's.)
      table.forgedKeys.add(key);
      // The same written back for a gone writer, under his return key, with that signature (the copy a
      // player who saw him holds carries his own: src/shared-game/returns.ts).
      const returned = await pages(`gone${n}r.bg`, victim.me.player, victim.me.gm, name);
      return table.forge({
        ...(await pages(`gone${n}v.bg`, victim.me.player, victim.me.gm, name)).keys,
        ...(await pages(`gone${n}h.bg`, 'h', false, `${HOSTILE}own${n}`)).keys,
        [`${OPS_PREFIX}gone${n}r.bg.r`]: returnedValue(
          scene,
          [returned.page, ...Array<null>(LIMITS.pagesPerWriter - 1).fill(null)],
          returned.sig,
        ),
      });
    }
    case 'stale': {
      // A whole old copy written back, as a stale client would (every key of it).
      const at = history[Math.floor((n * 7) % Math.max(1, history.length))];
      const old = at && parseMetadata(at);
      if (old) table.forge(old);
      return;
    }
  }
}

/**
 * A checkpoint that reads (every honest writer covered far ahead, the hostile player seated on both
 * sides): unsigned, signed by the hostile player's own key (his record publishing it and vouching for
 * it), naming the game master's key with the hostile player's signature, or another scene's game the
 * game master signed (copied in from it).
 */
async function forgeGame(
  table: Table,
  what: 'game' | 'game-signed' | 'game-claimed' | 'game-elsewhere',
  here: string,
): Promise<void> {
  // Another scene's game, as the game master's page signed it there: his key, and his record signing it.
  const gmSecret = (table.gm.game as unknown as { s: { signer: { secret: string } | null } }).s.signer?.secret;
  const elsewhere = what === 'game-elsewhere' && gmSecret !== undefined;
  const scene = elsewhere ? 'elsewhere' : here;
  const state = await nodeCodec.pack(
    JSON.stringify({
      v: 2,
      activeSystem: 'hd-command',
      games: {},
      bindings: {},
      seats: { h: { name: 'h', seats: [0, 1] } },
      opened: {},
    }),
  );
  const covers = Object.fromEntries([...table.honest, table.hostile].map((c) => [c.me.writer, 1e9]));
  let head: Head = {
    v: 2,
    scene,
    gen: 1e6,
    by: 'gm.bg',
    covers,
    lamport: 1e9,
    gm: {},
    state: [{ key: 'state.0', h: digestText(state) }],
  };
  if (elsewhere) {
    head = { ...head, key: (await nodeCodec.publicKey(gmSecret))! };
    head = { ...head, sig: (await signCheckpoint(nodeCodec, gmSecret, signedText(head)))! };
    table.gm.book.setCheckpoint(scene, { h: digestText(headText(head)), g: head.gen });
    for (const c of table.honest) table.room.deliverParty(c);
  } else if (what !== 'game') {
    const secret = (await nodeCodec.newSecret())!;
    const key = (await nodeCodec.publicKey(secret))!;
    table.room.records.set('h', {
      ...(readRecord(table.room.records.get('h')) ?? { v: 1, ops: [], cp: [] }),
      k: key,
      g: { s: scene, k: [key] },
    });
    for (const c of table.honest) table.room.deliverParty(c);
    head = {
      ...head,
      key: what === 'game-claimed' ? (readRecord(table.room.records.get(table.gm.holder))?.k ?? key) : key,
    };
    head = { ...head, sig: (await signCheckpoint(nodeCodec, secret, signedText(head)))! };
  }
  table.forgedHeads.add(JSON.stringify(head));
  table.forge({ [SCENE_KEY]: scene, [`${PART_PREFIX}state.0`]: state, [GAME_KEY]: head });
}

export async function evening(
  mode: 'server' | 'client',
  steps: Step[],
  storage = true,
  forgedStart = false,
): Promise<void> {
  const table = new Table(mode, 2, 900, 600, storage);
  // A fresh scene someone already wrote into: a checkpoint that reads, before anyone's page starts.
  if (forgedStart) await forgeGame(table, 'game-signed', 'forged');
  const accepted: string[] = [];
  const history: ReadonlyMap<string, string>[] = [];
  const refusedInRow = new Map<string, number>();
  const reloading = new Set<number>();
  /**
   * Actions no running honest page held when a page reloaded in a browser that keeps nothing of its own
   * (its writer's last copy gone with it, and the keys' copy open to a stale or hostile write): they may
   * be lost (docs/shared-game.md), the same for everyone. With storage, nothing is excused.
   */
  const atRisk = new Set<string>();
  const madeBy = new Map<string, string>();
  /** Actions of players who refreshed on a browser that keeps nothing, made by the connection that left (see `quietAgree`). */
  const unprovable = new Set<string>();
  // A compactor's own actions in a checkpoint of his that no other running page has read (written as his
  // page leaves, or landing after it left): with no copy in his browser, they are the same risk.
  const ownInUnreadCheckpoint = (c: (typeof table.honest)[number]) => {
    const gen = c.game.state.checkpoint.gen;
    if (table.honest.some((o) => o !== c && !table.down.has(o) && o.game.state.checkpoint.gen >= gen)) return;
    for (const x of names(c)) if (madeBy.get(x) === c.me.writer) atRisk.add(x);
  };
  if (!storage) {
    table.onLandedAfterLeaving = (from, write) => {
      if (write[GAME_KEY] !== undefined) ownInUnreadCheckpoint(from);
    };
  }
  let n = 0;
  // At a quiet point (every write landed and heard, nothing unsent) the running honest pages play one game, not only at the end.
  const quietAgree = (when: string) => {
    const up = table.honest.filter(
      (c) => !table.down.has(c) && !c.game.waiting && c.game.state.checkpoint.trust !== 'none',
    );
    if (up.some((c) => c.game.state.unsent.length)) return;
    // (What the docs name: actions of a player who refreshed on a browser that keeps nothing, not yet in a
    // checkpoint, are played by the pages that saw him and not by the others until the game master
    // answers for his old key; not compared while the pages part on them.)
    if (unprovable.size) {
      const played = up.map((c) => new Set(names(c)));
      if ([...unprovable].some((x) => played.some((p) => p.has(x)) && played.some((p) => !p.has(x)))) return;
    }
    for (const c of up.slice(1))
      expect(c.game.state.root.games, `${when}: ${c.me.writer} plays ${up[0]!.me.writer}'s game`).toEqual(
        up[0]!.game.state.root.games,
      );
  };
  for (const c of table.honest) await table.hear(c);
  await table.act(table.gm, { type: 'store/select-system', system: 'hd-command' });
  await table.tick(700);
  const up = async (i: number) => {
    if (!reloading.delete(i)) return;
    const old = table.honest[i]!;
    table.down.delete(old);
    await table.hear(table.reload(old));
  };
  // The game master leaves the room at a quiet moment (his connection and its player metadata go), and
  // comes back as a new connection: in the same browser (its storage, where it keeps any), or not.
  let away: Client | null = null;
  let returns = 0;
  let joins = 0;
  const back = async () => {
    if (!away) return;
    const keeper = new MemoryKeeper(table.keepers.get(away.me.writer));
    const gm = table.client(`gm${++returns}.bg`, 'gm', true, { keeper: storage ? keeper : null });
    table.keepers.set(gm.me.writer, keeper);
    (table as { gm: Client }).gm = gm;
    table.room.join(gm);
    away = null;
    await table.hear(gm);
  };
  for (const s of steps) {
    const c = 'who' in s ? table.honest[s.who]! : null;
    if (s.kind === 'act') {
      const name = `n${++n}`;
      if (!table.down.has(c!) && (await table.act(c!, sideEdited(s.side, name)))) {
        accepted.push(name);
        madeBy.set(name, c!.me.writer);
      }
    } else if (s.kind === 'hostile-act') await table.act(table.hostile, sideEdited('A', `${HOSTILE}own${++n}`));
    else if (s.kind === 'land') {
      table.land(c!);
      refusedInRow.set(c!.me.writer, 0);
    } else if (s.kind === 'refuse') {
      // Owlbear refuses a writer's write at most twice in a row (then it has the room's attention again).
      const row = refusedInRow.get(c!.me.writer) ?? 0;
      if (row < 2) {
        table.land(c!, true);
        refusedInRow.set(c!.me.writer, row + 1);
      }
    } else if (s.kind === 'hear') await table.hear(c!);
    else if (s.kind === 'tick') await table.tick(s.ms);
    else if (s.kind === 'compact') {
      for (const g of table.honest) if (g.game.compactor) await table.compact(true, g);
    } else if (s.kind === 'away') {
      // Once his writes landed. `early`: with actions of his not compacted yet: his pages carry his key's
      // signature, and his next connection plays them as his (on a browser that kept nothing, once he
      // answers that they are his: harness.ts `chooseUnproven`); his browser keeps them too, and writes
      // them back should every page that held them reload while someone writes over them. Else once
      // all his actions are in a checkpoint.
      if (!away && !reloading.size && !table.down.has(table.gm) && !table.players.some((p) => p.me.gm)) {
        await table.calm();
        if (!s.early) {
          await table.compact(true, table.gm);
          await table.calm();
        }
        quietAgree('before the game master leaves');
        // (His page must know its own actions: one still waiting to take back its pages after a reload
        // holds none yet, though the players play them; seed 290274744.)
        if (!table.gm.game.waiting && (s.early || !table.gm.game.ownOps.length) && !table.gm.game.unvouched) {
          away = table.gm;
          table.room.leave(away);
          table.down.add(away);
        }
      }
    } else if (s.kind === 'back') await back();
    else if (s.kind === 'join') {
      // A newcomer: a player who was not at the table, with nothing of his own to check against.
      if (joins < 2) {
        const newcomer = table.client(`j${++joins}.bg`, `j${joins}`, false);
        table.players.push(newcomer);
        table.room.join(newcomer);
        await table.hear(newcomer);
      }
    } else if (s.kind === 'reload' && c === away) {
      // Not at the table: nothing to reload.
    } else if (s.kind === 'reload') {
      table.down.add(c!);
      if (!storage) {
        const held = new Set(table.honest.filter((o) => !table.down.has(o)).flatMap((o) => names(o)));
        for (const x of accepted) if (!held.has(x)) atRisk.add(x);
        if (c!.game.compactor) ownInUnreadCheckpoint(c!);
      }
      reloading.add(s.who);
    } else if (s.kind === 'up') await up(s.who);
    else if (s.kind === 'refresh') {
      // (harness.ts `refresh`: his writes still on their way are lost; in the same browser, his signing
      // key kept where browsers keep anything: his earlier connection's pages stay his to everyone.) A
      // player's: the game master's own leaving and coming back are drawn by `away` and `back`; a player
      // made one who refreshes only with OWLBEAR_GM_REFRESH=1 (seed -176701140, client merge: made one
      // while the game master is away, he compacts a player's action of his own, then refreshes before that
      // checkpoint lands; his browser writes it back, but the game master's, back meanwhile, of the same
      // number sorts first, and the action is lost: a writer who left in between cannot bring his back).
      if (!reloading.has(s.who) && !table.down.has(c!) && (GM_REFRESH || !c!.me.gm)) {
        if (!storage) {
          const held = new Set(table.honest.filter((o) => o !== c && !table.down.has(o)).flatMap((o) => names(o)));
          for (const x of accepted) if (!held.has(x)) atRisk.add(x);
          if (c!.game.compactor) ownInUnreadCheckpoint(c!);
          for (const x of accepted) if (madeBy.get(x) === c!.me.writer) unprovable.add(x);
        }
        await table.refresh(c!);
      }
    }
    // Roles change hands at a calm moment: every page running and the last writes heard (an action made
    // in the second before a hand-over, seen by no game master, may be refused: docs/owlbear.md).
    else if (s.kind === 'role') {
      // (`whileAway`: while the game master is away too: a player made one compacts, and at his return two
      // game masters may each have signed a checkpoint of the same number.)
      if (reloading.size === 0 && (away ? s.whileAway === true && c !== away : true)) {
        await table.calm();
        quietAgree('before a role changes hands');
        table.room.setRole(c!, !c!.me.gm);
        await table.partyChanged();
      }
    } else await forge(table, s.what, s.victim, history, ++n);
    history.push(table.room.snapshot());
    if (process.env.OWLBEAR_TRACE) {
      const head = table.metadata[GAME_KEY] as { gen?: number; scene?: string } | undefined;
      console.log(
        JSON.stringify(s),
        `head ${head?.gen ?? '-'}`,
        table.honest
          .map(
            (o) =>
              `${o.me.writer}${table.down.has(o) ? '(down)' : ''}${o.game.compactor ? '*' : ''}${o.me.gm ? 'G' : ''} ${o.game.state.checkpoint.trust}/${o.game.state.checkpoint.gen}@${o.game.sceneId} [${names(o).join(',')}]`,
          )
          .join(' | '),
      );
    }
  }
  // The hostile player stops; pages still reloading come back, the players' roles are as they were;
  // everything in flight arrives, pages heal, the game master compacts.
  for (const i of [...reloading]) await up(i);
  await back();
  // (At a calm moment, as every hand-over: a checkpoint a promoted player wrote lands while he is one.)
  if (table.players.some((p) => p.me.gm)) {
    await table.calm();
    for (const p of table.players) if (p.me.gm) table.room.setRole(p, false);
    await table.partyChanged();
  }
  await table.settle(60, true);
  // Liveness: once every write lands (the hostile player stopped), no honest action stays unsent more
  // than 10 s of table time (3.5 s the longest in 600 evenings when this was written).
  expect(table.longestUnsent, 'no honest action unsent more than 10 s once every write lands').toBeLessThanOrEqual(
    10_000,
  );
  const clients = table.honest;
  if (process.env.OWLBEAR_DEBUG) {
    const m = table.metadata;
    console.log(
      JSON.stringify(
        Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 30) : v])),
        null,
        0,
      ).slice(0, 3000),
    );
    console.log('records', JSON.stringify([...table.room.records]));
    for (const c of clients)
      console.log(
        c.me.writer,
        c.game.waiting,
        c.game.needsCompaction(),
        c.game.compactor,
        JSON.stringify(c.game.unvouched),
        JSON.stringify(c.game.state.checkpoint),
        c.game.sceneId,
        names(c),
        JSON.stringify(c.game.state.dropped).slice(0, 600),
        JSON.stringify(c.game.refusedLately).slice(0, 600),
      );
  }
  for (const c of clients) {
    const honest = names(c).filter((x) => !x.startsWith(HOSTILE));
    const kept = honest.filter((x) => atRisk.has(x));
    expect([...honest].sort(), `${c.me.writer}: every honest action once`).toEqual(
      [...accepted.filter((x) => !atRisk.has(x) || kept.includes(x))].sort(),
    );
  }
  for (const c of clients.slice(1))
    expect(c.game.state.root.games, `${c.me.writer} plays the game master's game`).toEqual(
      clients[0]!.game.state.root.games,
    );
  // Nothing forged in an honest writer's name was played.
  for (const c of clients)
    expect(names(c).filter((x) => x.startsWith(HOSTILE) && !x.startsWith(`${HOSTILE}own`))).toEqual([]);
  // And the evening ends compacted: nothing waits in the honest writers' keys.
  for (const c of clients) expect(opsOf(table.metadata, c.me.writer), c.me.writer).toEqual([]);
  // (A checkpoint, unless nothing at all reached the table: the game master's first action lost as he reloaded.)
  if (clients.some((c) => names(c).length)) expect(table.metadata[GAME_KEY]).toBeTruthy();
}

/** Evenings per merge reading: 1,000 (each merge's in its own file, so that both run at once); fewer with OWLBEAR_PROPERTY_RUNS while working. */
export const RUNS = Number(process.env.OWLBEAR_PROPERTY_RUNS ?? 1000);

/** Evenings that once lost an honest action (each red before its fix): played first, every run. */
// (One evening a line, as the property prints it: pasted from its output.)
// prettier-ignore
export const KNOWN: Record<'server' | 'client', (Step[] | [Step[], boolean] | [Step[], boolean, boolean])[]> = {
  server: [
    // The game master's first checkpoint, read by one player only, both their pages then reloading with nothing kept, and a forged checkpoint written over it: the newcomers who held the player's action wrote it back only where the scene held no checkpoint at all, so the forgery (no one's) held it up and it was lost on every client (seed 458458149).
    [[{"kind":"tick","ms":700},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"join"},{"kind":"join"},{"kind":"reload","who":0},{"kind":"up","who":0},{"kind":"reload","who":0},{"kind":"compact"},{"kind":"compact"},{"kind":"act","who":1,"side":"A"},{"kind":"refuse","who":0},{"kind":"hear","who":1},{"kind":"join"},{"kind":"reload","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"away"},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"hostile-act"},{"kind":"land","who":0},{"kind":"reload","who":0},{"kind":"forge","what":"game-signed","victim":0},{"kind":"act","who":0,"side":"A"}],false,false],
    // The game master's last checkpoint, written as a forged one landed, stands (his key) but its part was written over, and his page reloaded with nothing kept: the players, who play the one before, put theirs back (seed 618938912: no one did, since a newer one a game master signs was thought on its way, and the table waited for ever).
    [[{"kind":"forge","what":"crowd","victim":0},{"kind":"away"},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"away"},{"kind":"tick","ms":700},{"kind":"tick","ms":700},{"kind":"role","who":1},{"kind":"hostile-act"},{"kind":"back"},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"away"},{"kind":"forge","what":"game-signed","victim":0},{"kind":"reload","who":0},{"kind":"role","who":1},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"back"},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"}], false, true],
    // A running game master playing no checkpoint yet keeps his scene when a hostile player's record names the copied-in scene (seed -189227943: he followed it, splitting the table).
    [[{"kind":"hear","who":2},{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"forge","what":"game-claimed","victim":0},{"kind":"reload","who":2},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"role","who":1},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"away"},{"kind":"forge","what":"clock","victim":0}], false],
    // Another scene's game copied in, then a checkpoint forged over it whose forger's record names that other scene: the game master back on a new browser still plays the scene the players who play a checkpoint name (seed -425455691).
    [[{"kind":"away"},{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"forge","what":"game-signed","victim":0},{"kind":"up","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"compact"},{"kind":"land","who":0},{"kind":"role","who":1},{"kind":"hostile-act"},{"kind":"compact"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"role","who":1},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"away"},{"kind":"hear","who":0},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"hostile-act"},{"kind":"hear","who":0}], false],
    // The game master back on a new browser finds the checkpoint deleted; the players hold one signed by a key his first page had before reloading, proven to them by his record's signature of that very checkpoint: they put it back.
    [[{"kind":"compact"},{"kind":"reload","who":0},{"kind":"up","who":0},{"kind":"away"},{"kind":"forge","what":"delete-game","victim":0},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"back"},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"hostile-act"},{"kind":"tick","ms":100},{"kind":"hostile-act"},{"kind":"reload","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0}], false],
    // The game master away: a stale copy of the scene writes an older checkpoint back; the player holding the newer one puts it back over the stale parts, and the game master back on a new browser takes it (a copy of an honest head is no forgery).
    [[{"kind":"act","who":0,"side":"A"},{"kind":"away"},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"reload","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"stale","victim":0},{"kind":"refuse","who":0},{"kind":"land","who":0},{"kind":"role","who":1},{"kind":"hostile-act"},{"kind":"land","who":0},{"kind":"hostile-act"},{"kind":"hear","who":0}], false],
    // The game master back in the same browser while a player made game master meanwhile compacted: his kept checkpoint is older than the table's, and is not put back.
    [[{"kind":"away"},{"kind":"act","who":1,"side":"A"},{"kind":"role","who":1},{"kind":"role","who":1},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"tick","ms":100}], true],
    // A forgery naming the game master's key right after his first action: he leaves only once his actions are in a checkpoint.
    [[{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"game-claimed","victim":0},{"kind":"away"},{"kind":"forge","what":"clock","victim":0},{"kind":"up","who":0},{"kind":"up","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"role","who":1},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"refuse","who":0},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"back"},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"hear","who":0}], false],
    // Browsers that keep nothing: the compactor's newest checkpoint lost with his page and the scene's deleted; a player puts back the earlier one his record still lists, and the compactor goes on from it.
    [[{"kind":"reload","who":2},{"kind":"tick","ms":300},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"tick","ms":700},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":300},{"kind":"tick","ms":300},{"kind":"up","who":0},{"kind":"hear","who":1},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"reload","who":0},{"kind":"tick","ms":700},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"hear","who":0},{"kind":"forge","what":"delete-game","victim":0},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0}], false],
    // Browsers that keep nothing: the compactor's checkpoint lands after its page left, a forged one replaces it before anyone reads it; the compactor's own actions in it are lost alike for everyone.
    [[{"kind":"role","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":300},{"kind":"tick","ms":700},{"kind":"compact"},{"kind":"reload","who":0},{"kind":"tick","ms":100},{"kind":"refuse","who":1},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"up","who":1},{"kind":"forge","what":"game","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"}], false],
    // The compactor's checkpoint refused, and its page reloaded before writing it again: its own ops it covered come back from its browser.
    [{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1},{"kind":"compact"},{"kind":"reload","who":0},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"up","who":1},{"kind":"compact"},{"kind":"up","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"role","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":300},{"kind":"refuse","who":0},{"kind":"hear","who":0},{"kind":"refuse","who":0}],
    // A guard: a hostile player's record moves on to sign pages no one holds, and a clock forgery over his key carries on from what was played of him: no client plays it (those that read it before, as one that reloaded with nothing kept; seed -1139407425 split them when pages that carry on were played for as long as they did).
    [[{"kind":"forge","what":"record","victim":0},{"kind":"tick","ms":300},{"kind":"forge","what":"record","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0}],false,false],
    // Two game masters apart: a player made one while the game master was away compacts; the game master back on a new browser compacts too before that checkpoint lands, both numbered 2 (the game master's own kept, the players' action lost to him). Every client now takes the one whose digest sorts first.
    [[{"kind":"away"},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"hear","who":1},{"kind":"compact"},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"land","who":0},{"kind":"land","who":1},{"kind":"hear","who":0},{"kind":"hear","who":1},{"kind":"hear","who":2}], false],
    // The game master leaves with his first action not compacted (browsers that keep nothing) and comes back on a new key: asked about his earlier connection's pages, he takes them, and every client plays his action (seed -502334862: the players played it, his new page took his old keys for no one's).
    [[{"kind":"act","who":0,"side":"A"},{"kind":"away","early":true},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"reload","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"stale","victim":0},{"kind":"refuse","who":0},{"kind":"land","who":0},{"kind":"role","who":1,"whileAway":true},{"kind":"hostile-act"},{"kind":"land","who":0},{"kind":"hostile-act"},{"kind":"hear","who":0}],false,false],
    // The game master gone with his action not compacted, a stale copy written over his pages: the players who hold them signed write them back, signature and all, and his next connection takes that later version over the stale one he found (seed -1001774995: they were emptied and written back in turn for ever, the action lost).
    [[{"kind":"act","who":0,"side":"A"},{"kind":"away","early":true},{"kind":"forge","what":"stale","victim":0},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"away","early":true},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"hostile-act"},{"kind":"refuse","who":0},{"kind":"join"},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0}],false,false],
    // Browsers that keep nothing: the game master gone with his action not compacted, his pages emptied; the players who hold them signed write them back once their wait is over, and the table is quiet only then (seed 937815506: the evening ended, as quiet, before the wait was over).
    [[{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":700},{"kind":"away","early":true},{"kind":"forge","what":"empty","victim":0},{"kind":"hear","who":1},{"kind":"tick","ms":700},{"kind":"hear","who":1},{"kind":"hear","who":2}], false],
    // Two checkpoints numbered 1 (a player made game master while the game master was away, and the game master back): a writer at the table that the one taken second does not list was not forgotten by its compactor, and his actions play on (seed -178765275: the game master's page dropped a player's action for good; it depends on when signatures are checked, about one run in three).
    [[{"kind":"away","early":true},{"kind":"role","who":1,"whileAway":true},{"kind":"forge","what":"record","victim":0},{"kind":"back"},{"kind":"compact"},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"hostile-act"},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0}], true],
    // A page reloading while its writes were still on their way: its earlier life's actions come back from its browser.
    [{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":0},{"kind":"hear","who":0}],
    // A hostile player's pages under made-up gone connections, signed in his own name by the key his record names, then his record naming another key: the page that read them first played his action, the game master (asked, he leaves them) did not, and that page wrote them back for ever (seed -1304762086). Emptied so, they are covered by the checkpoint: no one plays them.
    [[{"kind":"forge","what":"gone-pages","victim":0},{"kind":"refresh","who":1},{"kind":"land","who":0},{"kind":"forge","what":"gone-pages","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1,"whileAway":false},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"away","early":false},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"land","who":0},{"kind":"join"},{"kind":"forge","what":"clock","victim":0},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"}],false,false],
    // A player refreshes his tab as his first action's write is on its way (lost with the tab): his browser kept his pages as he signed them, but the checkpoint had never listed that connection and its keys were empty, which read as folded in and forgotten, and nothing was written back (seed -1273724917: lost). What never reached the table is written back now; what did, once forgotten, is not.
    [[{"kind":"hear","who":2},{"kind":"act","who":2,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"refresh","who":1},{"kind":"hostile-act"},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"refuse","who":0},{"kind":"compact"},{"kind":"reload","who":0},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"back"},{"kind":"forge","what":"clock","victim":0},{"kind":"hostile-act"},{"kind":"refresh","who":2},{"kind":"hear","who":0},{"kind":"tick","ms":100}], true, false],
    // A hostile player's pages under made-up gone connections signed by the key his record names, one in his own name (every client plays it), one in the game master's: asked, the game master leaves that key, which drops both for him alone until his next checkpoint, and the table was calm before he wrote one (seed 1097264484: split at a calm moment). Leaving a key now writes a checkpoint at once.
    [[{"kind":"away","early":false},{"kind":"back"},{"kind":"forge","what":"gone-pages","victim":0},{"kind":"role","who":1,"whileAway":false},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"refresh","who":1},{"kind":"hear","who":0},{"kind":"reload","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"compact"}], true, false],
    // The game master away, a player made one compacts a player's action, another player made one takes that checkpoint over as the compactor, the checkpoint is deleted and both refresh: the second had kept nothing of the checkpoint he took over, and the action went with it (seed -288810071). A compactor now keeps the checkpoint he takes over as one he wrote.
    [[{"kind":"away","early":false},{"kind":"role","who":2,"whileAway":true},{"kind":"act","who":2,"side":"A"},{"kind":"compact"},{"kind":"role","who":1,"whileAway":true},{"kind":"forge","what":"delete-game","victim":0},{"kind":"tick","ms":100},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"refresh","who":2},{"kind":"act","who":0,"side":"A"},{"kind":"refresh","who":1},{"kind":"hear","who":0},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"hostile-act"},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0}], true, false],
    // Browsers that keep nothing: a player's second action played by a newcomer and not yet by the game master, who had played his first, when the player refreshes (a new key): the game master took the later pages for a forgery written after the writer left, and folded in only the first (seed -813300571: lost). Later pages signed by a key he cannot prove are asked about, as any.
    [[{"kind":"hear","who":1},{"kind":"join"},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"hear","who":0},{"kind":"back"},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"tick","ms":700},{"kind":"act","who":0,"side":"A"},{"kind":"refresh","who":1},{"kind":"act","who":0,"side":"A"}],false,false],
    // A forged start, browsers that keep nothing, the game master away before his action was compacted and back, a player refreshing: the player who saw the game master writes his pages back after waiting, and the compaction that folds them in for the newcomer came after the harness's calm gave up (20 rounds): it called the table calm before it was (seed -410667047, a refresh drawn). The calm now waits up to a minute of table time.
    [[{"kind":"role","who":2,"whileAway":false},{"kind":"tick","ms":700},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":700},{"kind":"role","who":2,"whileAway":false},{"kind":"away","early":true},{"kind":"forge","what":"stale","victim":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"hear","who":0},{"kind":"refresh","who":1},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"role","who":1,"whileAway":false},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"back"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"}], false, true],
    // Browsers that keep nothing, seed 1512232081: the game master leaves before his action is compacted, a hostile player empties his pages, and the compactor back on a new browser empties their signature left alone; the players wrote his pages back but never the signature, so his next connection could not tell them his, and his checkpoint lost the action.
    [[{"kind":"act","who":0,"side":"A"},{"kind":"away","early":true},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"forge","what":"empty","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"reload","who":0},{"kind":"refuse","who":0},{"kind":"forge","what":"suffix","victim":0},{"kind":"compact"},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"back"},{"kind":"hear","who":0},{"kind":"back"},{"kind":"refuse","who":0},{"kind":"hostile-act"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"forge","what":"game","victim":0},{"kind":"hear","who":1}],false,false],
    // The game master away before anything was compacted, another scene's game his key signed copied in with a hostile record vouching for a key of its own there; the game master, back in the same browser, heard his two players who saw him on the table's scene and the hostile one on the other, took the words for a disagreement, and played the copy (seed 475180950, another scene's game drawn: a player's action lost). A game master knows his own key: players who vouch for another are no word to him.
    [[{"kind":"away","early":true},{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"forge","what":"game-signed","victim":0},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"land","who":0},{"kind":"refuse","who":0},{"kind":"away","early":false},{"kind":"back"},{"kind":"refresh","who":1},{"kind":"join"}],true,false],
    // The checkpoint deleted while the game master is away, both players refresh, one made game master writes checkpoint 1 of a line started from the pages; the game master, back, holds his own checkpoint 1, the only copy of the first player's first action; the two tied on the number, and where the other's digest sorted first his was dropped with that action (seed 568144336, with player refreshes drawn: lost in about half its replays, as the keys' digests fell). Of two checkpoints of one number, the one short of fewer gone writers' pages is taken first.
    [[{"kind":"hear","who":1},{"kind":"act","who":1,"side":"A"},{"kind":"away","early":false},{"kind":"forge","what":"delete-game","victim":0},{"kind":"act","who":1,"side":"A"},{"kind":"refresh","who":1},{"kind":"refresh","who":2},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"join"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"up","who":0},{"kind":"hostile-act"},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"role","who":1,"whileAway":true},{"kind":"tick","ms":100}],true,false],
    // A forged start, browsers that keep nothing, the game master down all evening: a player acts twice, a hostile player writes his first pages back over his second, and he refreshes before he writes them again (his second action lost with his tab, his first held by a newcomer who saw him). The game master, up at last, could not tie the pages to him (their signature named the second version only), set the forgery aside and started afresh, which emptied them: the first action was lost on every client (seed -925590247, with player refreshes drawn). A pages signature now names his last few versions too, as his record does, and the game master is asked about them.
    [[{"kind":"reload","who":0},{"kind":"act","who":2,"side":"A"},{"kind":"tick","ms":700},{"kind":"act","who":2,"side":"A"},{"kind":"tick","ms":700},{"kind":"forge","what":"replay","victim":2},{"kind":"join"},{"kind":"refresh","who":2},{"kind":"refresh","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"back"},{"kind":"away","early":false},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"away","early":false},{"kind":"compact"},{"kind":"refresh","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"away","early":false},{"kind":"reload","who":0},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"}],false,true],
    // A forged start, browsers that keep nothing: a player's page reloads (a new key, his record still signing his action), a hostile player empties his pages, and he refreshes before anyone writes them back. The one copy, a player's, was forgotten as pages of a key their record gave up, and the game master, asked about nothing, started afresh: lost on every client (seed 992670181). Such pages are now held and written back where the keys lost them, and the game master is asked.
    [[{"kind":"act","who":2,"side":"A"},{"kind":"tick","ms":700},{"kind":"reload","who":2},{"kind":"forge","what":"empty","victim":2},{"kind":"join"},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":2},{"kind":"hostile-act"},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"compact"},{"kind":"tick","ms":700},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"away","early":false},{"kind":"refresh","who":2}],false,true],
    // Browsers that keep nothing: a player acts, the game master leaves and comes back, compacts it, and reloads twice with a forged checkpoint written meanwhile; the player refreshes. The game master's one checkpoint that held the action was lost with every page that held it, and the one copy left, another player's of the pages he accepted while the writer was there, was written back only while the writer's record signed it (seed 594349032: the game master and the refreshed player lost it). The copy now carries the writer's own signature of those pages to his return key, and the game master is asked about his key.
    [[{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"act","who":2,"side":"A"},{"kind":"away","early":true},{"kind":"tick","ms":100},{"kind":"hear","who":1},{"kind":"back"},{"kind":"forge","what":"clock","victim":0},{"kind":"compact"},{"kind":"land","who":0},{"kind":"up","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":700},{"kind":"forge","what":"clock","victim":0},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":0},{"kind":"land","who":0},{"kind":"reload","who":0},{"kind":"forge","what":"game","victim":0},{"kind":"tick","ms":100},{"kind":"tick","ms":700},{"kind":"tick","ms":700},{"kind":"refresh","who":2},{"kind":"act","who":0,"side":"A"}],false,false],
    // Another scene's game copied in while the game master is away, a player refreshes and takes it, then reloads: his page's earlier life named the copy's scene, and it waited for that scene for ever once the game master, back, played the table's (seed 629297362, OWLBEAR_FORGERIES=all). The game masters at the table are heard before a page's earlier life.
    [[{"kind":"away","early":false},{"kind":"refresh","who":2},{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"refresh","who":1},{"kind":"away","early":false},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"forge","what":"stale","victim":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":1},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"away","early":false},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"land","who":0}],false,false],
    // A player made game master while the game master was away compacts a player's action, reloads, and the checkpoint is deleted: back in the same browser, he puts back the one it kept though he no longer compacts, and the game master takes it (seed 1561174215: lost, the game master covering past it).
    [[{"kind":"away","early":false},{"kind":"act","who":1,"side":"A"},{"kind":"role","who":2,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"reload","who":2},{"kind":"tick","ms":700},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"forge","what":"delete-game","victim":0},{"kind":"back"},{"kind":"refresh","who":1},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":0,"side":"A"}], true],
    // A player made second game master plays a player's actions; the first game master reloads and is down through what follows; a hostile player deletes the checkpoint and the acting player refreshes on a browser that keeps nothing (a new connection, a new key): the first game master, back with nothing kept, emptied the player's pages each time the second wrote them back, while he was still asked about them, and the action was lost for every client (seed 1381138580). A gone writer's pages his game master is asked about are kept until he answers.
    [[{"kind":"tick","ms":700},{"kind":"act","who":1,"side":"A"},{"kind":"away","early":false},{"kind":"back"},{"kind":"role","who":2,"whileAway":false},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"reload","who":1},{"kind":"join"},{"kind":"reload","who":0},{"kind":"up","who":1},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"delete-game","victim":0},{"kind":"refresh","who":1},{"kind":"role","who":1,"whileAway":false},{"kind":"refuse","who":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"away","early":false},{"kind":"compact"},{"kind":"hostile-act"},{"kind":"land","who":0},{"kind":"back"},{"kind":"compact"}], false],
  ],
  client: [
    // Browsers that keep nothing: the game master gone with an action not compacted, back on a new browser, asked whether his old key's pages are his; roles change hands only once he has answered (seed -1968498546: meanwhile the players who saw him play them and a newcomer does not).
    [[{"kind":"act","who":0,"side":"A"},{"kind":"away","early":true},{"kind":"join"},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"role","who":1,"whileAway":true},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"back"},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"}], false],
    // Two game masters apart: a player made one while the game master was away compacts; the game master back on a new browser compacts too before that checkpoint lands, both numbered 2 (the game master's own kept, the players' action lost to him). Every client now takes the one whose digest sorts first.
    [[{"kind":"away"},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"hear","who":1},{"kind":"compact"},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"land","who":0},{"kind":"land","who":1},{"kind":"hear","who":0},{"kind":"hear","who":1},{"kind":"hear","who":2}], false],
    // The game master leaves with actions not compacted, a player reloads, the game master comes back and leaves again: his earlier connection's pages stay his (seed -14919113: his next connection lost one of them).
    [[{"kind":"forge","what":"record","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"away","early":true},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"record","victim":0},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":2},{"kind":"back"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"away","early":true},{"kind":"tick","ms":300},{"kind":"compact"},{"kind":"refuse","who":1},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"}],false,false],
    // The game master gone with his action not compacted, and his page's reload before: his next connection on a new key plays it once he answers it is his (seed -857336988).
    [[{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"away","early":true},{"kind":"reload","who":0},{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"same-seq","victim":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"hear","who":0}],false,false],
    // Browsers that keep nothing, a forged checkpoint over the game master's first: his page, reloading, got its own actions back from its return key while it waited to take its pages back, then took them back from its pages too, and kept both copies (seeds 1746799125 and 1335578656: his action played twice).
    [[{"kind":"hear","who":1},{"kind":"act","who":1,"side":"A"},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1},{"kind":"tick","ms":300},{"kind":"tick","ms":300},{"kind":"forge","what":"game-signed","victim":0},{"kind":"hear","who":1},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":1},{"kind":"tick","ms":100},{"kind":"forge","what":"empty","victim":0},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1},{"kind":"tick","ms":100},{"kind":"hear","who":0}],false,false],
    [[{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":2},{"kind":"tick","ms":700},{"kind":"compact"},{"kind":"tick","ms":300},{"kind":"hear","who":0},{"kind":"hostile-act"},{"kind":"back"},{"kind":"back"},{"kind":"land","who":0},{"kind":"forge","what":"game-signed","victim":0},{"kind":"act","who":1,"side":"A"},{"kind":"act","who":2,"side":"A"},{"kind":"land","who":0},{"kind":"up","who":0},{"kind":"hear","who":1},{"kind":"tick","ms":100},{"kind":"land","who":2},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"hear","who":1},{"kind":"land","who":0},{"kind":"land","who":0}],false,false],
    // Browsers that keep nothing, a forged fresh scene: the game master's newest checkpoint refused and waiting out its backoff at the evening's end; the table is quiet only once he has written it (seed 942892779: the evening ended with a player's action uncompacted).
    [[{"kind":"act","who":1,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1},{"kind":"reload","who":1},{"kind":"tick","ms":700},{"kind":"tick","ms":300},{"kind":"tick","ms":300},{"kind":"hear","who":1},{"kind":"up","who":0},{"kind":"hear","who":2},{"kind":"join"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"tick","ms":700},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"act","who":2,"side":"A"},{"kind":"away"},{"kind":"tick","ms":300},{"kind":"tick","ms":300},{"kind":"land","who":0},{"kind":"tick","ms":300},{"kind":"forge","what":"same-seq","victim":2},{"kind":"tick","ms":300},{"kind":"compact"},{"kind":"hostile-act"}], false, true],
    // Browsers that keep nothing: the game master's page reloads while his first action is on the table and waits to take his pages back; he leaves only once it has them and they are in a checkpoint (a page that has not taken them back holds no actions of its own yet, though the players play them; seed 290274744).
    [[{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":700},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":1,"side":"A"},{"kind":"reload","who":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"up","who":0},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"away"},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"back"},{"kind":"refuse","who":0}], false],
    // Browsers that keep nothing: every copy of a checkpoint lost (deleted, its compactor and the one player who read it reloaded); the player who never read it, holding an action it covered, writes it back under its writer's return key although he plays no checkpoint, since the scene holds none (seed 397796171).
    [[{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"role","who":1},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"hear","who":1},{"kind":"forge","what":"delete-game","victim":0},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"hear","who":1},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"reload","who":1},{"kind":"role","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"back"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"join"},{"kind":"up","who":0}], false],
    // A fresh scene forged before anyone started, then another scene's game copied in: a player who started on the scene he found keeps it (he took the copy's scene for its game master's signature, and was left alone on it; seed 377667894).
    [[{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"reload","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"forge","what":"stale","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"replay","victim":0},{"kind":"up","who":0},{"kind":"away"},{"kind":"hear","who":1},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"reload","who":1},{"kind":"join"},{"kind":"hear","who":0},{"kind":"back"},{"kind":"hostile-act"},{"kind":"compact"},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"away"},{"kind":"forge","what":"clock","victim":0},{"kind":"up","who":0},{"kind":"up","who":0},{"kind":"land","who":0}], false, true],
    // A table is quiet only once no page has a write to make: the game master's checkpoint refused and not yet written again, a player who played a low-clocked op before the checkpoint's ops and the game master after them disagreed at a "calm" moment (seed 373470328).
    [[{"kind":"compact"},{"kind":"role","who":2},{"kind":"act","who":2,"side":"A"},{"kind":"role","who":2},{"kind":"refuse","who":0},{"kind":"forge","what":"record","victim":0},{"kind":"role","who":1},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"away"},{"kind":"forge","what":"clock","victim":0},{"kind":"back"},{"kind":"away"},{"kind":"tick","ms":100}], false],
    // A hostile player's own pages a newcomer kept, which his record no longer signs, are no copy to write back under his return key (no one plays it: written back for ever, each time over a stale copy of the scene that took a player's page away; seed 1482292005).
    [[{"kind":"forge","what":"record","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"away"},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"record","victim":0},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":2},{"kind":"back"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"away"},{"kind":"tick","ms":300},{"kind":"compact"},{"kind":"refuse","who":1},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"}], true],
    // The game master back on a browser that kept nothing, with another scene's game copied in and no one playing a checkpoint yet: he plays the scene the players name, not the copy's (seed 115168218).
    [[{"kind":"role","who":1},{"kind":"tick","ms":700},{"kind":"compact"},{"kind":"refuse","who":0},{"kind":"reload","who":0},{"kind":"up","who":0},{"kind":"role","who":1},{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"away"},{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"hostile-act"},{"kind":"tick","ms":100},{"kind":"role","who":1},{"kind":"reload","who":1},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"}], false],
    // Browsers that keep nothing: the game master's page reloads, his pages emptied, another scene's game copied in before anyone acted: the compactor puts the scene's id back (players who have nothing of their own wait for it; seed 197812461: it was never put back, and an op forged into a player's key stayed there).
    [[{"kind":"reload","who":0},{"kind":"forge","what":"empty","victim":0},{"kind":"hear","who":0},{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"hostile-act"},{"kind":"forge","what":"into","victim":1},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"up","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"land","who":0}], false],
    // Browsers that keep nothing: pages a player kept of the game master's, whose dropped action came back only through a return key, are not themselves a copy to write back (it would return nothing, for ever, each write over a stale copy of the scene).
    [[{"kind":"tick","ms":700},{"kind":"join"},{"kind":"act","who":1,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1},{"kind":"land","who":0},{"kind":"tick","ms":300},{"kind":"land","who":0},{"kind":"forge","what":"delete-game","victim":0},{"kind":"tick","ms":700},{"kind":"act","who":2,"side":"A"},{"kind":"tick","ms":700},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"join"},{"kind":"up","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"refuse","who":0},{"kind":"hear","who":0},{"kind":"reload","who":0},{"kind":"back"},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"role","who":1},{"kind":"hear","who":0},{"kind":"refuse","who":0}], false],
    // Browsers that keep nothing: the compacting game master's key emptied while his page reloads; he waits for a player to write his signed pages back (a player waits longer than the compactor before writing).
    [[{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"tick","ms":300},{"kind":"reload","who":0},{"kind":"tick","ms":700},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"tick","ms":700},{"kind":"forge","what":"empty","victim":0},{"kind":"up","who":0},{"kind":"forge","what":"flood","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"hostile-act"},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hostile-act"},{"kind":"tick","ms":700},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0}], false],
    // Browsers that keep nothing: the compactor's checkpoint deleted as soon as it landed, before anyone read it, and his page reloads before putting it back: only his own actions in it are excused.
    [[{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1},{"kind":"compact"},{"kind":"land","who":0},{"kind":"forge","what":"delete-game","victim":0},{"kind":"reload","who":0},{"kind":"land","who":0},{"kind":"role","who":1},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"refuse","who":0},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"}], false],
    // Browsers that keep nothing: a checkpoint the players took as found (the game master's record signing it refused, then his page reloaded) deleted; a player puts it back where the scene holds none.
    [[{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"up","who":0},{"kind":"compact"},{"kind":"land","who":0},{"kind":"refuse","who":0},{"kind":"reload","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"forge","what":"delete-game","victim":0},{"kind":"refuse","who":1},{"kind":"tick","ms":700},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hostile-act"},{"kind":"role","who":1},{"kind":"tick","ms":300},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":1},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"hear","who":0}], false],
    // Browsers that keep nothing: the checkpoint the players took as found, then signed by the game master's record, is deleted while his page reloads; a player puts it back.
    [[{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":700},{"kind":"compact"},{"kind":"land","who":0},{"kind":"hear","who":1},{"kind":"hear","who":2},{"kind":"tick","ms":100},{"kind":"role","who":1},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"forge","what":"delete-game","victim":0},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0}], false],
    // The compactor's checkpoint refused, and a co-game master still signing the older one: the compactor keeps its own, nothing covered comes back lost.
    [{"kind":"role","who":2},{"kind":"compact"},{"kind":"act","who":1,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":2},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"act","who":1,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"up","who":0},{"kind":"role","who":1},{"kind":"role","who":1},{"kind":"land","who":0},{"kind":"compact"},{"kind":"tick","ms":100},{"kind":"role","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"hostile-act"},{"kind":"hear","who":0}],
    // The game master's action still on its way when a player was made one: played with its authority by those who saw it so.
    [{"kind":"role","who":1},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"hear","who":0}],
    // A hostile player's own signed op, then his key overwritten: played by no one, the same everywhere.
    [{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"record","victim":0},{"kind":"refuse","who":0},{"kind":"land","who":0},{"kind":"up","who":0},{"kind":"tick","ms":100},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"up","who":0},{"kind":"compact"},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"}],
    [{"kind":"tick","ms":300},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"role","who":2},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1},{"kind":"compact"},{"kind":"reload","who":0},{"kind":"refuse","who":0},{"kind":"hear","who":0},{"kind":"up","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"up","who":0},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"hear","who":0}],
    // Two game masters apart: a player made one while the game master was away compacts a player's action; a stale copy hides that checkpoint; back, the game master compacts on his older one before it is written back, and his checkpoint of the same number, sorting first, covered the action without holding it (seed -1866135704: lost). He now waits for the newer checkpoint another game master at the table signs.
    [[{"kind":"role","who":1,"whileAway":false},{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":2,"side":"A"},{"kind":"away","early":true},{"kind":"role","who":2,"whileAway":true},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"reload","who":2},{"kind":"hear","who":0},{"kind":"up","who":0},{"kind":"up","who":2},{"kind":"tick","ms":100},{"kind":"forge","what":"stale","victim":0},{"kind":"reload","who":0},{"kind":"up","who":0},{"kind":"back"},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"role","who":1,"whileAway":false},{"kind":"away","early":false},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"compact"},{"kind":"hear","who":0},{"kind":"tick","ms":100}], true, true],
    // A player refreshes on a browser that keeps nothing, acts, and refreshes again: his earlier connection's action, played by the newcomer who read it while it was at the table, was never played by the game master (his record never reached him) and, its writer gone, was neither played nor asked about (seed -886136251: lost for the game master). He is asked now.
    [[{"kind":"refresh","who":1},{"kind":"refuse","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"land","who":1},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":1},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"back"},{"kind":"refresh","who":1}],false,false],
    // The same, on a fresh scene someone wrote into (seed 1146712487).
    [[{"kind":"act","who":1,"side":"A"},{"kind":"refresh","who":1},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"hostile-act"},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"role","who":1,"whileAway":false},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"refresh","who":1},{"kind":"role","who":1,"whileAway":false},{"kind":"hostile-act"},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0}], true, true],
    // The same, with a player made game master and back (seed 1631682876).
    [[{"kind":"role","who":1,"whileAway":false},{"kind":"forge","what":"gone-pages","victim":0},{"kind":"role","who":1,"whileAway":false},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":0,"side":"A"},{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"compact"},{"kind":"reload","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"up","who":0},{"kind":"refresh","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"}], false, true],
    // Browsers that keep nothing: a player's action played by the game master and not yet by the other player when he refreshes (a new key): at the next calm moment the other player could not prove it; the game master, who played it, folds it in within a second (seed 692865094: the harness called the table calm before that compaction).
    [[{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"tick","ms":100},{"kind":"act","who":2,"side":"A"},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"tick","ms":300},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"refresh","who":2},{"kind":"up","who":0},{"kind":"hear","who":0},{"kind":"role","who":1,"whileAway":false},{"kind":"hostile-act"},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"}],false,false],
    // Two game masters apart, the game master back on a new browser compacting before the other's checkpoint lands, and the table calm (compacted) as he left: every client took his checkpoint, whose digest sorted first, and his next compaction took the other game master's word that his action was in a checkpoint (his pages dropped it: it was in his own) before that one brought it back (seed -542129869, one run in two: lost). A compactor now takes no such word from a writer whose record says he plays another checkpoint.
    [[{"kind":"away"},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"hear","who":1},{"kind":"compact"},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"land","who":0},{"kind":"land","who":1},{"kind":"hear","who":0},{"kind":"hear","who":1},{"kind":"hear","who":2}],false,false],
    // Browsers that keep nothing, a newcomer, a player who refreshes twice: his first connection's last pages, signed by his old key and not by his record (its write lost with the tab), were taken for someone else's by every page that had played the version before, which stopped playing it (seed 735822589: lost). The key that signed the version a record proved signs his later ones.
    [[{"kind":"hear","who":1},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"compact"},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":300},{"kind":"join"},{"kind":"tick","ms":300},{"kind":"tick","ms":300},{"kind":"act","who":1,"side":"A"},{"kind":"land","who":1},{"kind":"land","who":1},{"kind":"tick","ms":300},{"kind":"refresh","who":1},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"refresh","who":1},{"kind":"tick","ms":100},{"kind":"back"},{"kind":"forge","what":"clock","victim":0},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"up","who":0},{"kind":"reload","who":0},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"clock","victim":0},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"hostile-act"},{"kind":"tick","ms":100}],false,false],
    // Two game masters apart again, the other's checkpoint sorting first but signed by no game master at the table once roles were back: the players stayed on it, the game master on his, and a player's action his covered never left that player's pages (seed -1213232131). The compactor writes the next checkpoint when a record says it plays another of his number.
    [[{"kind":"away","early":false},{"kind":"act","who":1,"side":"A"},{"kind":"role","who":1,"whileAway":true},{"kind":"back"},{"kind":"forge","what":"game-signed","victim":0},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"tick","ms":300},{"kind":"reload","who":1},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":2},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"join"},{"kind":"hostile-act"},{"kind":"hear","who":0},{"kind":"act","who":2,"side":"A"},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"role","who":1,"whileAway":false}], true, false],
    // Two game masters apart, again: the player made one compacted a player's action while the game master was away, a stale copy wrote the older checkpoint back before the game master (back, reloading) read his, and he was made a player again: the game master covered that player's later action past the gap his pages showed, and the first was lost (seed 1352901382). A compactor covers no writer past what his pages say another checkpoint holds; it numbers its next one past that checkpoint, and the writer brings back what it lacks.
    [[{"kind":"away","early":false},{"kind":"role","who":2,"whileAway":true},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":2,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"refuse","who":0},{"kind":"compact"},{"kind":"act","who":2,"side":"A"},{"kind":"back"},{"kind":"reload","who":0},{"kind":"hostile-act"},{"kind":"forge","what":"clock","victim":0},{"kind":"reload","who":2},{"kind":"tick","ms":100},{"kind":"compact"},{"kind":"act","who":1,"side":"A"},{"kind":"refuse","who":0}], true, false],
    // A player made game master acts, his page lands but not his record, and he refreshes twice; the game master's write, over a copy read before, wipes the page before anyone read it; his browser's write-back of it is refused once, and two checkpoints later it took the action for folded in and forgotten, and wrote it back no more (seed -483671645: lost). A checkpoint now lists the writers its compactor forgot (`Head.forgot`): a browser writes back all that no checkpoint covered.
    [[{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":1,"side":"A"},{"kind":"land","who":1},{"kind":"land","who":1},{"kind":"tick","ms":300},{"kind":"refresh","who":1},{"kind":"tick","ms":300},{"kind":"refresh","who":1},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"refuse","who":0},{"kind":"refuse","who":1},{"kind":"up","who":0},{"kind":"role","who":1,"whileAway":false},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":100},{"kind":"up","who":0},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0}], true, false],
    // Two game masters apart, the player made one takes the game master's checkpoint and his record says so before his page, bringing back the action that checkpoint lacks, reaches the game master: the game master took his pages' older word that a checkpoint held it (seed -986274294, one replay in three: lost). A record's word is taken only about the pages it signs.
    [[{"kind":"away","early":false},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"compact"},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"tick","ms":700},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"away","early":false},{"kind":"tick","ms":100},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0},{"kind":"join"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"land","who":1},{"kind":"act","who":2,"side":"A"}],false,false],
    // A player refreshes, is made game master while the game master is away, and compacts his earlier connection's action; that checkpoint is refused and the keys it emptied are not; the game master, back, writes one of the same number that sorts first: his browser had seen the action covered, by the checkpoint that lost, and wrote it back no more (seed 1960359586, a refresh drawn: lost two replays in five). A connection a checkpoint lists neither as covered nor as forgotten is one its line never held: all of it goes back, and is played.
    [[{"kind":"away","early":false},{"kind":"act","who":1,"side":"A"},{"kind":"refresh","who":1},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":0,"side":"A"},{"kind":"refresh","who":1},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"away","early":false},{"kind":"reload","who":0},{"kind":"refuse","who":1},{"kind":"away","early":false},{"kind":"hear","who":0},{"kind":"role","who":1,"whileAway":false},{"kind":"refuse","who":1},{"kind":"hear","who":0},{"kind":"land","who":1},{"kind":"back"},{"kind":"act","who":1,"side":"A"},{"kind":"refuse","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"compact"},{"kind":"act","who":0,"side":"B"}], true, false],
    // A forged start the game master set aside, a player refreshing twice: his earlier connection's action, written back by his browser, wiped by a stale merge; the line of checkpoints the game master started afresh did not list whom it forgot, and the browser took the action for folded in and forgotten (seed 2053412866, a refresh drawn: lost). A line started afresh, or again from the pages, lists them too.
    [[{"kind":"role","who":2,"whileAway":false},{"kind":"act","who":1,"side":"A"},{"kind":"forge","what":"game","victim":0},{"kind":"refresh","who":1},{"kind":"tick","ms":100},{"kind":"tick","ms":100},{"kind":"tick","ms":300},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":1},{"kind":"hear","who":1},{"kind":"hostile-act"},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"away","early":false},{"kind":"compact"},{"kind":"back"},{"kind":"role","who":1,"whileAway":false},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"compact"},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0},{"kind":"refresh","who":1},{"kind":"away","early":false},{"kind":"forge","what":"clock","victim":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"}], true, true],
    // No game master at the table, browsers that keep nothing, a newcomer that had not read the pages yet: a player refreshes, his earlier connection's action is played by the player who saw him and not by the newcomer, who cannot tie the old key to him (seed -1173644852, with player refreshes drawn: a quiet-point divergence the docs name; the game master, back, answers for the key and every page plays it).
    [[{"kind":"join"},{"kind":"away","early":false},{"kind":"act","who":1,"side":"A"},{"kind":"tick","ms":700},{"kind":"hear","who":2},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"reload","who":0},{"kind":"hear","who":0},{"kind":"away","early":false},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"refresh","who":1},{"kind":"forge","what":"flood","victim":0},{"kind":"refuse","who":0},{"kind":"role","who":1,"whileAway":true},{"kind":"compact"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"reload","who":0},{"kind":"land","who":0},{"kind":"hear","who":0}],false,false],
    // A forged start the game master set aside, the checkpoint he signed after a player's action deleted while he is away, and both players refresh: a player made game master starts a line again from the pages, and took the refreshed connection's word that a checkpoint held its first action as his own line's, which never held it (seed -553105295, with player refreshes drawn: lost). A gone writer whose pages say a checkpoint holds more of him than the line does is held back, as one whose record says so, until what that checkpoint held comes back (here: the game master, back, writes his own again).
    [[{"kind":"act","who":1,"side":"A"},{"kind":"away","early":false},{"kind":"forge","what":"delete-game","victim":0},{"kind":"act","who":1,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"refresh","who":1},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"refuse","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"refresh","who":2},{"kind":"role","who":1,"whileAway":true},{"kind":"role","who":2,"whileAway":true},{"kind":"land","who":0}],true,true],
    // Pages under a gone connection in the hostile player's name, signed by the key his record names; one player reads them, then the hostile record names another key (a forged checkpoint's), and the game master is away: the player who read them went on playing them, the other never did, and at the next quiet point they played two games (seed -1460483351, with OWLBEAR_FORGERIES=all). A record that names another key now gives up the one before, for every client.
    [[{"kind":"away","early":false},{"kind":"forge","what":"gone-pages","victim":0},{"kind":"hear","who":1},{"kind":"forge","what":"game-claimed","victim":0},{"kind":"role","who":1,"whileAway":true},{"kind":"hear","who":0},{"kind":"refuse","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"back"},{"kind":"hear","who":0},{"kind":"refuse","who":0},{"kind":"compact"},{"kind":"hear","who":0},{"kind":"forge","what":"clock","victim":0},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"hostile-act"},{"kind":"up","who":0},{"kind":"hostile-act"},{"kind":"act","who":0,"side":"A"}],false,false],
    // The game master leaves; a player made game master compacts his action; the game master, back, acts and compacts a checkpoint of the same number, then reloads on a browser that keeps nothing: where the player's checkpoint sorted first, every client took it, and the game master's action, held by his checkpoint only, was lost (seed 1510236568: in about half its replays, as the keys' digests fell). Of two checkpoints of one number, the one short of fewer writers' pages (gone or not) is taken first.
    [[{"kind":"away","early":false},{"kind":"act","who":1,"side":"A"},{"kind":"role","who":1,"whileAway":true},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"compact"},{"kind":"tick","ms":700},{"kind":"tick","ms":300},{"kind":"reload","who":0},{"kind":"refuse","who":0},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"refuse","who":0},{"kind":"back"},{"kind":"hostile-act"},{"kind":"tick","ms":100},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"tick","ms":100},{"kind":"up","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":700},{"kind":"land","who":0},{"kind":"up","who":0},{"kind":"tick","ms":100}],false,false],
    // The game master leaves; a player made game master compacts his action and reloads on a browser that keeps nothing; the game master comes back; the player's page writes his checkpoint back, and a write of the game master's older one, on its way, lands over it: the player's page, whose record signs his, did not write it back again, since a game master signed the older one, and the two played two games at the next quiet point (seed -181017367). An older checkpoint no longer keeps its holder from writing his back.
    [[{"kind":"away","early":false},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"compact"},{"kind":"reload","who":1},{"kind":"back"},{"kind":"hostile-act"},{"kind":"away","early":false},{"kind":"up","who":1},{"kind":"forge","what":"clock","victim":0},{"kind":"tick","ms":700},{"kind":"act","who":0,"side":"A"},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"compact"},{"kind":"role","who":1,"whileAway":false},{"kind":"tick","ms":100},{"kind":"land","who":0},{"kind":"join"},{"kind":"tick","ms":100},{"kind":"join"},{"kind":"reload","who":0},{"kind":"up","who":0},{"kind":"land","who":0},{"kind":"land","who":0},{"kind":"reload","who":0}],false,false],
    // A browser that keeps its storage: a player refreshes four times, each before his last action reaches the table; his browser kept the signed pages of its last four connections only, and his first action was lost with the fifth (seed 336858918). Eight are kept now, and those with nothing left to write back go first.
    [[{"kind":"role","who":2,"whileAway":false},{"kind":"act","who":1,"side":"A"},{"kind":"refresh","who":1},{"kind":"act","who":1,"side":"A"},{"kind":"refresh","who":1},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"hostile-act"},{"kind":"land","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"land","who":0},{"kind":"refresh","who":1},{"kind":"hear","who":0},{"kind":"act","who":1,"side":"A"},{"kind":"compact"},{"kind":"away","early":false},{"kind":"forge","what":"clock","victim":0},{"kind":"act","who":2,"side":"A"},{"kind":"land","who":0},{"kind":"refresh","who":1},{"kind":"tick","ms":100},{"kind":"act","who":1,"side":"A"}],true,false],
    // The same, in a browser that keeps its storage, under the stale-copy merge (seed 29515209, OWLBEAR_FORGERIES=all).
    [[{"kind":"away","early":true},{"kind":"forge","what":"game-elsewhere","victim":0},{"kind":"forge","what":"game-claimed","victim":0},{"kind":"refresh","who":2},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"up","who":0},{"kind":"back"},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":0},{"kind":"land","who":0},{"kind":"away","early":false},{"kind":"refuse","who":0},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"tick","ms":100},{"kind":"act","who":0,"side":"A"},{"kind":"reload","who":2},{"kind":"land","who":0},{"kind":"refuse","who":0},{"kind":"land","who":0},{"kind":"tick","ms":100},{"kind":"forge","what":"clock","victim":0}],true,false],
    // A player made game master while the game master was away compacts a player's action; the game master, back in the same browser before anyone's record reaches him, finds that checkpoint signed by a key he cannot prove: he is asked, rather than put back the older one his browser kept over it (seed -1875695559: lost, the older one put back).
    [[{"kind":"away","early":false},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"role","who":1,"whileAway":true},{"kind":"act","who":1,"side":"A"},{"kind":"refresh","who":1},{"kind":"hear","who":0},{"kind":"land","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"join"},{"kind":"up","who":0},{"kind":"refresh","who":2},{"kind":"up","who":0},{"kind":"tick","ms":100},{"kind":"reload","who":0},{"kind":"land","who":0},{"kind":"hostile-act"},{"kind":"back"},{"kind":"act","who":0,"side":"A"},{"kind":"land","who":0},{"kind":"hear","who":0},{"kind":"hear","who":0},{"kind":"act","who":0,"side":"A"},{"kind":"act","who":0,"side":"A"},{"kind":"forge","what":"clock","victim":0},{"kind":"land","who":0}], true],
  ],
};

/** The property under one merge reading: random evenings, in browsers that keep their own copies or not, the known ones first (OWLBEAR_SEED: the draws of one earlier run again, to follow what it found). */
export function convergeProperty(mode: 'server' | 'client'): Promise<void> {
  return fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 20, maxLength: 90, size: 'max' }),
      fc.boolean(),
      fc.boolean(),
      (steps, storage, forgedStart) => evening(mode, steps, storage, forgedStart),
    ),
    {
      numRuns: RUNS,
      ...(process.env.OWLBEAR_SEED ? { seed: Number(process.env.OWLBEAR_SEED) } : {}),
      examples: KNOWN[mode].map(
        (e) => (Array.isArray(e[0]) ? [e[0], e[1], e[2] ?? false] : [e, true, false]) as [Step[], boolean, boolean],
      ),
    },
  );
}
