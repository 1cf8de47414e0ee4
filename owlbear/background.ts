// The background page Owlbear loads (hidden) for every player while the room is open and the
// extension enabled. It is its connection's one writer: it plays the scene's shared game, writes this
// player's actions (his popover's too, ./pages.ts) and writes them again until the scene holds them,
// publishes what it signs in its own player metadata, draws the board view as this player's own local
// items, registers the context-menu entries on tokens, opens this player's sealed values when the
// game reads them, compacts the game (and keeps the checkpoint as it wrote it) when this client is the
// game master's, tells the player when the table refused one of his actions, and answers the browser
// extension's bridge.
import OBR from '@owlbear-rodeo/sdk';
import { RECORD_KEY, connectionOf } from '../src/adapters/owlbear/keys';
import { PageLoop } from '../content/page-loop';
import { parseSceneRequest } from '../src/shared-game/requests';
import { Reveals } from '../src/shared-game/reveals';
import { errorText } from '../src/i18n/errors';
import { startFrameBridge } from './frame-bridge';
import { loadStrings } from './i18n';
import { registerMenus } from './menus';
import { backgroundChannel } from './pages';
import { followLegend } from './legend-setting';
import { Painter } from './painter';
import { rateLimited } from './pace';
import { SceneSession } from './session';

const strings = await loadStrings();
const session = await SceneSession.start('background', strings);
const painter = new Painter(session);
void followLegend((shown) => {
  painter.legend = shown;
  painter.paint();
});
registerMenus(strings, session.pace);
const bridge = startFrameBridge(session);

// This connection's record, in its own player metadata (which only it writes): published whenever the
// game signs something new, and again after Owlbear refused it. It takes its turn with the scene's
// writes (./pace.ts): what the game signs meanwhile goes in the same write.
let published = JSON.stringify(session.book.record);
let publishing = false;
let publishAfter = 0;
async function publish(): Promise<void> {
  if (JSON.stringify(session.book.record) === published || publishing || Date.now() < publishAfter) return;
  publishing = true;
  // The scene write of the change that signed this asks for its turn just after: it goes first.
  await new Promise((r) => setTimeout(r, 0));
  await session.pace.turn();
  const record = session.book.record;
  const text = JSON.stringify(record);
  const answer = await OBR.player.setMetadata({ [RECORD_KEY]: record }).then(
    () => 'ok' as const,
    (e: unknown) => (rateLimited(e) ? ('busy' as const) : ('refused' as const)),
  );
  publishing = false;
  if (answer === 'refused') publishAfter = Date.now() + 2000;
  else {
    if (answer === 'ok') {
      session.pace.accepted();
      published = text;
    } else session.pace.refused();
    void publish();
  }
}
session.book.onChange(() => void publish());

// The popover's actions come here to be written; it mirrors the ops this page keeps.
const pages = backgroundChannel(OBR.room.id, session.me.connectionId);
let told = '';
const tellPopover = (force = false) => {
  const ops = session.sync?.ownOps ?? [];
  const refused = (session.sync?.refusedLately ?? []).map((d) => ({
    key: d.key.slice(0, 200),
    problem: d.problem.slice(0, 400),
    ...(d.error ? { error: d.error } : {}),
    ...(d.forged ? { forged: true } : {}),
  }));
  const failures = session.sync?.failing ?? 0;
  const unvouched = session.sync?.unvouched ?? null;
  const now = JSON.stringify([ops, refused, failures, unvouched]);
  if (!force && now === told) return;
  told = now;
  pages.post({ type: 'own', ops: [...ops], refused, failures, unvouched });
};
session.afterSubmit = () => tellPopover();
session.onChange(() => tellPopover());
pages.on((m) => {
  if (m.type === 'hello') return tellPopover(true);
  if (m.type === 'ticks') return session.setTicks(m.system, m.ticks);
  if (m.type === 'choose' || m.type === 'choose-unproven') {
    if (session.me.role !== 'GM') return;
    const sync = session.sync;
    void (m.type === 'choose' ? sync?.choose(m.choice) : sync?.chooseUnproven(m.choice))?.then((write) => {
      if (write) session.write(write, sync);
      session.refresh();
    });
    return;
  }
  if (m.type === 'retry') {
    publishAfter = 0;
    void publish();
    const write = session.sync?.retryNow();
    if (write) session.write(write);
    return;
  }
  const request = parseSceneRequest(m.request);
  if (!request.ok) return pages.post({ type: 'answer', rid: m.rid, response: { ok: false, error: request.error } });
  void session.submit(request.value).then((response) => {
    tellPopover();
    pages.post({
      type: 'answer',
      rid: m.rid,
      response: response.ok ? { ok: true } : { ok: false, error: response.error },
    });
  });
});

const reveals = new Reveals();
const notified = new Set<string>();

/** Compacts when this client is the game master's and one is due (src/shared-game/sync.ts `compactDue`). Its write waits its turn: the scene's reading does not. */
async function compact(): Promise<void> {
  const sync = session.sync;
  const write = await sync?.compactDue();
  if (write && sync) session.write(write, sync);
}

session.hooks.push(async () => {
  const sync = session.sync;
  const state = session.state;
  if (!sync || !state) return;
  // This player's sealed values the game has just read: opened for the table.
  const openings = sync.openings();
  if (openings?.type === 'scene/reveal') {
    const fresh = reveals.due(openings.values, Date.now());
    if (fresh.length) void session.submit({ type: 'scene/reveal', values: fresh });
  }
  // Actions of this player's the table refused after all (another player's came first).
  for (const r of state.refused) {
    if (notified.has(r.id)) continue;
    notified.add(r.id);
    void OBR.notification.show(`Command Post: ${strings.t(errorText(r.error))}`, 'WARNING').catch(() => undefined);
  }
  await compact();
});

// A write Owlbear refused, or whose echo never came, or that a stale copy undid: made again until
// the scene holds it, whether or not anything else happens at the table. (The tick every tabletop's
// page runs: content/page-loop.ts.)
const loop = new PageLoop();
loop.tick(() => {
  void publish();
  if (!session.sceneReady) return;
  // What waits on time alone (a key written over, a checkpoint no one signs, this page's own pages to come back) is read again.
  if (session.sync?.waiting) session.refresh();
  session.heal();
  void compact();
  // A pending action turning into a failed one (a write refused again) is news for the popover.
  session.emitIfUnsentChanged();
  tellPopover();
});

// What the benchmark and the browser tests read: the last move's main-thread time and SDK calls, what was dropped.
Object.assign(globalThis, {
  commandPostOwlbear: () => ({
    recomputeMs: session.lastMs,
    paint: { ...painter.stats },
    dropped: {
      bridge: bridge.dropped(),
      pages: pages.dropped(),
      scene: session.state?.dropped.length ?? 0,
      tokens: session.read?.dropped.length ?? 0,
    },
    refused: session.state?.refusedCount ?? 0,
    unsent: session.state?.unsent ?? [],
    writer: session.sync?.identity.writer ?? null,
    connection: connectionOf(session.sync?.identity.writer ?? '.'),
  }),
});
document.documentElement.setAttribute('data-ready', '');
