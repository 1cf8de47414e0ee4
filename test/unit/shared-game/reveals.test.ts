// A player's sealed values opened for the table (src/shared-game/reveals.ts): at once, and again only
// once HOST_TIMING.revealAgainMs has passed without the opening landing.
import { describe, expect, it } from 'vitest';
import { HOST_TIMING } from '../../../src/shared-game/policy';
import { Reveals } from '../../../src/shared-game/reveals';

const v = (seal: string) => ({ seal, value: 1 });

describe('reveals', () => {
  it('opens a value at once, not again before revealAgainMs, again after', () => {
    const r = new Reveals();
    expect(r.due([v('a')], 0).map((x) => x.seal)).toEqual(['a']);
    expect(r.due([v('a')], HOST_TIMING.revealAgainMs - 1)).toEqual([]);
    expect(r.due([v('a'), v('b')], HOST_TIMING.revealAgainMs).map((x) => x.seal)).toEqual(['b']);
    expect(r.due([v('a'), v('b')], HOST_TIMING.revealAgainMs + 1).map((x) => x.seal)).toEqual(['a']);
  });

  it('remembers a bounded number of seals (a table open for hours)', () => {
    const r = new Reveals();
    const many = Array.from({ length: 1500 }, (_, i) => v(`s${i}`));
    expect(r.due(many, 0)).toHaveLength(1500);
    // The oldest 500 were forgotten: asked again, they are due again; the newest are not.
    expect(r.due([v('s0'), v('s1499')], 1).map((x) => x.seal)).toEqual(['s0']);
  });
});
