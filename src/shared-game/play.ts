// Playing the shared game: every client plays the same ops in the same order — the checkpoint's game
// first, then every op not in it, by (clock, writer, seq) — through the store's own `applyRequest`, so
// the same keys give the same game on every client. Who may make an op is checked at its turn: the
// seats, the game master's own actions, the tokens a player may not see.
import { ok, refuse, type Result, type RuleError } from '../game/result';
import { isSealed } from '../game/seal';
import type { Request } from '../messages';
import { DESCRIPTORS, SYSTEM_IDS, type SystemId } from '../rules';
import type { AnyDescriptor } from '../rules/descriptor';
import { gameOf } from '../store/load';
import { applyRequest, type Systems } from '../store/requests';
import { freshRoot, type StoreRoot } from '../store/root';
import { GameStates } from '../store/states';
import type { Author, Op, TableGame } from './model';
import { linkedTokens } from './requests';

export const EMPTY_TABLE_GAME: TableGame = { root: freshRoot(), seats: {}, opened: {} };

/** An op with where it comes from. */
export interface PlacedOp extends Op {
  readonly writer: string;
  /** `<writer>:<seq>`, unique at the table. */
  readonly id: string;
  /** Who the tabletop says made it, with the authority it had at the op (./view.ts `placed`). */
  readonly author: Author;
  /** Refused whatever the game says (a claim to act as game master no one at the table can vouch for): played as refused, so that every client, and the checkpoint, agree. */
  readonly denied?: RuleError;
}

/** The order every client plays ops in. */
export const opOrder = (a: PlacedOp, b: PlacedOp): number =>
  a.lamport - b.lamport || (a.writer < b.writer ? -1 : a.writer > b.writer ? 1 : 0) || a.seq - b.seq;

/** The side whose player makes `event`: the descriptor's own answer, else the event's `side` when it is one of the game's. */
export function actorOf(descriptor: AnyDescriptor, event: unknown, state: unknown): string | null {
  if (descriptor.actor) return descriptor.actor(event, state);
  const side = (event as { side?: unknown } | null)?.side;
  return typeof side === 'string' && descriptor.sides.includes(side) ? side : null;
}

/** What else the table knows when an op is played: the tokens players may not see (the game master's to link). */
export interface PlayContext {
  readonly hidden: (token: string) => boolean;
}

const NOTHING_HIDDEN: PlayContext = { hidden: () => false };

/**
 * Whether the op's author may make it. Who the author is, and whether he acted as game master, is what
 * the tabletop says of the writer's holder (`PlacedOp.author`), never what the op says. A table nobody
 * is seated at is open to all; once someone is seated, a player acts only for his sides (an action of
 * either player needs a seat). Seating and replacing a game are the game master's always; choosing the
 * system once someone is seated; linking a token players may not see, always.
 */
export function permitted(
  game: TableGame,
  op: Pick<PlacedOp, 'author' | 'request'>,
  states: GameStates,
  systems: Systems = DESCRIPTORS,
  context: PlayContext = NOTHING_HIDDEN,
): RuleError | null {
  const { request, author } = op;
  if (request.type === 'scene/seats' || request.type === 'scene/visibility' || request.type === 'game/replace')
    return author.gm ? null : { code: 'table-gm-only' };
  if (request.type === 'scene/reveal') return null;
  if (author.gm) return null;
  const hidden = linkedTokens(request).find((t) => context.hidden(t));
  if (hidden !== undefined) return { code: 'table-hidden-token' };
  if (Object.keys(game.seats).length === 0) return null;
  const mine = game.seats[author.player]?.seats ?? [];
  if (request.type === 'store/select-system') return { code: 'table-gm-only' };
  if (mine.length === 0) return { code: 'table-not-seated' };
  if (request.type === 'board/link') return null;
  const descriptor: AnyDescriptor = systems[request.system];
  const stored = gameOf(game.root, request.system);
  const replayed = states.stateOf(request.system, descriptor.rules, stored);
  if (!replayed.ok) return null; // the rules will refuse it anyway
  const events =
    request.type === 'game/dispatch'
      ? [request.event]
      : request.type === 'game/batch'
        ? request.events
        : request.type === 'game/undo'
          ? stored.log.events.slice(Math.max(0, stored.log.cursor - 1), stored.log.cursor)
          : stored.log.events.slice(stored.log.cursor, stored.log.cursor + 1);
  for (const event of events) {
    const side = actorOf(descriptor, event, replayed.value);
    if (side === null) continue;
    if (!mine.includes(descriptor.sides.indexOf(side))) return { code: 'table-not-your-side', params: { side } };
  }
  return null;
}

