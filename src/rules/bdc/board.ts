// Les bandes de Champagne on a tabletop: command chains inside each unit (10 cm base edge to base
// edge by default), leaders gated by their morale in the game (demoralised or routed: no command),
// voice and radio links between leaders, and the rigid-doctrine figures that must close up.
// Runs where the tokens are (content scripts, the demo table, Owlbear), from the facts the worker
// publishes: no rules, no event log here.
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { RingMaker, edgeOf, lostMarks, markOf } from '../../board/draw';
import type {
  BoardError,
  BoardView,
  BoundTable,
  BoundToken,
  Edge,
  Mark,
  MarkStatus,
  Reason,
  Ring,
} from '../../board/model';
import type { SystemBoard } from '../../board/system';
import { computeChains } from '../../geometry/chains';
import type { ChainResult, CommandReason, FigureCommand, LeaderAbility } from '../../geometry/chains-common';
import { BASE_SHAPES, type BaseShape } from '../../geometry/bases';
import type { MeasureFrom } from '../../table/model';
import { DEFAULT_RULES } from './types';

export interface BdcFacts {
  /** Command distance by voice or gesture, cm. */
  readonly commandCm: number;
  readonly measureFrom: MeasureFrom;
  /** Base contact with a radio operator: the largest gap that counts, cm (house setting, 0: touching). */
  readonly contactCm: number;
  /** What a base is edge to edge and for base contact (house setting). */
  readonly bases: BaseShape;
  /** Leaders who may not command now, with the morale state that forbids it. */
  readonly blocked: Readonly<Record<string, string>>;
  /** Units of rigid doctrine: their figures out of command must close up. */
  readonly rigid: readonly string[];
}

export const DEFAULT_BDC_FACTS: BdcFacts = {
  commandCm: DEFAULT_RULES.commandCm,
  measureFrom: DEFAULT_RULES.measureFrom,
  contactCm: DEFAULT_RULES.contactCm,
  bases: DEFAULT_RULES.bases,
  blocked: {},
  rigid: [],
};

const factsSchema = v.strictObject({
  commandCm: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1000)),
  measureFrom: v.picklist(['edge', 'centre']),
  contactCm: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100)),
  bases: v.optional(v.picklist(BASE_SHAPES), DEFAULT_RULES.bases),
  blocked: v.record(v.pipe(v.string(), v.maxLength(64)), v.pipe(v.string(), v.maxLength(32))),
  rigid: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(200)),
});

/** An engine reason, with token ids turned into names (marks and the popup show them as text). */
function reasonOf(r: CommandReason, nameOf: (id: string) => string): Reason {
  switch (r.code) {
    case 'out-of-range':
      return { code: 'out-of-range', params: { by: r.by, unit: r.unit, nearest: nameOf(r.nearest) } };
    case 'leader-cannot-command':
      return { code: 'leader-cannot-command', params: { leader: nameOf(r.leader), state: r.state ?? '' } };
    case 'no-radio':
      return { code: r.missing === 'self' ? 'no-radio-self' : 'no-radio-commander' };
    case 'unknown-commander':
      return { code: 'unknown-commander' };
    default:
      return { code: r.code };
  }
}

/**
 * A leader's own mark: blocked by his own state (demoralised, routed), whoever commands him (the
 * chain's reasons are empty once he is commanded, and may name his commander's state first); else
 * a leader, saying why his commander does not reach him.
 */
function leaderMark(
  t: BoundToken,
  f: FigureCommand,
  blocked: string | undefined,
  nameOf: (id: string) => string,
): { status: 'blocked' | 'leader'; reason: Reason | null } {
  if (f.leads === false)
    return {
      status: 'blocked',
      reason: reasonOf({ code: 'leader-cannot-command', leader: t.id, state: blocked ?? null }, nameOf),
    };
  const first = f.commanded || !t.commander ? undefined : f.reasons[0];
  return { status: 'leader', reason: first ? reasonOf(first, nameOf) : null };
}

export const bdcBoard: SystemBoard<BdcFacts> = {
  id: 'bdc',
  defaultFacts: DEFAULT_BDC_FACTS,
  parseFacts: (raw) => parseOrNull(factsSchema, raw),
  view(table: BoundTable, facts: BdcFacts): BoardView {
    const { scene, tokens } = table;
    // Marks read bases as the system's setting does: a box base's ring hugs its box.
    const mark = (t: BoundToken, status: MarkStatus, reason: Reason | null = null, closeUp = false) =>
      markOf(t, status, reason, closeUp, facts.bases);
    const marks: Mark[] = lostMarks(table.lost, facts.bases);
    const rings: Ring[] = [];
    const edges: Edge[] = [];
    // The morale state that keeps a leader from commanding (demoralised, routed), if any.
    const blockedState = (leader: BoundToken): string | undefined =>
      leader.piece ? facts.blocked[leader.piece.id] : undefined;
    let chains: ChainResult;
    try {
      chains = computeChains(tokens, scene, {
        radius: { value: facts.commandCm, unit: 'cm' },
        from: facts.measureFrom,
        contact: { value: facts.contactCm, unit: 'cm' },
        bases: facts.bases,
        // The engine hands back the tokens it was given: bound ones, with their piece.
        mayCommand: (leader): LeaderAbility => {
          const blocked = blockedState(leader as BoundToken);
          return blocked ? { state: blocked } : true;
        },
      });
    } catch (e) {
      const error: BoardError =
        (e as { code?: unknown }).code === 'incompatible-units' ? 'incompatible-units' : 'invalid-scale';
      for (const t of tokens) marks.push(mark(t, t.role === 'leader' ? 'leader' : 'none'));
      return { marks, rings, edges, notes: [], error };
    }
    const rigid = new Set(facts.rigid);
    // Names by id, looked up only once some figure is out (a reason names the figure nearest him).
    let names: Map<string, string> | null = null;
    const nameOf = (id: string): string => (names ??= new Map(tokens.map((t) => [t.id, t.name]))).get(id) ?? id;
    const ringMaker = new RingMaker(scene, facts.measureFrom, facts.bases);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const by = chains.commandedBy[i]!;
      if (t.role === 'leader') {
        const f = chains.figure(i);
        const own = leaderMark(t, f, blockedState(t), nameOf);
        marks.push(mark(t, own.status, own.reason));
        if (own.status === 'leader' && t.unit !== null) rings.push(ringMaker.ring(t, 'command', chains.radiusCells));
        // Voice and radio come from his commander; inside his unit he is reached like any figure:
        // through a chain figure (a chain edge) or within the ring of his unit's leader (none).
        const kind = f.link === 'radio' || f.link === 'voice' || f.link === 'chain' ? f.link : null;
        if (by >= 0 && kind) edges.push(edgeOf(tokens[by]!, t, kind));
        continue;
      }
      if (chains.commanded[i]) {
        const viaLeader = by < 0 || tokens[by]!.role === 'leader';
        marks.push(mark(t, viaLeader ? 'commanded' : 'link'));
        if (by >= 0 && !viaLeader) edges.push(edgeOf(tokens[by]!, t, 'chain'));
        continue;
      }
      const f = chains.figure(i);
      const first = f.reasons[0];
      if (t.unit === null) {
        marks.push(mark(t, 'none', first ? reasonOf(first, nameOf) : null));
        continue;
      }
      marks.push(mark(t, 'out', first ? reasonOf(first, nameOf) : null, rigid.has(t.unit)));
    }
    return { marks, rings, edges, notes: [], error: null };
  },
};
