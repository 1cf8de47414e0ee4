// Words beside their own figure (issue 39, item 1): on every army of the demo table, fitted to boards
// from a phone's to a wide screen's, zoomed in and out, a figure hovered, a leader dragged away, in the
// three languages, every label set beside a figure with no line to it stands no
// nearer another figure than its own (a unit's: any of its figures). Before, avoiding overlaps set 55
// so, among them the command roll's "72e de ligne — 10 in from Ledru's unit" nearer the 11e hussards,
// and the name "93e de ligne" nearer the 4e's stands.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { sceneBoard } from '../../../src/adapters/demo/example';
import { sceneId } from '../../../src/adapters/demo/scenes';
import type { Box, Disc } from '../../../src/board/labels';
import { layoutBoard, type BoardLayout } from '../../../src/board/layout';
import { estimateWidth } from '../../../src/board/measure';
import type { BoundToken } from '../../../src/board/model';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import { SYSTEM_IDS } from '../../../src/rules/ids';
import { sceneRun } from '../../support/demo';

const sayIn = (lang: string) => {
  const catalogue = loadCatalogue(lang) as Catalogue;
  return (t: Parameters<typeof formatText>[1]) => formatText(catalogue, t);
};

/** How far a box stands from a disc's edge. */
const gapTo = (b: Box, d: Disc) =>
  Math.max(
    0,
    Math.hypot(d.x - Math.max(b.x, Math.min(d.x, b.x + b.w)), d.y - Math.max(b.y, Math.min(d.y, b.y + b.h))) - d.r,
  );

/** The camera that fits every figure in a board of this size, with the room the demo leaves for names, reasons and the key. */
function fitted(tokens: readonly BoundToken[], width: number, height: number) {
  const reach = (t: BoundToken) => Math.hypot(t.footprint.width, t.footprint.height) / 2;
  const minX = Math.min(...tokens.map((t) => t.center.x - reach(t)));
  const maxX = Math.max(...tokens.map((t) => t.center.x + reach(t)));
  const minY = Math.min(...tokens.map((t) => t.center.y - reach(t)));
  const maxY = Math.max(...tokens.map((t) => t.center.y + reach(t)));
  const zoom = Math.min((width - 24 - Math.min(200, width * 0.3)) / (maxX - minX), (height - 60) / (maxY - minY));
  return { sx: zoom, sy: zoom, ox: 24 - minX * zoom, oy: 24 - minY * zoom };
}

/** Each label beside a figure (no line) that stands nearer another figure than its own, and by how much. */
function strayWords(
  layout: BoardLayout,
  tokens: readonly BoundToken[],
  camera: { sx: number; ox: number; oy: number },
): string[] {
  const disc = (t: BoundToken): Disc => ({
    x: t.center.x * camera.sx + camera.ox,
    y: t.center.y * camera.sx + camera.oy,
    r: (Math.max(t.footprint.width, t.footprint.height) / 2) * camera.sx,
  });
  const out: string[] = [];
  for (const l of layout.labels) {
    if (l.leader) continue;
    const [kind, id] = [l.id.slice(0, l.id.indexOf(':')), l.id.slice(l.id.indexOf(':') + 1)];
    const own = new Set(kind === 'unit-name' ? tokens.filter((t) => t.unit === id).map((t) => t.id) : l.tokens);
    const mine = Math.min(...tokens.filter((t) => own.has(t.id)).map((t) => gapTo(l.box, disc(t))));
    const nearest = tokens
      .filter((t) => !own.has(t.id))
      .map((t) => ({ name: t.name, gap: gapTo(l.box, disc(t)) }))
      .sort((a, b) => a.gap - b.gap)[0];
    // A few px for the rings the placer measures (a mark's ring stands a little outside its figure).
    if (nearest && nearest.gap + 4 < mine)
      out.push(
        `${l.id} "${l.text}" ${mine.toFixed(0)} px from its own, ${nearest.gap.toFixed(0)} px from ${nearest.name}`,
      );
  }
  return out;
}

/** A camera zoomed by `z` about the board's centre. */
const zoomed = (c: { sx: number; ox: number; oy: number }, z: number, width: number, height: number) => {
  const sx = c.sx * z;
  return { sx, sy: sx, ox: width / 2 - (width / 2 - c.ox) * z, oy: height / 2 - (height / 2 - c.oy) * z };
};

