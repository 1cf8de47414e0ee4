import { describe, expect, it } from 'vitest';
import { dc, formatProfile, parseProfile, pickable, type DcEvent, type DcState } from '../../../src/rules/dc';

const play = (events: DcEvent[]): DcState =>
  events.reduce((s, e) => {
    const next = dc.apply(s, e);
    if (!next.ok) throw new Error(`${e.type}: ${JSON.stringify(next.error)}`);
    return next.value;
  }, dc.initialState(dc.defaultConfig));

describe('leader profiles NdX/R', () => {
  it('parses valid ones, spaces and case included', () => {
    expect(parseProfile('2D6/1')).toEqual({ ok: true, value: { dice: 2, die: 6, radius: 1 } });
    expect(parseProfile(' 4 d8 / 3 ')).toEqual({ ok: true, value: { dice: 4, die: 8, radius: 3 } });
    expect(formatProfile({ dice: 5, die: 10, radius: 5 })).toBe('5D10/5');
  });
  it('refuses each wrong part with its own reason', () => {
    expect(parseProfile('6D8/3')).toEqual({
      ok: false,
      error: { code: 'dc-profile-dice', params: { dice: 6, min: 2, max: 5 } },
    });
    expect(parseProfile('4D7/3')).toEqual({ ok: false, error: { code: 'dc-profile-die', params: { die: 7 } } });
    expect(parseProfile('4D8/0')).toEqual({
      ok: false,
      error: { code: 'dc-profile-radius', params: { radius: 0, min: 1, max: 5 } },
    });
    expect(parseProfile('4D8')).toMatchObject({ ok: false, error: { code: 'dc-profile-format' } });
  });
});

// The Desharbes layout (test/unit/dc/activation.test.ts), plus a native unit and a far unit.
const layout: DcEvent[] = [
  { type: 'leaderAdded', side: 'colonial', name: 'Desharbes', profile: '4D8/3', at: { q: 0, r: 0 } },
  { type: 'unitAdded', side: 'colonial', name: 'i1', at: { q: 0, r: -3 } },
  { type: 'unitAdded', side: 'colonial', name: 'i2', losses: 1, at: { q: 1, r: -3 } },
  { type: 'unitAdded', side: 'colonial', name: 'i3', losses: 4, at: { q: 2, r: -3 } },
  { type: 'unitAdded', side: 'colonial', name: 'i4', losses: 1, at: { q: 3, r: -3 } },
  { type: 'unitAdded', side: 'colonial', name: 'cav', at: { q: 3, r: 0 } },
  { type: 'unitAdded', side: 'colonial', name: 'far', at: { q: -4, r: 0 } },
  { type: 'unitAdded', side: 'colonial', name: 'unplaced' },
  { type: 'unitAdded', side: 'native', name: 'warriors', at: { q: 0, r: 5 } },
  { type: 'start' },
  { type: 'initiativeGained', side: 'colonial' },
  { type: 'leaderActivated', leader: 'L1' },
];

describe('picking units (greyed with the reason)', () => {
  const state = play(layout);
  const leader = state.leaders[0]!;
  const reasons = (picked: string[]) =>
    Object.fromEntries(pickable(state, leader, picked).map((p) => [p.unit.name, p.refusal?.code ?? null]));

  it('range through the engine, own side only, unplaced units left to the player', () => {
    expect(reasons([])).toEqual({
      i1: null,
      i2: null,
      i3: null,
      i4: null,
      cav: null,
      far: 'dc-out-of-range',
      unplaced: null,
    });
    expect(pickable(state, leader, []).find((p) => p.unit.name === 'i1')!.distance).toBe(3);
  });
  it('pairwise spread against the units already picked, and the dice limit', () => {
    expect(reasons(['U2'])).toMatchObject({ cav: 'dc-spread-too-wide', i4: null });
    expect(reasons(['U2', 'U3', 'U4', 'U5'])).toMatchObject({
      cav: 'dc-too-many-units',
      unplaced: 'dc-too-many-units',
    });
  });
  it('the player vouches when a position is missing', () => {
    const command = (word?: { inRange: boolean; adjacent: boolean }) =>
      dc.apply(state, { type: 'unitsCommanded', units: ['U2', 'U8'], ...(word ? { word } : {}) });
    expect(command()).toMatchObject({ ok: false, error: { code: 'dc-word-needed' } });
    expect(command({ inRange: true, adjacent: true })).toMatchObject({
      ok: true,
      value: { initiative: { command: { adjacent: true, checked: false } } },
    });
  });
});

describe('the path reading (house rule)', () => {
  it('a game saved before the setting existed keeps the straight line; a configure without it leaves it alone', () => {
    expect(dc.parseConfig({ houseRules: { threshold: 4, fragileThreshold: 6 } })).toEqual({
      ok: true,
      value: { houseRules: { threshold: 4, fragileThreshold: 6, path: 'straight-line' } },
    });
    expect(dc.parseConfig({ houseRules: { threshold: 4, fragileThreshold: 6, path: 'diagonal' } }).ok).toBe(false);
    const parsed = dc.parseEvent({ type: 'configure', houseRules: { threshold: 3 } });
    expect(parsed).toEqual({ ok: true, value: { type: 'configure', houseRules: { threshold: 3 } } });
    const around = play([
      { type: 'configure', houseRules: { path: 'around-enemies' } },
      parsed.ok ? parsed.value : { type: 'start' },
    ]);
    expect(around.config.houseRules).toEqual({ threshold: 3, fragileThreshold: 6, path: 'around-enemies' });
  });

  it('the greyed unit shows the reason of the reading in force', () => {
    const blocked: DcEvent[] = [
      { type: 'leaderAdded', side: 'colonial', name: 'Desharbes', profile: '4D8/3', at: { q: 0, r: 0 } },
      { type: 'unitAdded', side: 'colonial', name: 'Zouaves', at: { q: 2, r: 0 } },
      { type: 'unitAdded', side: 'colonial', name: 'Spahis', at: { q: -3, r: 0 } },
      { type: 'unitAdded', side: 'native', name: 'Warriors', at: { q: 1, r: 0 } },
      { type: 'unitAdded', side: 'native', name: 'Tirailleurs', at: { q: -2, r: 0 } },
      { type: 'start' },
      { type: 'initiativeGained', side: 'colonial' },
      { type: 'leaderActivated', leader: 'L1' },
    ];
    const refusals = (s: DcState) =>
      Object.fromEntries(pickable(s, s.leaders[0]!, []).map((p) => [p.unit.name, p.refusal]));
    expect(refusals(play(blocked))).toEqual({
      Zouaves: { code: 'dc-path-blocked', params: { unit: 'Zouaves', blocker: 'Warriors' } },
      Spahis: { code: 'dc-path-blocked', params: { unit: 'Spahis', blocker: 'Tirailleurs' } },
    });
    expect(refusals(play([{ type: 'configure', houseRules: { path: 'around-enemies' } }, ...blocked]))).toEqual({
      Zouaves: null,
      Spahis: { code: 'dc-path-no-detour', params: { unit: 'Spahis', radius: 3 } },
    });
  });
});