/**
 * The descriptors with each system's rules playing events opened as far as `opened()` knows: a sealed
 * value its owner opened is played as written; one not opened stays sealed (the rules take it so).
 */
export function openedSystems(opened: () => Readonly<Record<string, string>> | ReadonlyMap<string, string>): Systems {
  const out = {} as Record<SystemId, AnyDescriptor>;
  for (const id of SYSTEM_IDS) {
    const descriptor: AnyDescriptor = DESCRIPTORS[id];
    const secrets = descriptor.secrets;
    if (!secrets) {
      out[id] = descriptor;
      continue;
    }
    const open = (state: unknown, event: unknown): unknown => openEvent(descriptor, state, event, opened());
    out[id] = {
      ...descriptor,
      rules: {
        ...descriptor.rules,
        apply: (state: unknown, event: unknown) => descriptor.rules.apply(state, open(state, event)),
      },
    };
  }
  return out;
}

/** An event with its sealed values replaced by those `known` opens (the others stay sealed). */
export function openEvent(
  descriptor: AnyDescriptor,
  state: unknown,
  event: unknown,
  known: Readonly<Record<string, string>> | ReadonlyMap<string, string>,
): unknown {
  const secrets = descriptor.secrets;
  const s = secrets?.of(event, state);
  if (!secrets || !s || !s.values.some(isSealed)) return event;
  const get = (k: string) => (known instanceof Map ? known.get(k) : (known as Readonly<Record<string, string>>)[k]);
  let changed = false;
  const values = s.values.map((x) => {
    const value = isSealed(x) ? get(x) : undefined;
    if (value === undefined) return x;
    changed = true;
    return value;
  });
  return changed ? secrets.with(event, values) : event;
}

/** A root's logs with every value `known` opens written in place of its seal (for a player's own view, or a checkpoint). */
export function withOpened(
  root: StoreRoot,
  known: Readonly<Record<string, string>> | ReadonlyMap<string, string>,
): StoreRoot {
  const games = { ...root.games } as Record<
    string,
    { config: unknown; log: { events: readonly unknown[]; cursor: number } }
  >;
  for (const id of SYSTEM_IDS) {
    const descriptor: AnyDescriptor = DESCRIPTORS[id];
    const stored = games[id];
    if (!descriptor.secrets || !stored) continue;
    games[id] = {
      ...stored,
      log: { ...stored.log, events: stored.log.events.map((e) => openEvent(descriptor, undefined, e, known)) },
    };
  }
  return { ...root, games: games as StoreRoot['games'] };
}

/**
 * The game as a checkpoint keeps it: each sealed value its owner has opened is written in place of its
 * seal (the events are played opened anyway), so that the checkpoint keeps neither the seal nor the
 * opening. Values still sealed stay sealed.
 */
export function withOpenedWritten(game: TableGame): TableGame {
  if (Object.keys(game.opened).length === 0) return game;
  return { ...game, root: withOpened(game.root, game.opened), opened: {} };
}

const sameOpenings = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** What playing the ops gave. */
export interface Played {
  readonly game: TableGame;
  /** Op ids in the order they were played (refused ones included). */
  readonly order: readonly string[];
  /** Op id → why it was refused (the rules, or the seats). */
  readonly refused: ReadonlyMap<string, RuleError>;
  /** Sealed values the game has read and nobody has opened yet: their owner opens them. */
  readonly toOpen: ReadonlySet<string>;
  /** The highest clock seen. */
  readonly clock: number;
}

