// What the indexed (chains.ts) and naive (chains-naive.ts) engines share: options, result
// types, leader abilities, leader-to-leader links (voice, radio) and the explanation of each
// figure's status. The two engines differ only in how they find pairs in range: the BFS over
// each unit and the nearest commanded figure.
import type { Length, MeasureFrom, Scene, Token } from '../table/model';
import { withinRange } from './metrics';
import { baseGap, baseOf, type BaseShape } from './bases';
import { prepareTable, type PreparedTable } from './prepare';
import { fromCells, tidy, toCells } from './units';

/** `true`/`false`, or "no" with the state that forbids it (`demoralised`, `routed`, `disordered`). */
export type LeaderAbility = boolean | { readonly state: string };

export interface ChainOptions {
  /** Command distance (BdC: 10 cm). */
  readonly radius: Length;
  /** Centre to centre or base edge to base edge (BdC default: edge). Default centre. */
  readonly from?: MeasureFrom;
  /** What a base is when measuring edge to edge, and for base contact (src/geometry/bases.ts). Default auto. */
  readonly bases?: BaseShape;
  /** Whether a leader may command now (BdC: neither demoralised nor routed). Default: yes. */
  readonly mayCommand?: (leader: Token) => LeaderAbility;
  /** Largest base gap that still counts as base contact (radio operator). Default 0: bases touching, within float noise. */
  readonly contact?: Length;
  /** Units with more members than this get their own grid hash; smaller ones a plain scan. */
  readonly indexThreshold?: number;
}

export type CommandLink = 'root' | 'leader' | 'chain' | 'voice' | 'radio';

export type CommandReason =
  | { readonly code: 'out-of-range'; readonly by: number; readonly unit: string; readonly nearest: string }
  | { readonly code: 'leader-cannot-command'; readonly leader: string; readonly state: string | null }
  | { readonly code: 'no-leader' }
  | { readonly code: 'no-unit' }
  | { readonly code: 'no-radio'; readonly missing: 'self' | 'commander' }
  | { readonly code: 'unknown-commander'; readonly commander: string };

export interface FigureCommand {
  readonly id: string;
  readonly index: number;
  readonly unit: string | null;
  readonly commanded: boolean;
  /** root: a free leader; leader/chain: within range of the unit's leader / of a commanded figure; voice/radio: a leader commanded by his commander. */
  readonly link: CommandLink | null;
  /** Who commands it: the leader or the chain-link figure (draw an edge by → id). */
  readonly by: string | null;
  /** Hops from a commanding leader inside the unit (0 = that leader), −1 outside any chain. */
  readonly depth: number;
  /** Distance to `by`, in the radius unit. */
  readonly distance: number | null;
  /** Leaders: may command his unit; undefined for other roles. */
  readonly leads: boolean | undefined;
  readonly reasons: readonly CommandReason[];
}

export interface ChainResult {
  readonly radiusCells: number;
  readonly unit: string;
  /** Per token (input order): 1 if commanded. Cheap columns for overlays redrawn every frame. */
  readonly commanded: Uint8Array;
  /** Per token: index of the token commanding it (leader or chain link), −1 if none. */
  readonly commandedBy: Int32Array;
  /** The status of token i, with reasons; built on first access. */
  readonly figure: (index: number) => FigureCommand;
  /** Every status in token order (materialises them all). */
  readonly figures: readonly FigureCommand[];
  readonly get: (id: string) => FigureCommand | undefined;
}

/** Everything the spatial part of an engine needs, computed once. */
export interface ChainSetup {
  readonly p: PreparedTable;
  readonly radius: number;
  /** Unit index per token, −1 without unit. */
  readonly unitOf: Int32Array;
  readonly unitCount: number;
  /** 1 if the token is a leader of a unit who may command it now (a chain root). */
  readonly root: Uint8Array;
  readonly ability: ReadonlyMap<number, LeaderAbility>;
}

