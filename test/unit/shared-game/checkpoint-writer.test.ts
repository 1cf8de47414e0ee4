// The checkpoint writer seals a long log in segments of LIMITS.segmentEvents, written once: the next
// checkpoint reuses a segment whose events the log still holds (the same objects, or the same JSON),
// and seals it again only where they changed.
import { describe, expect, it } from 'vitest';
import { CheckpointWriter, type Written } from '../../../src/shared-game/checkpoint';
import { LIMITS, type TableGame } from '../../../src/shared-game/model';
import { EMPTY_TABLE_GAME } from '../../../src/shared-game/play';
import { nodeCodec } from '../../support/owlbear-room';

const S = LIMITS.segmentEvents;
const event = (i: number) => ({ type: 'sideEdited', side: 'A', name: `n${i}` });

function gameWith(events: readonly unknown[]): TableGame {
  const root = EMPTY_TABLE_GAME.root;
  const stored = { config: {}, log: { events, cursor: events.length } };
  return {
    ...EMPTY_TABLE_GAME,
    root: { ...root, games: { ...root.games, 'hd-command': stored } } as unknown as TableGame['root'],
  };
}

const META = { scene: 's', gen: 1, by: 'gm.bg', covers: {}, lamport: 0, gm: {} };
const segmentParts = (w: Written) => [...w.parts].filter(([k]) => k.startsWith('hd-command.'));

describe('CheckpointWriter', () => {
  it('seals the log a tail behind its cursor, and reuses each sealed segment while the log keeps its events', async () => {
    const events = Array.from({ length: 3 * S + LIMITS.tailEvents + 100 }, (_, i) => event(i));
    const writer = new CheckpointWriter(nodeCodec);
    const first = await writer.write(gameWith(events), META);
    const sealed = segmentParts(first);
    // Three segments sealed (the cursor stands a tail past each).
    expect(new Set(sealed.map(([k]) => k.split('.').slice(0, 2).join('.')))).toEqual(
      new Set(['hd-command.0', 'hd-command.1', 'hd-command.2']),
    );
    // One more event: the same segments, the very same parts.
    const second = await writer.write(gameWith([...events, event(-1)]), { ...META, gen: 2 });
    expect(segmentParts(second)).toEqual(sealed);
    // The same events as copies (a log read back from JSON): still the same parts.
    const copies = events.map((e) => ({ ...e }));
    expect(segmentParts(await writer.write(gameWith(copies), { ...META, gen: 3 }))).toEqual(sealed);
  });

  it('seals a segment again where its events changed, and only that one', async () => {
    const events = Array.from({ length: 3 * S + LIMITS.tailEvents + 100 }, (_, i) => event(i));
    const writer = new CheckpointWriter(nodeCodec);
    const first = new Map(segmentParts(await writer.write(gameWith(events), META)));
    const changed = [...events];
    changed[S + 5] = event(-5);
    const second = new Map(segmentParts(await writer.write(gameWith(changed), { ...META, gen: 2 })));
    const differs = [...second].filter(([k, v]) => first.get(k) !== v).map(([k]) => k.split('.')[1]);
    expect(new Set(differs)).toEqual(new Set(['1']));
  });
});
