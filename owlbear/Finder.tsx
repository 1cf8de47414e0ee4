// Who is out, in one key, on Owlbear: the popover's button (and N, Shift+N while it has the focus)
// steps through the figures out of command and the leaders who cannot command (src/board/finder.ts),
// turns this player's view to each (Owlbear's viewport, its scale kept) and selects it, which opens
// its words on his board; the popover says who and why.
import OBR from '@owlbear-rodeo/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { finderStops, nextStop, sayStop, type FinderStop } from '../src/board/finder';
import { text } from '../src/i18n/text';
import type { SceneSession } from './session';

/** Turns the player's view so that the figure stands in its middle (screen = scene · scale + position), and selects it. */
async function centreOn(stop: FinderStop): Promise<void> {
  const [scale, width, height] = await Promise.all([
    OBR.viewport.getScale(),
    OBR.viewport.getWidth(),
    OBR.viewport.getHeight(),
  ]);
  await OBR.viewport.animateTo({ position: { x: width / 2 - stop.x * scale, y: height / 2 - stop.y * scale }, scale });
  await OBR.player.select([stop.token], true);
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

export function FinderRow({ session }: { session: SceneSession }) {
  const [said, setSaid] = useState('');
  // The figure last found: Owlbear tells this page of the new selection a moment after, and a second press must go on from it.
  const last = useRef<string | null>(null);
  const stops = session.run ? finderStops(session.run.view) : [];
  const tr = (key: string, ...subs: (string | number)[]) => session.strings.t(text(key, ...subs));
  const find = (step: 1 | -1) => {
    // The stops of this render (findRef below is the newest render's find, for the keys too).
    const next = nextStop(stops, last.current ?? session.selection[0] ?? null, step);
    last.current = next?.stop.token ?? null;
    setSaid(sayStop(next, stops.length, session.strings.t, session.strings.lang));
    if (next) void centreOn(next.stop).catch(() => setSaid(tr('board_finder_unmoved')));
  };
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'n' || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      e.preventDefault();
      findRef.current(e.shiftKey ? -1 : 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <p class="owlbear-finder">
      <button
        type="button"
        data-testid="owlbear-finder"
        disabled={stops.length === 0}
        aria-keyshortcuts="N Shift+N"
        title={tr('board_finder_keys')}
        onClick={() => find(1)}
      >
        {tr('board_finder', stops.length)}
      </button>{' '}
      <span role="status" data-testid="owlbear-finder-said">
        {said}
      </span>
    </p>
  );
}
