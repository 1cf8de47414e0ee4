// The background page Owlbear loads (hidden) for every player while the room is open and the
// extension enabled. It plays the scene's shared game, draws the board view as this player's own
// local items, registers the context-menu entries on tokens, opens this player's sealed values when
// the game reads them, compacts the game when this client is the one chosen for it, tells the player
// when the table refused one of his actions, and answers the browser extension's bridge.
import OBR from '@owlbear-rodeo/sdk';
import { connectionOf } from '../src/adapters/owlbear/game';
import { errorText } from '../src/i18n/errors';
import { startFrameBridge } from './frame-bridge';
import { loadStrings } from './i18n';
import { registerMenus } from './menus';
import { Painter } from './painter';
import { SceneSession } from './session';

const strings = await loadStrings();
const session = await SceneSession.start('background', strings);
const painter = new Painter(session);
registerMenus(strings);
const bridge = startFrameBridge(session);

/** The client that compacts: the game master with the lowest connection id (or, without one present, the lowest of all). */
function compactor(): { chosen: boolean; live: Set<string> } {
  const everyone = [{ connectionId: session.me.connectionId, role: session.me.role }, ...session.party.map((p) => ({ connectionId: p.connectionId, role: p.role }))];
  const gms = everyone.filter((p) => p.role === 'GM');
  const lowest = (gms.length ? gms : everyone).map((p) => p.connectionId).sort()[0];
  return { chosen: lowest === session.me.connectionId, live: new Set(everyone.map((p) => p.connectionId)) };
}

let lastCompaction = 0;
const opening = new Map<string, number>();
const told = new Set<string>();

session.hooks.push(async () => {
  const sync = session.sync;
  const state = session.state;
  if (!sync || !state) return;
  // This player's sealed values the game has just read: opened for the table.
  const now = Date.now();
  const openings = sync.openings();
  if (openings?.type === 'scene/reveal') {
    const fresh = openings.values.filter((x) => (opening.get(x.seal) ?? 0) < now - 10_000);
    if (fresh.length) {
      for (const x of fresh) opening.set(x.seal, now);
      void session.submit({ type: 'scene/reveal', values: fresh });
    }
  }
  // Actions of this player's the table refused after all (another player's came first).
  for (const r of state.refused) {
    if (told.has(r.id)) continue;
    told.add(r.id);
    void OBR.notification.show(`Command Post: ${strings.t(errorText(r.error))}`, 'WARNING').catch(() => undefined);
  }
  const { chosen, live } = compactor();
  if (chosen && now - lastCompaction > 2000 && sync.needsCompaction(live)) {
    lastCompaction = now;
    await OBR.scene.setMetadata(await sync.compact(live)).catch(() => undefined);
  }
});

// A write whose echo never came (Owlbear busy, a dropped connection) is made again.
setInterval(() => {
  if (!session.sceneReady) return;
  const heal = session.sync?.heal();
  if (heal) void OBR.scene.setMetadata(heal).catch(() => undefined);
}, 5000);

// What the benchmark and the browser tests read: the last move's main-thread time and SDK calls, what was dropped.
Object.assign(globalThis, {
  commandPostOwlbear: () => ({
    recomputeMs: session.lastMs,
    paint: { ...painter.stats },
    dropped: { bridge: bridge.dropped(), scene: session.state?.dropped.length ?? 0, tokens: session.read?.dropped.length ?? 0 },
    writer: session.sync?.identity.writer ?? null,
    connection: connectionOf(session.sync?.identity.writer ?? '.'),
  }),
});
document.documentElement.setAttribute('data-ready', '');
