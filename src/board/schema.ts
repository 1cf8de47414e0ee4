// Checks on what crosses contexts about the board: a binding in a request or in storage, and the
// board input the worker publishes for tabletops (read back by content scripts, so checked there).
import * as v from 'valibot';
import { nameText, parseOrNull } from '../game/validate';
import { BINDING_LIMITS, type Binding, type BoardInput, type Piece } from './model';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(BINDING_LIMITS.id));
const name = nameText(200);

export const bindingSchema = v.strictObject({
  links: v.pipe(
    v.record(id, id),
    v.check((r) => Object.keys(r).length <= BINDING_LIMITS.links, 'too many links'),
  ),
  sides: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(2000)), id),
    v.check((r) => Object.keys(r).length <= BINDING_LIMITS.sides, 'too many sides'),
  ),
});

export const pieceSchema = v.strictObject({
  id,
  name,
  kind: v.picklist(['fighter', 'unit', 'leader']),
  side: v.nullable(id),
  unit: v.optional(v.nullable(id)),
  gone: v.optional(v.boolean()),
  radio: v.optional(v.boolean()),
  commander: v.optional(v.nullable(id)),
});

/** The board input without its facts: each system checks its own (SystemBoard.parseFacts). */
export const boardInputSchema = v.strictObject({
  system: id,
  binding: bindingSchema,
  pieces: v.pipe(v.array(pieceSchema), v.maxLength(500)),
  facts: v.unknown(),
});

export const parseBinding = (raw: unknown): Binding | null => parseOrNull(bindingSchema, raw);

export function parseBoardInput(raw: unknown): BoardInput | null {
  const r = v.safeParse(boardInputSchema, raw);
  return r.success ? { ...r.output, pieces: r.output.pieces as Piece[] } : null;
}