interface Step {
  readonly id: string;
  /** What the op was when played (the same id may come back with other contents, or another authority). */
  readonly sig: string;
  readonly game: TableGame;
  readonly refusal: RuleError | null;
  readonly toOpen: ReadonlySet<string>;
}

/** An op as played: its place, its contents and its author's authority. */
const signature = (op: PlacedOp): string =>
  `${op.id}|${op.lamport}|${op.author.player}|${op.author.gm}|${op.denied?.code ?? ''}|${JSON.stringify(op.request)}`;

/**
 * Plays ops after a checkpoint's game, every client the same way. Each step is kept, so that the next
 * play (one op more, the usual case) starts from the longest run of the same ops instead of from the
 * checkpoint.
 */
export class OpPlayer {
  private start: TableGame | null = null;
  private steps: Step[] = [];
  private readonly states = new GameStates();
  /** The openings the cached states were computed with. */
  private statesOpened: Readonly<Record<string, string>> | null = null;
  private opened: Readonly<Record<string, string>> = {};
  private readonly systems = openedSystems(() => this.opened);

  constructor(private readonly context: PlayContext = NOTHING_HIDDEN) {}

  play(start: TableGame, ops: readonly PlacedOp[]): Played {
    if (start !== this.start) {
      // A compaction folds the first ops into its checkpoint: its game is one of the steps, and the
      // steps after it are what playing the rest from it gives (nothing waiting to be opened there, which
      // a play from a checkpoint would not know). Playing them again would copy the whole log once per op.
      // (A refused op's step holds the game before it: of the steps holding `start`, the one the ops go on from.)
      const sig = ops.length ? signature(ops[0]!) : undefined;
      let k = this.steps.findIndex((step) => step.game === start);
      while (k >= 0 && this.steps[k + 1]?.game === start && this.steps[k + 1]!.sig !== sig) k++;
      this.steps = k >= 0 && this.steps[k]!.toOpen.size === 0 ? this.steps.slice(k + 1) : [];
      this.start = start;
    }
    let shared = 0;
    const sigs = ops.map(signature);
    while (shared < ops.length && shared < this.steps.length && this.steps[shared]!.sig === sigs[shared]) shared++;
    this.steps.length = shared;
    let game = shared ? this.steps[shared - 1]!.game : start;
    let toOpen: ReadonlySet<string> = shared ? this.steps[shared - 1]!.toOpen : new Set<string>();
    for (let i = shared; i < ops.length; i++) {
      const op = ops[i]!;
      const result = this.one(game, op, toOpen);
      if (result.ok) ({ game, toOpen } = result.value);
      this.steps.push({ id: op.id, sig: sigs[i]!, game, refusal: result.ok ? null : result.error, toOpen });
    }
    const refused = new Map<string, RuleError>();
    for (const s of this.steps) if (s.refusal) refused.set(s.id, s.refusal);
    const clock = ops.reduce((m, o) => Math.max(m, o.lamport), 0);
    return { game, order: this.steps.map((s) => s.id), refused, toOpen, clock };
  }

  /**
   * The game after `ops` from `start` (what a compaction covering them writes): the step of the last
   * play, when that play began the same way (its steps kept for the ops after them), else played.
   */
  gameAfter(start: TableGame, ops: readonly PlacedOp[]): TableGame {
    const n = ops.length;
    if (start === this.start && n <= this.steps.length && ops.every((op, i) => this.steps[i]!.sig === signature(op)))
      return n ? this.steps[n - 1]!.game : start;
    return this.play(start, ops).game;
  }

