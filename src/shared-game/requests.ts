// The actions a player makes on the shared game: a request of the popup's own kind (the very ones the
// browser extension's worker takes), or one of the table's own (seats, openings). Checked as every
// client will read them back.
import * as v from 'valibot';
import { ok, refuse, type Result } from '../game/result';
import { parseWith } from '../game/validate';
import type { Request } from '../messages';
import { SCENE_GAME_TYPES, type SceneRequest } from './scene-request';
import { parseRequest } from '../store/requests';
import { VISIBILITY_FIELDS } from '../board/visibility-schema';
import { LIMITS } from './model';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.id));
const sealedValues = v.pipe(
  v.array(
    v.strictObject({
      seal: v.pipe(v.string(), v.maxLength(100)),
      salt: v.pipe(v.string(), v.maxLength(100)),
      value: v.pipe(v.string(), v.maxLength(LIMITS.id)),
    }),
  ),
  v.minLength(1),
  v.maxLength(64),
);
const tableOwnSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('scene/seats'),
    player: id,
    name: v.pipe(v.string(), v.maxLength(200)),
    seats: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15))), v.maxLength(16)),
  }),
  v.strictObject({ type: v.literal('scene/reveal'), values: sealedValues }),
  v.strictObject({ type: v.literal('scene/visibility'), ...VISIBILITY_FIELDS }),
]);

/** The table's own requests: played by the shared game itself, not by a rule system. */
const TABLE_OWN_TYPES = ['scene/seats', 'scene/reveal', 'scene/visibility'] as const;
type TableOwn = Extract<SceneRequest, { type: (typeof TABLE_OWN_TYPES)[number] }>;
const isTableOwnType = (type: unknown): type is TableOwn['type'] =>
  (TABLE_OWN_TYPES as readonly unknown[]).includes(type);
export const isTableOwn = (request: SceneRequest): request is TableOwn => isTableOwnType(request.type);

/** A request as an op holds it: a game request the worker would take (its events checked by their system), or the table's own. */
export function parseSceneRequest(raw: unknown): Result<SceneRequest> {
  const type = (raw as { type?: unknown } | null)?.type;
  if (isTableOwnType(type)) return parseWith(tableOwnSchema, raw, 'bad-message');
  if (typeof type !== 'string' || !(SCENE_GAME_TYPES as readonly string[]).includes(type)) {
    return refuse('bad-message', { path: 'type', problem: `${String(type)} is not an action on a shared table` });
  }
  if (typeof raw === 'object' && raw !== null && 'id' in raw)
    return refuse('bad-message', { path: 'id', problem: 'an action on a shared table has no request id' });
  const parsed = parseRequest(raw);
  return parsed.ok ? ok(parsed.value as SceneRequest) : parsed;
}

/** A request from the popup (with its id) as an action on a shared table, or why it is not one (`notHere`: the tabletop's code for it). */
export function toSceneRequest(request: Request, notHere: string): Result<SceneRequest> {
  if (!(SCENE_GAME_TYPES as readonly string[]).includes(request.type)) return refuse(notHere, { type: request.type });
  const { id: _id, ...rest } = request as Request & { id?: string };
  void _id;
  return ok(rest as SceneRequest);
}

/** The tokens a request links to pieces (a board link, a batch's or a replaced game's links). */
export function linkedTokens(request: SceneRequest): string[] {
  if (request.type === 'board/link' || request.type === 'game/replace' || request.type === 'game/batch')
    return (request.links ?? []).map((l) => l.token);
  return [];
}