describe('words beside their own figure', () => {
  it.each(SYSTEM_IDS.map((s) => sceneId(s, 'army')))(
    "%s: at fit on a phone, a laptop and a wide screen, zoomed ×2, ×4, ÷2 and ÷4, a figure hovered, a leader dragged away, in en, fr and ru: no word set beside a figure reads as another's",
    (scene) => {
      const board = sceneBoard(scene);
      // A leader dragged away: the first leader of the army, ten of its own bases to the right.
      const leader = board.tokens.find((t) => t.role === 'leader');
      const dragged = {
        ...board,
        tokens: board.tokens.map((t) => (t === leader ? { ...t, x: t.x + 10 * board.scene.pixelsPerCell } : t)),
      };
      const problems: string[] = [];
      let said = 0;
      for (const [what, b] of [
        ['', board],
        [`${leader?.name} dragged away, `, dragged],
      ] as const) {
        const run = sceneRun(scene, b);
        // Figures taken off the game but still on the table (the dead) are figures too.
        const tokens = [...run.bound.tokens, ...run.bound.lost];
        const sizes = what
          ? ([[1280, 800]] as const)
          : ([
              [390, 600],
              [1000, 600],
              [1280, 800],
              [1600, 980],
            ] as const);
        for (const lang of what ? ['en'] : ['en', 'fr', 'ru']) {
          const say = sayIn(lang);
          for (const [width, height] of sizes) {
            const fit = fitted(tokens, width, height);
            const views: [string, typeof fit, ReadonlySet<string> | undefined][] = [[`at fit`, fit, undefined]];
            if (width === 1280 && !what) {
              for (const z of [2, 4, 0.5, 0.25]) views.push([`zoomed ×${z}`, zoomed(fit, z, width, height), undefined]);
              // Hovered or selected: the figure's own words open, further out if need be.
              for (const t of tokens.filter((_, i) => i % 7 === 0))
                views.push([`${t.name} hovered`, fit, new Set([t.id])]);
            }
            for (const [view, camera, focus] of views) {
              const layout = layoutBoard(run.view, run.bound, {
                reasons: true,
                names: true,
                legend: true,
                say,
                locale: lang,
                measure: (t) => estimateWidth(t, 12),
                camera,
                width,
                height,
                ...(focus ? { focus } : {}),
              });
              said += layout.labels.length;
              for (const p of strayWords(layout, tokens, camera))
                problems.push(`${what}${lang} ${width}×${height} ${view}: ${p}`);
            }
          }
        }
      }
      expect(said).toBeGreaterThan(10);
      expect(problems).toEqual([]);
    },
  );

  it("every label says whose words they are (the overlay writes them as data-own, for the browser tests to measure): a unit's name its unit's figures, its leader apart; any other label the figures it speaks for", () => {
    let unitNames = 0;
    for (const scene of SYSTEM_IDS.map((s) => sceneId(s, 'army'))) {
      const run = sceneRun(scene, sceneBoard(scene));
      const tokens = [...run.bound.tokens, ...run.bound.lost];
      const layout = layoutBoard(run.view, run.bound, {
        reasons: true,
        names: true,
        legend: true,
        say: sayIn('en'),
        locale: 'en',
        measure: (t) => estimateWidth(t, 12),
        camera: fitted(tokens, 1280, 800),
        width: 1280,
        height: 800,
      });
      for (const l of layout.labels) {
        if (l.kind !== 'unit-name') {
          expect(l.own, `${scene} ${l.id}`).toEqual(l.tokens);
          continue;
        }
        unitNames++;
        const unit = l.id.slice('unit-name:'.length);
        // A unit's name speaks for none of them (hovering one does not open it), but names them all.
        expect(l.tokens, `${scene} ${l.id}`).toEqual([]);
        expect([...l.own].sort(), `${scene} ${l.id}`).toEqual(
          run.bound.tokens
            .filter((t) => t.unit === unit && t.role !== 'leader')
            .map((t) => t.id)
            .sort(),
        );
      }
    }
    // The command roll's and Les bandes de Champagne's armies name their units.
    expect(unitNames).toBeGreaterThan(10);
  });
});