  /**
   * Replays a checkpoint's logs with the rules, as the next plays will (the states are kept for them):
   * each system whose log the rules refuse, with why.
   */
  check(game: TableGame): { system: SystemId; event: number; code: string }[] {
    this.use(game);
    const out: { system: SystemId; event: number; code: string }[] = [];
    for (const id of SYSTEM_IDS) {
      const stored = game.root.games[id];
      if (!stored) continue;
      const replayed = this.states.stateOf(id, this.systems[id].rules, stored);
      if (!replayed.ok)
        out.push({
          system: id,
          event: Number(replayed.error.params?.index ?? 0) + 1,
          code: String(replayed.error.params?.code ?? replayed.error.code),
        });
    }
    return out;
  }

  /** The rules as this game opens them: states kept between ops are dropped when the openings change. */
  private use(game: TableGame): void {
    this.opened = game.opened;
    if (this.statesOpened !== game.opened) {
      // The same openings read again from a checkpoint keep the states (only new openings replay them).
      if (!this.statesOpened || !sameOpenings(this.statesOpened, game.opened)) this.states.clear();
      this.statesOpened = game.opened;
    }
  }

  private one(
    game: TableGame,
    op: PlacedOp,
    toOpen: ReadonlySet<string>,
  ): Result<{ game: TableGame; toOpen: ReadonlySet<string> }> {
    this.use(game);
    if (op.denied) return { ok: false, error: op.denied };
    const denied = permitted(game, op, this.states, this.systems, this.context);
    if (denied) return { ok: false, error: denied };
    const request = op.request;
    if (request.type === 'scene/seats') {
      const seats = { ...game.seats };
      if (request.seats.length === 0) delete seats[request.player];
      else seats[request.player] = { name: request.name, seats: [...new Set(request.seats)].sort((a, b) => a - b) };
      return ok({ game: { ...game, seats }, toOpen });
    }
    if (request.type === 'scene/reveal') return this.reveal(game, request.values, toOpen);
    if (request.type === 'scene/visibility')
      return ok({ game: { ...game, visibility: { show: request.show, gmOnly: request.gmOnly } }, toOpen });
    const system = request.system;
    const descriptor = this.systems[system];
    const before = descriptor.secrets ? this.states.stateOf(system, descriptor.rules, gameOf(game.root, system)) : null;
    const applied = applyRequest(game.root, request as Request, this.states, this.systems);
    if (!applied.ok) return applied;
    const root = { ...applied.value, recent: [] };
    if (!descriptor.secrets || !before?.ok) return ok({ game: { ...game, root }, toOpen });
    const after = this.states.stateOf(system, descriptor.rules, gameOf(root, system));
    let next = toOpen;
    if (after.ok) {
      for (const value of descriptor.secrets.read(before.value, after.value)) {
        if (isSealed(value) && !next.has(value)) next = new Set(next).add(value);
      }
    }
    return ok({ game: { ...game, root }, toOpen: next });
  }

  /**
   * Opened values (their commitments were checked when the keys were read): every game is played
   * again with them, and an opening the rules refuse (a roster that was never valid) is refused whole.
   */
  private reveal(
    game: TableGame,
    values: readonly { seal: string; value: string }[],
    toOpen: ReadonlySet<string>,
  ): Result<{ game: TableGame; toOpen: ReadonlySet<string> }> {
    const fresh = values.filter((x) => game.opened[x.seal] === undefined);
    if (fresh.length === 0) return ok({ game, toOpen });
    const opened = { ...game.opened };
    for (const x of fresh) opened[x.seal] = x.value;
    const next = { ...game, opened };
    this.use(next);
    for (const id of SYSTEM_IDS) {
      const descriptor = this.systems[id];
      if (!descriptor.secrets || !game.root.games[id]) continue;
      const replayed = this.states.stateOf(id, descriptor.rules, gameOf(game.root, id));
      if (!replayed.ok) {
        this.use(game);
        return refuse('table-opening-refused', { code: replayed.error.params?.code ?? replayed.error.code });
      }
    }
    const left = new Set([...toOpen].filter((s) => opened[s] === undefined));
    return ok({ game: next, toOpen: left });
  }
}
