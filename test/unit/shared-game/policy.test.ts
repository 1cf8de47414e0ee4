// The shared game's time constants (src/shared-game/policy.ts): each labelled, liveness or what it
// still decides, so that the debt of outcomes a clock decides stays in sight and can only shrink on purpose.
import { expect, it } from 'vitest';
import { DECIDES, LIVENESS, SYNC_TIMING } from '../../../src/shared-game/policy';

it('every time constant is labelled once: liveness, or what outcome it still decides', () => {
  const names = Object.keys(SYNC_TIMING);
  for (const name of names) {
    const labels = Number(LIVENESS.includes(name as keyof typeof SYNC_TIMING)) + Number(name in DECIDES);
    expect(labels, name).toBe(1);
  }
  for (const [name, what] of Object.entries(DECIDES))
    expect(what!.length, `${name} says what it decides`).toBeGreaterThan(20);
});

it('the constants that decide an outcome are the ones listed, no more (3 of 11 today)', () => {
  expect(Object.keys(DECIDES).sort()).toEqual(['forgetMs', 'giveUpMs', 'roleGraceMs']);
});
