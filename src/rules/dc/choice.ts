// Which units a leader may command: markers and losses here, range / spread / blocked paths through
// the command-range engine when every position involved is known, the player's word otherwise.
import { checkDcChoice, dcEligibility } from './activation';
import { hexToPixel } from '../../geometry/hex';
import { ok, refuse, type Result, type RuleError } from '../../game/result';
import type { Scene, Token } from '../../table/model';
import { isWholeIn } from '../../game/checks';
import { DC_LIMITS, DC_RULES, type DcCommand, type DcHex, type DcLeader, type DcState, type DcUnit } from './types';

const PX = 70;
const SCENE: Scene = { pixelsPerCell: PX, unitsPerCell: 1, unitName: 'hex', grid: 'hex-pointy', measurement: 'hex' };

export const isFragile = (u: DcUnit): boolean => u.losses >= DC_RULES.fragileAt;
export const isEliminated = (u: DcUnit): boolean => u.losses >= DC_RULES.eliminatedAt;

export function thresholdOf(state: DcState, u: DcUnit): number {
  return isFragile(u) ? state.config.houseRules.fragileThreshold : state.config.houseRules.threshold;
}

/** Dice the leader would roll now: N − successive keeps while his side holds the initiative, never below 0. */
export function diceAvailable(state: DcState, leader: DcLeader): number {
  const keeps = state.initiative?.side === leader.side ? state.initiative.keeps : 0;
  return Math.max(0, leader.profile.dice - keeps);
}

function token(id: string, at: DcHex, side: string, unit: string | null, role: 'leader' | 'figure'): Token {
  const center = hexToPixel(at, PX, 'pointy');
  return {
    id,
    name: id,
    center,
    footprint: { width: 0, height: 0 },
    layer: 'objects',
    visible: true,
    side,
    unit,
    role,
  };
}

/** The table as the engine sees it: placed leaders (who never block) and placed units still in play. */
function table(state: DcState): Token[] {
  const tokens: Token[] = [];
  for (const l of state.leaders) if (l.at) tokens.push(token(l.id, l.at, l.side, null, 'leader'));
  for (const u of state.units) if (u.at && !isEliminated(u)) tokens.push(token(u.id, u.at, u.side, u.id, 'figure'));
  return tokens;
}

const placed = (leader: DcLeader, units: readonly DcUnit[]): boolean =>
  leader.at !== null && units.every((u) => u.at !== null);

/** The game with the pieces standing where the board says (positions read from tokens); an unknown piece or a bad hex is refused. */
export function withPositions(state: DcState, positions: Readonly<Record<string, DcHex>> | undefined): Result<DcState> {
  if (!positions) return ok(state);
  const c = DC_LIMITS.coord;
  for (const [id, at] of Object.entries(positions)) {
    if (!state.leaders.some((l) => l.id === id) && !state.units.some((u) => u.id === id))
      return refuse('dc-unknown-piece', { id });
    if (!isWholeIn(at.q, -c, c) || !isWholeIn(at.r, -c, c)) return refuse('dc-position-invalid', { max: c });
  }
  const at = <P extends { id: string; at: DcHex | null }>(p: P): P =>
    positions[p.id] ? { ...p, at: { q: positions[p.id]!.q, r: positions[p.id]!.r } } : p;
  return ok({ ...state, leaders: state.leaders.map(at), units: state.units.map(at) });
}

/** Whether the player must vouch for range, spread and paths: some piece of this choice has no known hex. */
export function needsWord(state: DcState, leader: DcLeader, ids: readonly string[]): boolean {
  return !placed(
    leader,
    ids.map((id) => state.units.find((u) => u.id === id)).filter((u): u is DcUnit => u !== undefined),
  );
}

/** The reroll: every commanded unit adjacent to another, not used yet, and some die that is not a "1". */
export function rerollAllowed(command: DcCommand): Result<true> {
  if (!command.adjacent) return refuse('dc-reroll-not-allowed');
  if (command.rerolled) return refuse('dc-reroll-used');
  if (command.dice && command.dice.every((d) => d === 1)) return refuse('dc-reroll-one');
  return ok(true);
}

/** Why one unit may not be commanded at all this activation (markers, losses, side), or null. */
function unitRefusal(leader: DcLeader, u: DcUnit): RuleError | null {
  if (u.side !== leader.side) return { code: 'dc-enemy-unit', params: { unit: u.name } };
  if (isEliminated(u)) return { code: 'dc-unit-eliminated', params: { unit: u.name } };
  if (u.marker !== 'white') return { code: 'dc-unit-not-white', params: { unit: u.name } };
  return null;
}

const nameOf = (state: DcState, id: string): string => state.units.find((u) => u.id === id)?.name ?? id;

