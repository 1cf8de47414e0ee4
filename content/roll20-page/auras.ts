// Native auras (GM, asked for in the popup): each leader's aura written on its token, the token's
// own aura remembered, and restored when it no longer leads or the popup asks.
import type { AuraItem } from '../../src/adapters/roll20/protocol';
import { get, modelsOf, safe, type Any } from '../page-reads';
import { post } from './channel';
import { isFigure } from './reading';
import { state } from './state';

const AURA_KEYS = ['aura1_radius', 'aura1_square', 'aura1_color', 'showplayers_aura1'] as const;
const saved = new Map<string, Record<string, unknown>>();
const graphic = (id: string): Any =>
  safe(() => state.coll?.get?.(id)) ?? modelsOf(state.coll).find((m) => safe(() => m.id) === id);
function write(m: Any, attrs: Record<string, unknown>): boolean {
  return (
    safe(() => {
      m.set(attrs);
      m.save();
      return true;
    }) === true
  );
}
export function setAuras(items: readonly AuraItem[]) {
  let written = 0;
  let failed = 0;
  const wanted = new Set(items.map((i) => i.id));
  // Leaders no longer leading get their own aura back.
  const restored = restore((id) => !wanted.has(id));
  for (const it of items) {
    const m = graphic(it.id);
    // Figures only (the leaders the board drew): never a token of another layer, whatever the id.
    if (!m || !isFigure(m)) {
      failed++;
      continue;
    }
    if (!saved.has(it.id)) saved.set(it.id, Object.fromEntries(AURA_KEYS.map((k) => [k, get(m, k)])));
    if (write(m, { aura1_radius: it.radius, aura1_square: it.square, aura1_color: it.color, showplayers_aura1: true }))
      written++;
    else failed++;
  }
  post({ type: 'auras', written, restored, failed });
}
export function restore(which: (id: string) => boolean = () => true): number {
  let n = 0;
  for (const [id, prev] of [...saved]) {
    if (!which(id)) continue;
    const m = graphic(id);
    if (m && write(m, prev)) n++;
    saved.delete(id);
  }
  return n;
}
