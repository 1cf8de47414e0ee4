// Reading Roll20's game: the Campaign, its active page and that page's settings, the tokens, the
// players and the selection, each read guarded (anything may be missing or odd) into plain JSON.
import type { INTERNALS } from '../../src/adapters/roll20/protocol';
import { get, modelsOf, safe, str, type Any } from '../page-reads';

/** The page's own window, where Roll20's globals live (`Campaign`, `d20`, `MeshScene`, `jQuery`). */
export const w = window as Any;

export const num = (x: unknown): number =>
  typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
/** A page setting as Roll20 holds it (number or short string); the content script reads it field by field. */
const raw = (x: unknown): unknown =>
  typeof x === 'number' || typeof x === 'boolean' ? x : typeof x === 'string' ? x.slice(0, 64) : null;
export const campaign = (): Any => safe(() => w.Campaign);
export const activePage = (): Any =>
  safe(() => (typeof campaign()?.activePage === 'function' ? campaign().activePage() : undefined));
export const d20 = (): Any => safe(() => w.currentPlayer?.d20 ?? w.d20);

export function missingInternals(): (typeof INTERNALS)[number][] {
  const c = campaign();
  if (!c) return ['Campaign'];
  if (typeof c.activePage !== 'function') return ['activePage'];
  const g = safe(() => activePage()?.thegraphics);
  if (!g || typeof g.on !== 'function' || !Array.isArray(safe(() => g.models))) return ['thegraphics'];
  return [];
}

/**
 * What a graphic on the token layer is when it is not a figure: an image marked "Is Drawing"
 * (`isdrawing`), or a card played onto the table (`_subtype: 'card'`, with the card's id): the
 * graphic attributes of Roll20's own API typings (roll20-api-scripts `.types/index.d.ts`).
 */
function kindOf(m: Any): 'drawing' | 'card' | undefined {
  const drawing = get(m, 'isdrawing');
  if (drawing === true || drawing === 'true') return 'drawing';
  const sub = get(m, '_subtype') ?? get(m, 'subtype');
  const card = get(m, '_cardid') ?? get(m, 'cardid');
  return sub === 'card' || (typeof card === 'string' && card !== '') ? 'card' : undefined;
}
/** Only figures take part (docs/roll20.md "What is a figure"): map, GM-layer and other layers' graphics, drawings and cards never leave the page. */
export const isFigure = (m: Any): boolean => get(m, 'layer') === 'objects' && kindOf(m) === undefined;

/** Who controls a token as Roll20 decides it (TokenMod's rule): the represented character's players when it represents one, else the token's own. */
function controllers(m: Any): string {
  const rep = get(m, 'represents');
  if (typeof rep === 'string' && rep) {
    const character = safe(() => campaign()?.characters?.get(rep));
    if (character) return str(get(character, 'controlledby'), 2000);
  }
  return str(get(m, 'controlledby'), 2000);
}

export function readToken(m: Any): unknown {
  const kind = get(m, 'layer') === 'objects' ? kindOf(m) : undefined;
  // A turn that reads as no number is no turn: the token still counts, unturned.
  const rotation = num(get(m, 'rotation'));
  return {
    id: str(safe(() => m.id) ?? get(m, 'id'), 64),
    name: str(get(m, 'name'), 200),
    left: num(get(m, 'left')),
    top: num(get(m, 'top')),
    width: num(get(m, 'width')),
    height: num(get(m, 'height')),
    ...(Number.isFinite(rotation) && Math.abs(rotation) <= 1e6 ? { rotation } : {}),
    layer: str(get(m, 'layer'), 32),
    controlledby: controllers(m),
    tint: str(get(m, 'tint_color'), 32),
    markers: str(get(m, 'statusmarkers'), 2000),
    ...(kind ? { kind } : {}),
  };
}

/** The page's settings as Roll20 holds them; the content script checks each field and falls back to Roll20's default alone. */
export function readPage(p: Any) {
  return {
    id: str(safe(() => p.id) ?? get(p, 'id'), 64),
    name: raw(get(p, 'name')),
    snapping_increment: raw(get(p, 'snapping_increment')),
    scale_number: raw(get(p, 'scale_number')),
    scale_units: raw(get(p, 'scale_units')),
    grid_type: raw(get(p, 'grid_type')),
    diagonaltype: raw(get(p, 'diagonaltype')),
    showgrid: raw(get(p, 'showgrid')),
  };
}
export const PAGE_ATTRS = [
  'name',
  'snapping_increment',
  'scale_number',
  'scale_units',
  'grid_type',
  'diagonaltype',
  'showgrid',
];

export function players() {
  return modelsOf(safe(() => campaign()?.players))
    .slice(0, 200)
    .map((p) => ({
      id: str(
        safe(() => p.id),
        64,
      ),
      name: str(get(p, 'displayname'), 200),
    }))
    .filter((p) => p.id);
}

/**
 * The selected tokens' ids: Jumpgate `tabletopSelected()`, Legacy `d20.engine.selected()`
 * (roll20.md §2.1, §2.2), whichever gives something (a Legacy game loads the new client too).
 * Each selected object names its token by its model (`_model` on Legacy fabric objects, `model`
 * elsewhere: VTTES `try_get_canvas_object_model`) or by its own id.
 */
export function readSelection(): string[] {
  return (
    safe(() => {
      const eng = d20()?.engine;
      const lists = [
        safe(() => (typeof eng?.tabletopSelected === 'function' ? eng.tabletopSelected() : null)),
        safe(() => (typeof eng?.selected === 'function' ? eng.selected() : null)),
      ];
      const read: Any[] = lists.find((l) => Array.isArray(l) && l.length > 0) ?? [];
      return read
        .slice(0, 100)
        .map((o: Any) =>
          str(
            safe(() => (o?._model ?? o?.model)?.id ?? o?.id ?? get(o, 'id')),
            64,
          ),
        )
        .filter((x: string) => x !== '');
    }) ?? []
  );
}