export function setupChains(tokens: readonly Token[], scene: Scene, opts: ChainOptions): ChainSetup {
  const p = prepareTable(tokens, scene, opts.from ?? 'centre', opts.bases);
  const radius = toCells(opts.radius, scene);
  const unitOf = new Int32Array(p.n);
  const root = new Uint8Array(p.n);
  const ids = new Map<string, number>();
  const ability = new Map<number, LeaderAbility>();
  let lastUnit: string | null = null;
  let lastU = -1;
  for (let i = 0; i < p.n; i++) {
    const t = tokens[i]!;
    if (t.unit === null) {
      unitOf[i] = -1;
    } else if (t.unit === lastUnit) {
      unitOf[i] = lastU; // tokens usually come grouped by unit: skip the Map
    } else {
      let u = ids.get(t.unit);
      if (u === undefined) ids.set(t.unit, (u = ids.size));
      unitOf[i] = u;
      lastUnit = t.unit;
      lastU = u;
    }
    if (t.role === 'leader') {
      const a = opts.mayCommand ? opts.mayCommand(t) : true;
      ability.set(i, a);
      if (a === true && t.unit !== null) root[i] = 1;
    }
  }
  return { p, radius, unitOf, unitCount: ids.size, root, ability };
}

/** The spatial answers an engine computes. */
export interface ChainSearch {
  /** Hops from a root in the unit (−1: unreached). */
  readonly depth: Int32Array;
  /** Parent token index (−1 for roots and unreached). */
  readonly parent: Int32Array;
  /** Distance to the parent, cells. */
  readonly parentDist: Float64Array;
  /** Nearest reached token of i's unit (ties → lowest index), for unreached i in a unit with a root. */
  readonly nearestReached: (i: number) => { index: number; distance: number } | null;
}

const NONE: readonly CommandReason[] = Object.freeze([]);

const stateOf = (a: LeaderAbility | undefined): string | null => (typeof a === 'object' ? a.state : null);

const LINKS: readonly (CommandLink | null)[] = [null, 'root', 'leader', 'chain', 'voice', 'radio'];
const LINK_CODE: Readonly<Record<CommandLink, number>> = { root: 1, leader: 2, chain: 3, voice: 4, radio: 5 };

/** Per unit: whether it has a leader, and a root, and its leaders who may not command. */
function unitsOf(s: ChainSetup) {
  const { unitOf, root, ability } = s;
  const hasRoot = new Uint8Array(s.unitCount);
  const hasLeader = new Uint8Array(s.unitCount);
  const blockedLeaders = new Map<number, number[]>();
  for (const [i, a] of ability) {
    const u = unitOf[i]!;
    if (u < 0) continue;
    hasLeader[u] = 1;
    if (root[i]) hasRoot[u] = 1;
    else if (a !== true) {
      const list = blockedLeaders.get(u);
      if (list) list.push(i);
      else blockedLeaders.set(u, [i]);
    }
  }
  return { hasRoot, hasLeader, blockedLeaders };
}

/**
 * Each token's link, in typed arrays: commanded or not, by whom, how (`LINK_CODE`), how far; for one
 * not commanded, the nearest commanded token of its unit (−1 if none) and its distance; for a leader
 * whose commander link failed, the reasons it gave.
 */
