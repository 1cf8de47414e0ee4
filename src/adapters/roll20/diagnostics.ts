// "Copy diagnostics": what a user attaches to a bug report about the Roll20 board, and what the
// fixture replays (test/fixtures/roll20/recorded/*.json, `?replay=<name>`). Redacted by
// construction: the page's measuring settings, each figure's geometry under a made-up reference
// (t1, t2, …), the renderer found (which, since when, why it cannot draw) and its raw camera fields,
// the hex lattice chosen and why, the transform the overlay computed and where it put each figure. No names (page, token, player), no image, no player id,
// no Roll20 object id, no status marker, no chat.
import * as v from 'valibot';
import type { CheckResult } from './check';
import { checkResultSchema } from './check-schema';
import type { LiveModel } from './live';
import { isFigure } from './mapping';
import {
  GRID_TYPES,
  DIAGONALS,
  ENGINES,
  RENDERER_REASONS,
  rendererFields,
  viewSchema,
  type RendererFields,
  type View,
} from './protocol';

export const DIAGNOSTICS_FORMAT = 'command-post/roll20-diagnostics';
/** Tokens written into one file (a bug report does not need more to show a pattern). */
export const MAX_DIAGNOSTIC_TOKENS = 2000;

const num = v.pipe(v.number(), v.finite());
export const diagnosticsSchema = v.strictObject({
  format: v.literal(DIAGNOSTICS_FORMAT),
  /** 2: `showgrid`, `rendererWatch`, the lattice's name, reason and counts, rotated views. */
  version: v.literal(2),
  extension: v.pipe(v.string(), v.maxLength(32)),
  browser: v.picklist(['chromium', 'firefox']),
  state: v.picklist(['waiting', 'live', 'unavailable']),
  unreadable: v.nullable(v.pipe(v.string(), v.maxLength(32))),
  engine: v.picklist(ENGINES),
  mode: v.picklist(['full', 'data-only']),
  page: v.nullable(
    v.strictObject({
      snapping_increment: num,
      scale_number: num,
      scale_units: v.pipe(v.string(), v.maxLength(32)),
      grid_type: v.picklist(GRID_TYPES),
      diagonaltype: v.picklist(DIAGONALS),
      showgrid: v.boolean(),
      defaulted: v.array(v.pipe(v.string(), v.maxLength(32))),
    }),
  ),
  /** A hex page's lattice: which one, why (`page`: the tokens could not decide; `tokens`; `fitted`), and how many tokens stand on each known one. */
  lattice: v.nullable(
    v.strictObject({
      lattice: v.picklist(['roll20', 'regular', 'fitted']),
      reason: v.picklist(['page', 'tokens', 'fitted']),
      origin: v.strictObject({ x: num, y: num }),
      pitch: v.nullable(v.strictObject({ x: num, y: num })),
      onLattice: num,
      tokens: num,
      counts: v.strictObject({ roll20: num, regular: num }),
    }),
  ),
  /** The renderer as the bridge watched it: why the board cannot be drawn (null: it can), since when and when it was first found (the page's clock, ms), how often it changed. */
  rendererWatch: v.strictObject({
    reason: v.nullable(v.picklist(RENDERER_REASONS)),
    since: num,
    foundAt: v.nullable(num),
    changes: num,
  }),
  renderer: v.nullable(rendererFields),
  /** The transform the overlay uses: client px = (x, y) + page px·(sx, sy) + (ox, oy). */
  camera: v.nullable(viewSchema),
  overlay: v.strictObject({ visible: v.boolean(), left: num, top: num, width: num, height: num }),
  tokens: v.pipe(
    v.array(
      v.strictObject({
        ref: v.pipe(v.string(), v.regex(/^t\d+$/)),
        left: num,
        top: num,
        width: num,
        height: num,
        /** Where the overlay puts its centre, client px (null without a camera). */
        screen: v.nullable(v.strictObject({ x: num, y: num })),
      }),
    ),
    v.maxLength(MAX_DIAGNOSTIC_TOKENS),
  ),
  /** Token-layer tokens left out beyond MAX_DIAGNOSTIC_TOKENS. */
  more: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** What "Check this table" last found in this tab (./check.ts); absent when it never ran. */
  tableCheck: v.optional(checkResultSchema),
});
export type Diagnostics = v.InferOutput<typeof diagnosticsSchema>;

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function diagnosticsOf(input: {
  model: LiveModel;
  renderer: RendererFields | null;
  camera: View | null;
  overlay: Diagnostics['overlay'];
  browser: Diagnostics['browser'];
  version: string;
  tableCheck?: CheckResult | null;
}): Diagnostics {
  const { model, camera } = input;
  const p = model.page;
  const lattice = model.hexLattice();
  const onLayer = [...model.tokens.values()].filter(isFigure);
  const tokens = onLayer.slice(0, MAX_DIAGNOSTIC_TOKENS).map((t, i) => ({
    ref: `t${i + 1}`,
    left: r4(t.left),
    top: r4(t.top),
    width: r4(t.width),
    height: r4(t.height),
    screen: camera
      ? {
          x: r4(camera.x + t.left * camera.sx + t.top * (camera.kx ?? 0) + camera.ox),
          y: r4(camera.y + t.left * (camera.ky ?? 0) + t.top * camera.sy + camera.oy),
        }
      : null,
  }));
  const w = model.renderer;
  return {
    format: DIAGNOSTICS_FORMAT,
    version: 2,
    extension: input.version.slice(0, 32),
    browser: input.browser,
    state: model.state,
    unreadable: model.unreadable,
    engine: model.engine,
    mode: model.mode,
    page: p
      ? {
          snapping_increment: p.snapping_increment,
          scale_number: p.scale_number,
          scale_units: p.scale_units,
          grid_type: p.grid_type,
          diagonaltype: p.diagonaltype,
          showgrid: p.showgrid,
          defaulted: [...model.defaulted],
        }
      : null,
    lattice: lattice
      ? {
          lattice: lattice.lattice,
          reason: lattice.reason,
          origin: { x: r4(lattice.origin.x), y: r4(lattice.origin.y) },
          pitch: lattice.pitch ? { x: r4(lattice.pitch.x), y: r4(lattice.pitch.y) } : null,
          onLattice: r4(lattice.onLattice),
          tokens: lattice.tokens,
          counts: { ...lattice.counts },
        }
      : null,
    rendererWatch: {
      reason: w.reason,
      since: r4(w.at),
      foundAt: w.foundAt === null ? null : r4(w.foundAt),
      changes: w.changes,
    },
    renderer: input.renderer,
    camera,
    overlay: {
      visible: input.overlay.visible,
      left: r4(input.overlay.left),
      top: r4(input.overlay.top),
      width: r4(input.overlay.width),
      height: r4(input.overlay.height),
    },
    tokens,
    more: onLayer.length - tokens.length,
    ...(input.tableCheck ? { tableCheck: { ...input.tableCheck } } : {}),
  };
}
