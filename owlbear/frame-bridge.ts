// The Command Post frame's side of the bridge to the browser extension (src/adapters/owlbear/bridge.ts):
// it says hello to the top window at Owlbear's origin, takes messages only from that origin and that
// window, checks each, plays requests on the scene's game as this player, and sends the scene's
// state (game, board, who the player is) whenever it changes, at most four times a second.
import { SUMMARY_EVERY_MS } from '../src/board/summary';
import { decode } from 'js-base64';
import * as v from 'valibot';
import { BRIDGE_NS, isBridgeMessage, toFrameSchema, type BridgeFromFrame } from '../src/adapters/owlbear/bridge';
import type { TablePlayer } from '../src/adapters/tab-port';
import { parseRequest } from '../src/store/requests';
import { DESCRIPTORS } from '../src/rules';
import type { SceneSession } from './session';

/**
 * Owlbear's origin, read from the page's address exactly as the SDK reads it (@owlbear-rodeo/sdk
 * src/common/getDetails.ts): `?obrref=` decoded with js-base64's lenient `decode` (URL-safe alphabet,
 * padding optional, stray characters ignored), then exactly two space-separated parts, origin and room.
 * Where the SDK would find no host, neither do we.
 */
export function hostOrigin(search: string = location.search): string | null {
  const ref = new URLSearchParams(search).get('obrref');
  if (!ref) return null;
  const parts = decode(ref).split(' ');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  try {
    return new URL(parts[0]).origin;
  } catch {
    return null;
  }
}

export function playerOf(session: SceneSession): TablePlayer | null {
  const state = session.state;
  if (!state) return null;
  const seats = state.game.seats;
  const mine = seats[session.me.id]?.seats ?? [];
  const sides = DESCRIPTORS[state.root.activeSystem].sides;
  const seated = Object.keys(seats).length > 0;
  return {
    name: session.me.name.slice(0, 200),
    role: session.me.role,
    seated,
    sides: (seated && session.me.role !== 'GM'
      ? mine.map((i) => sides[i]).filter((s): s is string => s !== undefined)
      : [...sides]
    ).slice(0, 16),
  };
}

export function startFrameBridge(session: SceneSession): { readonly dropped: () => number } {
  const host = hostOrigin();
  let dropped = 0;
  if (!host || window.top === window || !window.top) return { dropped: () => dropped };
  const top = window.top;
  let welcomed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const post = (message: BridgeFromFrame) => top.postMessage(message, host);
  const push = () => {
    timer = null;
    last = Date.now();
    post({
      ns: BRIDGE_NS,
      type: 'bridge/state',
      root: session.root,
      board: session.summary,
      player: playerOf(session),
    });
  };
  const schedule = () => {
    if (!welcomed || timer) return;
    // (At most every SUMMARY_EVERY_MS, as every tabletop reports its board; the first at once.)
    timer = setTimeout(push, Math.max(0, SUMMARY_EVERY_MS - (Date.now() - last)));
  };
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isBridgeMessage(event.data)) return;
    // Only Owlbear's page (where the browser extension's content script runs) may speak to us.
    if (event.origin !== host || event.source !== top) {
      dropped++;
      return;
    }
    const parsed = v.safeParse(toFrameSchema, event.data);
    if (!parsed.success) {
      dropped++;
      return;
    }
    const m = parsed.output;
    if (m.type === 'bridge/ping') {
      post({ ns: BRIDGE_NS, type: 'bridge/hello', v: 1 });
      return;
    }
    if (m.type === 'bridge/welcome') {
      welcomed = true;
      push();
      return;
    }
    if (m.type === 'bridge/ticks') {
      session.setTicks(m.system, m.ticks);
      return;
    }
    const request = parseRequest(m.request);
    if (!request.ok) {
      dropped++;
      post({ ns: BRIDGE_NS, type: 'bridge/response', rid: m.rid, response: request });
      return;
    }
    void session
      .send(request.value)
      .then((response) => post({ ns: BRIDGE_NS, type: 'bridge/response', rid: m.rid, response }));
  });
  session.onChange(schedule);
  post({ ns: BRIDGE_NS, type: 'bridge/hello', v: 1 });
  return { dropped: () => dropped };
}