/** Checks a choice; returns whether the reroll will be allowed and whether the engine checked it. */
export function checkChoice(
  state: DcState,
  leader: DcLeader,
  ids: readonly string[],
  word: { readonly inRange: boolean; readonly adjacent: boolean } | undefined,
): Result<{ adjacent: boolean; checked: boolean }> {
  if (ids.length === 0) return refuse('dc-no-units');
  if (new Set(ids).size !== ids.length) return refuse('dc-duplicate-unit');
  const units: DcUnit[] = [];
  for (const id of ids) {
    const u = state.units.find((x) => x.id === id);
    if (!u) return refuse('dc-unknown-piece', { id: String(id) });
    const why = unitRefusal(leader, u);
    if (why) return { ok: false, error: why };
    units.push(u);
  }
  const max = diceAvailable(state, leader);
  if (ids.length > max) return refuse('dc-too-many-units', { count: ids.length, max });
  if (!placed(leader, units)) {
    if (word?.inRange !== true) return refuse('dc-word-needed');
    return ok({ adjacent: ids.length >= 2 && word.adjacent, checked: false });
  }
  const tokens = table(state);
  const result = checkDcChoice(
    tokens.find((t) => t.id === leader.id)!,
    ids,
    tokens,
    SCENE,
    leader.profile.radius,
    max,
    state.config.houseRules.path,
  );
  for (const u of result.units) {
    const reason = u.reasons[0];
    if (reason) return refuse(...reasonParams(state, u.unit, reason, leader.profile.radius));
  }
  return ok({ adjacent: result.allAdjacent, checked: true });
}

type DcReason = ReturnType<typeof dcEligibility>[number]['reasons'][number];

function reasonParams(
  state: DcState,
  unit: string,
  reason: DcReason,
  radius: number,
): [string, Record<string, string | number>] {
  const name = nameOf(state, unit);
  switch (reason.code) {
    case 'out-of-range':
      return ['dc-out-of-range', { unit: name, distance: reason.distance, radius }];
    case 'path-blocked':
      // The game's table names its tokens by piece id: the unit's own name is what a player reads.
      return ['dc-path-blocked', { unit: name, blocker: nameOf(state, reason.by) }];
    case 'no-detour':
      return ['dc-path-no-detour', { unit: name, radius: reason.radius }];
    case 'spread-too-wide':
      return [
        'dc-spread-too-wide',
        { unit: name, other: nameOf(state, reason.other), distance: reason.distance, max: reason.max },
      ];
    case 'unknown-unit':
      return ['dc-unknown-piece', { id: unit }];
  }
}

export interface DcPick {
  readonly unit: DcUnit;
  /** Why it cannot be added to the current pick (greyed with this reason), or null. */
  readonly refusal: RuleError | null;
  /** Hex distance from the leader when both are placed. */
  readonly distance: number | null;
}

/** Each unit of the leader's side, with the reason it cannot join `picked` now (to grey it out while picking). */
export function pickable(state: DcState, leader: DcLeader, picked: readonly string[]): DcPick[] {
  const tokens = table(state);
  const me = tokens.find((t) => t.id === leader.id);
  const reach = me ? dcEligibility(me, tokens, SCENE, leader.profile.radius, state.config.houseRules.path) : [];
  const max = diceAvailable(state, leader);
  return state.units
    .filter((u) => u.side === leader.side)
    .map((u) => {
      const base = unitRefusal(leader, u);
      const check = reach.find((c) => c.unit === u.id);
      if (base) return { unit: u, refusal: base, distance: check?.distance ?? null };
      if (check && !check.ok) {
        const [code, params] = reasonParams(state, u.id, check.reasons[0]!, leader.profile.radius);
        return { unit: u, refusal: { code, params }, distance: check.distance };
      }
      if (!picked.includes(u.id)) {
        if (picked.length >= max)
          return {
            unit: u,
            refusal: { code: 'dc-too-many-units', params: { count: picked.length + 1, max } },
            distance: check?.distance ?? null,
          };
        if (me && u.at) {
          const others = picked.map((id) => state.units.find((x) => x.id === id)!).filter((x) => x.at);
          const spread = checkDcChoice(me, [u.id, ...others.map((o) => o.id)], tokens, SCENE, leader.profile.radius);
          const wide = spread.units[0]?.reasons.find((r) => r.code === 'spread-too-wide');
          if (wide) {
            const [code, params] = reasonParams(state, u.id, wide, leader.profile.radius);
            return { unit: u, refusal: { code, params }, distance: check?.distance ?? null };
          }
        }
      }
      return { unit: u, refusal: null, distance: check?.distance ?? null };
    });
}