function linksOf(s: ChainSetup, search: ChainSearch, opts: ChainOptions, hasRoot: Uint8Array) {
  const { p, unitOf, root, ability } = s;
  const n = p.n;
  const commanded = new Uint8Array(n);
  const commandedBy = new Int32Array(n).fill(-1);
  const link = new Uint8Array(n);
  const distance = new Float64Array(n);
  const nearest = new Int32Array(n).fill(-1);
  const commanderReasons = new Map<number, CommandReason[]>();
  for (let i = 0; i < n; i++) {
    const depth = search.depth[i]!;
    // Only leaders can have a commander: skip touching the other token objects (cache misses).
    const t = ability.has(i) ? p.tokens[i]! : null;
    if (t && t.commander) {
      const l = commanderLink(s, i, t.commander, opts);
      if (l.ok) {
        commanded[i] = 1;
        commandedBy[i] = l.by;
        link[i] = LINK_CODE[l.link];
        distance[i] = l.distance;
        continue;
      }
      if (depth <= 0) {
        commanderReasons.set(i, l.reasons);
        continue;
      }
    }
    if (depth === 0) {
      commanded[i] = 1;
      link[i] = LINK_CODE.root;
    } else if (depth > 0) {
      const par = search.parent[i]!;
      commanded[i] = 1;
      commandedBy[i] = par;
      link[i] = root[par] ? LINK_CODE.leader : LINK_CODE.chain;
      distance[i] = search.parentDist[i]!;
    } else {
      const u = unitOf[i]!;
      if (u >= 0 && hasRoot[u]) {
        const near = search.nearestReached(i);
        if (near) {
          nearest[i] = near.index;
          distance[i] = near.distance;
        }
      }
    }
  }
  return { commanded, commandedBy, link, distance, nearest, commanderReasons };
}

/**
 * Builds every token's status from the search (shared so both engines agree). All the
 * measuring happens here, into typed columns; the FigureCommand objects and their reasons are
 * only put together when asked for, so a 100,000-figure recompute allocates almost nothing.
 */
export function assembleChains(s: ChainSetup, search: ChainSearch, opts: ChainOptions): ChainResult {
  const { p, radius, unitOf, root, ability } = s;
  const n = p.n;
  const tokens = p.tokens;
  const unit = opts.radius.unit;
  const unitsPerCell = fromCells(1, unit, p.scene);
  const report = (cells: number): number => tidy(cells * unitsPerCell);
  const { hasRoot: unitHasRoot, hasLeader: unitHasLeader, blockedLeaders } = unitsOf(s);
  const { commanded, commandedBy, link, distance, nearest, commanderReasons } = linksOf(s, search, opts, unitHasRoot);

  const leaderReasons = (u: number): CommandReason[] =>
    (blockedLeaders.get(u) ?? []).map((i) => ({
      code: 'leader-cannot-command',
      leader: tokens[i]!.id,
      state: stateOf(ability.get(i)),
    }));
  const reasonsOf = (i: number): readonly CommandReason[] => {
    if (commanded[i]) return NONE;
    const u = unitOf[i]!;
    const own = commanderReasons.get(i);
    if (own) {
      // His own inability to lead, if any, explains the rest of his unit too.
      const self =
        root[i] || u < 0
          ? []
          : leaderReasons(u).filter((r) => r.code === 'leader-cannot-command' && r.leader === tokens[i]!.id);
      return [...own, ...self];
    }
    if (u < 0) return [{ code: 'no-unit' }];
    if (!unitHasLeader[u]) return [{ code: 'no-leader' }];
    const out: CommandReason[] = [];
    const k = nearest[i]!;
    if (k >= 0) out.push({ code: 'out-of-range', by: report(distance[i]! - radius), unit, nearest: tokens[k]!.id });
    out.push(...leaderReasons(u));
    return out;
  };

  const cache: (FigureCommand | undefined)[] = new Array(n);
  const figure = (i: number): FigureCommand => {
    let f = cache[i];
    if (f) return f;
    const t = tokens[i]!;
    const a = ability.get(i);
    const by = commandedBy[i]!;
    f = {
      id: t.id,
      index: i,
      unit: t.unit,
      commanded: commanded[i] === 1,
      link: LINKS[link[i]!]!,
      by: by >= 0 ? tokens[by]!.id : null,
      depth: search.depth[i]!,
      distance: by >= 0 ? report(distance[i]!) : null,
      leads: a === undefined ? undefined : a === true,
      reasons: reasonsOf(i),
    };
    cache[i] = f;
    return f;
  };
  let all: FigureCommand[] | null = null;
  return {
    radiusCells: radius,
    unit,
    commanded,
    commandedBy,
    figure,
    get figures(): readonly FigureCommand[] {
      if (!all) {
        all = [];
        for (let i = 0; i < n; i++) all.push(figure(i));
      }
      return all;
    },
    get: (id) => {
      const i = p.indexOf.get(id);
      return i === undefined ? undefined : figure(i);
    },
  };
}

type CommanderLink =
  { ok: true; link: 'voice' | 'radio'; by: number; distance: number } | { ok: false; reasons: CommandReason[] };

/**
 * A leader with a commander (BdC company → platoon leader) is commanded by voice within the
 * radius, or by radio at any distance if both have a radio (the commander's may be a radio
 * operator in base contact). A commander who may not command links nobody.
 */
function commanderLink(s: ChainSetup, i: number, commanderId: string, opts: ChainOptions): CommanderLink {
  const { p, radius } = s;
  const c = p.indexOf.get(commanderId);
  if (c === undefined || c === i || p.tokens[c]!.role !== 'leader')
    return { ok: false, reasons: [{ code: 'unknown-commander', commander: commanderId }] };
  const cmd = p.tokens[c]!;
  const a = s.ability.get(c);
  if (a !== true) return { ok: false, reasons: [{ code: 'leader-cannot-command', leader: cmd.id, state: stateOf(a) }] };
  const d = p.dist(c, i);
  if (withinRange(d, radius)) return { ok: true, link: 'voice', by: c, distance: d };
  const me = p.tokens[i]!;
  const selfRadio = hasRadio(me);
  const cmdRadio = hasRadio(cmd) || touchesRadioOperator(p, c, opts);
  if (selfRadio && cmdRadio) return { ok: true, link: 'radio', by: c, distance: d };
  const reasons: CommandReason[] = [
    {
      code: 'out-of-range',
      by: tidy(fromCells(d - radius, opts.radius.unit, p.scene)),
      unit: opts.radius.unit,
      nearest: cmd.id,
    },
  ];
  if (!selfRadio) reasons.push({ code: 'no-radio', missing: 'self' });
  if (!cmdRadio) reasons.push({ code: 'no-radio', missing: 'commander' });
  return { ok: false, reasons };
}

const hasRadio = (t: Token): boolean => t.radio === true || t.role === 'radio-operator';

/** The radio operators of a prepared table, found once: each leader asks, and there are few of them. */
const operatorsOf = new WeakMap<PreparedTable, number[]>();

/**
 * Base contact is a physical notion: the straight gap between the two bases as they stand, whatever the grid, at most
 * the contact slack (a house setting; none by default), float noise forgiven as for range ties.
 */
function touchesRadioOperator(p: PreparedTable, c: number, opts: ChainOptions): boolean {
  const scene = p.scene;
  const tol = opts.contact ? toCells(opts.contact, scene) : 0;
  const leader = p.tokens[c]!;
  const own = baseOf(leader, scene, opts.bases);
  let operators = operatorsOf.get(p);
  if (!operators) {
    operators = [];
    for (let j = 0; j < p.n; j++) if (p.tokens[j]!.role === 'radio-operator') operators.push(j);
    operatorsOf.set(p, operators);
  }
  for (const j of operators) {
    const t = p.tokens[j]!;
    // Another side's operator is no radio of his; a side the game does not know (a roster without
    // sides, beside an operator only on the tabletop with a side of its own) rules out nobody.
    if (j === c || (t.side !== null && leader.side !== null && t.side !== leader.side)) continue;
    const gap = baseGap(own, baseOf(t, scene, opts.bases), p.x[j]! - p.x[c]!, p.y[j]! - p.y[c]!);
    if (withinRange(gap, tol)) return true;
  }
  return false;
}

/** Edges (by → id) for overlays that draw chains and radio links. */
export function chainEdges(r: ChainResult): { from: string; to: string; link: CommandLink }[] {
  const out: { from: string; to: string; link: CommandLink }[] = [];
  for (const f of r.figures)
    if (f.commanded && f.by !== null && f.link) out.push({ from: f.by, to: f.id, link: f.link });
  return out;
}
